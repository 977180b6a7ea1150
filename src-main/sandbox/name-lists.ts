/**
 * Word lists for the generated sandbox directory. Plausible Indonesian names only;
 * every record is fictitious (the README labels it sandbox data).
 */
export const FIRST_NAMES = [
  'Ahmad', 'Budi', 'Siti', 'Dewi', 'Agus', 'Rina', 'Hendra', 'Sri', 'Wahyu', 'Yuli', 'Andi', 'Fitri',
  'Bambang', 'Ratna', 'Eko', 'Nur', 'Dedi', 'Lestari', 'Joko', 'Indah', 'Rudi', 'Maya', 'Teguh', 'Ayu',
  'Hadi', 'Putri', 'Arif', 'Wulan', 'Fajar', 'Nanda', 'Irwan', 'Kartika', 'Made', 'Ketut', 'Yohanes',
  'Maria', 'Rizky', 'Anisa', 'Taufik', 'Desi',
]
export const LAST_NAMES = [
  'Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Lubis', 'Nasution', 'Siregar', 'Pratama', 'Kusuma',
  'Setiawan', 'Gunawan', 'Hutapea', 'Simanjuntak', 'Purnomo', 'Susanto', 'Rahman', 'Harahap', 'Tanjung',
  'Wibowo', 'Sitompul', 'Manurung', 'Halim', 'Salim', 'Suryadi', 'Mahendra', 'Putra', 'Utomo', 'Ginting',
]
export const DOCTOR_SUFFIXES = ['Sp.PD', 'Sp.B', 'Sp.A', 'Sp.OG', 'M.Kes', 'MARS', 'M.Kes', 'MARS', 'Sp.An', 'MPH']

export const STREETS = [
  'Sudirman', 'Ahmad Yani', 'Diponegoro', 'Gatot Subroto', 'Pahlawan', 'Merdeka', 'Imam Bonjol',
  'Veteran', 'Gajah Mada', 'Hasanuddin', 'Pattimura', 'Kartini', 'Cut Nyak Dien', 'Sisingamangaraja',
  'Raya Pendidikan', 'Pemuda', 'Kesehatan', 'Melati', 'Mawar', 'Flamboyan', 'Cendrawasih', 'Garuda',
  'Teuku Umar', 'Juanda', 'Slamet Riyadi', 'Pramuka', 'Bhayangkara', 'Lintas Timur', 'Poros', 'Masjid',
]

export const HOSPITAL_BRANDS = [
  'Siloam', 'Mitra Keluarga', 'Hermina', 'Awal Bros', 'Primaya', 'Muhammadiyah', 'Islam', 'Santo Yusup',
  'Medika', 'Permata', 'Sehat Sentosa', 'Harapan Bunda', 'Budi Kemuliaan', 'Advent', 'Bethesda',
  'Panti Rapih', 'Mayapada', 'Citra Husada', 'Kasih Ibu', 'Aisyiyah', 'Bunda Medika', 'Pelita Harapan',
]
export const SPECIALTY_KINDS = ['Mata', 'Bedah', 'Jantung', 'Paru', 'Gigi dan Mulut', 'Orthopedi', 'Kanker', 'THT']

export const HOSPITAL_SERVICES = [
  'Instalasi Gawat Darurat', 'Rawat Jalan', 'Rawat Inap', 'Penyakit Dalam', 'Bedah Umum', 'Anak',
  'Obstetri dan Ginekologi', 'Radiologi', 'Laboratorium Klinik', 'Farmasi', 'Gizi', 'Fisioterapi',
  'Rehabilitasi Medik', 'Anestesi', 'Kardiologi', 'Neurologi', 'Mata', 'THT-KL', 'Kulit dan Kelamin',
  'Psikiatri', 'Gigi dan Mulut', 'Urologi', 'Orthopedi', 'Bedah Saraf', 'Paru', 'Hemodialisis', 'ICU',
  'NICU', 'PICU', 'HCU', 'Kamar Operasi', 'Bank Darah', 'Patologi Anatomi', 'Forensik', 'Onkologi',
  'Geriatri', 'Kedokteran Nuklir', 'Medical Check Up', 'Ambulans', 'Vaksinasi',
]

export const PRIVATE_SCHOOL_FOUNDATIONS = [
  'MUHAMMADIYAH', 'PGRI', 'KRISTEN', 'KATOLIK SANTO YOSEF', 'ISLAM TERPADU AL-HIKMAH', 'AL-AZHAR',
  'TAMAN SISWA', 'BINA BANGSA', 'NUSANTARA', 'HARAPAN BANGSA', 'PELITA', 'ADVENT', 'BUDI UTAMA',
  'TUNAS BANGSA', "NAHDLATUL ULAMA", 'IT NURUL IMAN', 'DHARMA BHAKTI', 'KARYA MANDIRI',
]
export const SMK_PROGRAM_WORDS = ['TEKNOLOGI', 'KESEHATAN', 'PERTANIAN', 'BISNIS', 'PARIWISATA', 'TEKNIK']
