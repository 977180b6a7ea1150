import { formatRp } from '../../contract/rupiah'

/** What `rekap team budget` and `rekap team balance` say, in both languages (the same keys). */
export const teamMoneyId = {
  budgetSet: (rp: number, month: string) => `batas biaya tim bulan ${month}: ${formatRp(rp, 'id')}`,
  balanceSet: (rp: number) => `saldo tim dinyatakan: ${formatRp(rp, 'id')} (tagihan mulai sekarang mengurangi saldo ini)`,
  left: (spent: number, reserved: number, budgetLeft: string, balanceLeft: string) =>
    `bulan ini terpakai ${formatRp(spent, 'id')}, dipesan ${formatRp(reserved, 'id')}; sisa batas biaya ${budgetLeft}; sisa saldo ${balanceLeft}`,
  none: 'tidak diatur',
}

export const teamMoneyEn: typeof teamMoneyId = {
  budgetSet: (rp, month) => `team budget for ${month}: ${formatRp(rp, 'en')}`,
  balanceSet: (rp) => `team balance stated: ${formatRp(rp, 'en')} (charges from now on count against it)`,
  left: (spent, reserved, budgetLeft, balanceLeft) =>
    `this month ${formatRp(spent, 'en')} spent, ${formatRp(reserved, 'en')} reserved; budget left ${budgetLeft}; balance left ${balanceLeft}`,
  none: 'not set',
}

export const teamMoneyHelpId: Record<string, string> = {
  'team budget': 'Atur batas biaya tim untuk bulan ini (Rp), dipakai bersama semua meja',
  'team balance': 'Nyatakan saldo akun setelah isi ulang (Rp), dipakai bersama semua meja',
  'team budget <rp>': 'jumlah dalam Rupiah, mis. 20000 atau Rp20.000',
  'team balance <rp>': 'jumlah dalam Rupiah, mis. 500000 atau Rp500.000',
}
export const teamMoneyHelpEn: Record<string, string> = {
  'team budget': "Set the team's budget for this month (Rp), shared by every desk",
  'team balance': "State the account's balance after a top-up (Rp), shared by every desk",
  'team budget <rp>': 'an amount in Rupiah, e.g. 20000 or Rp20.000',
  'team balance <rp>': 'an amount in Rupiah, e.g. 500000 or Rp500.000',
}
