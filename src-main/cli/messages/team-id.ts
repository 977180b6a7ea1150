/** What `rekap team …` and the team options say, in Indonesian; team-en.ts has the same keys. */
export const teamId = {
  initDone: (target: string, from: number, to: number) =>
    from === to ? `penyimpanan tim ${target}: skema sudah versi ${to}; tidak ada yang diubah` : `penyimpanan tim ${target}: skema versi ${from} → ${to}`,
  joined: (desk: string, role: string) => `meja "${desk}" bergabung sebagai peran ${role}`,
  noTeam: 'perintah ini memerlukan penyimpanan tim: berikan --team postgres://… atau setel REKAP_TEAM',
  statusHead: (target: string, month: string) => `tim ${target} · bulan ${month}`,
  desks: 'meja',
  desk: (name: string, host: string, seen: string, role: string) => `  ${name} (${host}), terakhir terlihat ${seen} sebagai ${role}`,
  operators: 'operator (peran basis data)',
  operator: (role: string, desks: string) => `  ${role}: ${desks}`,
  running: 'pekerjaan berjalan',
  job: (desk: string, job: string, kind: string, state: string, done: number, total: number, op: string) =>
    `  ${desk} ${job} ${kind} ${state} ${done}/${total} (${op})`,
  none: '  (tidak ada)',
  money: (spent: string, charges: number, reuses: number) => `bulan ini: ${spent} dibelanjakan, ${charges} tagihan, ${reuses} pakai ulang`,
  notYet: 'belum tersedia (tabel koordinasi belum ada)',
  budgetLeft: (v: string) => `sisa anggaran tim: ${v}`,
  hits: (v: string) => `hit bulan ini: ${v}`,
  rate: (v: string) => `laju terpakai: ${v}`,
  makerChecker: (on: boolean) => `empat mata (pembuat tidak menyetujui pasangannya sendiri): ${on ? 'aktif' : 'mati'}`,
  settingsDone: (on: boolean) => `empat mata sekarang ${on ? 'aktif' : 'mati'} untuk seluruh tim`,
  insecureWarning: 'rekap: peringatan: --team-insecure: koneksi ke penyimpanan tim tidak memeriksa sertifikat server\n',
}
