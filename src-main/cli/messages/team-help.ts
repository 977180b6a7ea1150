/** `--help` texts of team mode (spread into help-{id,en}.ts `texts`). */
export const teamHelpId: Record<string, string> = {
  '--team': 'penyimpanan tim PostgreSQL: postgres://peran@host:5432/basisdata (atau REKAP_TEAM); tanpa kata sandi di alamat',
  '--team-password-file': 'baca kata sandi penyimpanan tim dari berkas ini (atau PGPASSWORD, ~/.pgpass)',
  '--team-insecure': 'izinkan server tim di mesin lain tanpa sslmode=verify-full (tidak disarankan)',
  '--team-desk': 'nama meja ini di tim (atau REKAP_TEAM_DESK; bawaan: nama komputer)',
  'team': 'Mode tim: beberapa meja pada satu akun, dikoordinasikan lewat satu PostgreSQL',
  'team init': 'Buat atau migrasikan skema penyimpanan tim (aman dijalankan dua kali)',
  'team status': 'Meja, operator, pekerjaan berjalan, belanja dan hit bulan ini',
  'team status --json': 'cetak sebagai JSON',
  'team settings': 'Pengaturan seluruh tim (pemilik penyimpanan)',
  '--maker-checker': 'empat mata: operator yang menjalankan pekerjaan tidak boleh menyetujui pasangannya',
}
export const teamHelpEn: Record<string, string> = {
  '--team': 'PostgreSQL team store: postgres://role@host:5432/database (or REKAP_TEAM); no password in the address',
  '--team-password-file': 'read the team store password from this file (or PGPASSWORD, ~/.pgpass)',
  '--team-insecure': 'allow a team server on another machine without sslmode=verify-full (not advised)',
  '--team-desk': "this desk's name in the team (or REKAP_TEAM_DESK; default: the computer's name)",
  'team': 'Team mode: several desks on one account, coordinated through one PostgreSQL',
  'team init': 'Create or migrate the team store schema (safe to run twice)',
  'team status': 'Desks, operators, running jobs, spend and hits this month',
  'team status --json': 'print as JSON',
  'team settings': 'Team-wide settings (the store owner)',
  '--maker-checker': 'four eyes: the operator who ran a job cannot approve its pairs',
}
