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
  published: (job: string, state: string, desk: string, pairs: number) => `pekerjaan ${job} (${state}) diterbitkan dari meja ${desk}; ${pairs} pasangan baru di antrean tim`,
  review: {
    badItems: (raw: string) => `--item "${raw}": nomor pasangan, dipisah koma (mis. 12 atau 12,13)`,
    noBy: 'di antrean tim yang memutuskan adalah peran basis data yang Anda pakai untuk masuk, bukan nama yang diketik: hapus --by',
    noJobRow: 'antrean tim memuat pasangan semua meja: pakai --next atau --item ID, bukan pekerjaan atau --row',
    needsDecision: '--item perlu --decision approve|reject|retake|skip|flag',
    needsItem: '--decision perlu --item ID (pasangan yang diputuskan; ambil dengan --next)',
    recorded: (item: number, desk: string, job: string, row: number, decision: string, by: string) =>
      `pasangan ${item} (meja ${desk}, pekerjaan ${job}, baris ${row}): ${decision} oleh ${by} dicatat`,
    empty: 'antrean tim kosong: tidak ada pasangan yang menunggu',
    nothingToClaim: 'tidak ada pasangan yang bisa diambil (semua sudah diputuskan atau sedang diklaim peninjau lain)',
    claimedBy: (role: string) => `diklaim ${role}`,
    decideWith: 'ambil dengan: rekap review --team … --next; putuskan dengan: rekap review --team … --item ID --decision approve|reject|retake [--note TEKS]',
  },
}
