/**
 * The words for the columns a job kind reads (its fields) and for the directory records' columns:
 * shared by the kinds (core/kinds/<kind>/words.ts picks its own from here, or brings new ones) and the
 * Directory screen, so a column is not worded twice. A kind's picked words reach the renderer in its
 * KindView (app.info).
 */
export type FieldWordsLang = 'id' | 'en'

const ID = {
  query: 'Teks pencarian',
  accreditation: 'Akreditasi',
  services: 'Layanan',
  province_name: 'Nama provinsi',
  image1: 'Foto KTP',
  image2: 'Foto selfie',
  nik: 'NIK',
  name: 'Nama',
  code: 'Kode RS',
  npsn: 'NPSN',
  regency_code: 'Kode kabupaten/kota',
  province_code: 'Kode provinsi',
  grade: 'Jenjang',
  status: 'Status',
  class: 'Kelas',
  type: 'Jenis',
  ownership: 'Kepemilikan',
  blu_status: 'Status BLU',
  address: 'Alamat',
}

export type FieldWordName = keyof typeof ID

export const FIELD_WORDS: Record<FieldWordsLang, Record<FieldWordName, string>> = {
  id: ID,
  en: {
    query: 'Search text',
    accreditation: 'Accreditation',
    services: 'Services',
    province_name: 'Province name',
    image1: 'ID card (KTP) photo',
    image2: 'Selfie photo',
    nik: 'NIK',
    name: 'Name',
    code: 'Hospital code',
    npsn: 'NPSN',
    regency_code: 'Regency/city code',
    province_code: 'Province code',
    grade: 'Grade',
    status: 'Status',
    class: 'Class',
    type: 'Type',
    ownership: 'Ownership',
    blu_status: 'BLU status',
    address: 'Address',
  },
}
