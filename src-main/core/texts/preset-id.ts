/** Why a preset is refused (core/unattended/presets.ts), in Indonesian; preset-en.ts has the same keys. */
export const presetTextsId = {
  'preset.badName': (p: { name: string }) => `nama preset "${p.name}": huruf, angka, _ . - (paling banyak 64)`,
  'preset.damaged': (p: { name: string; where: string }) => `preset "${p.name}" rusak: ${p.where}`,
}
