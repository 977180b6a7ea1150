import type { presetTextsId } from './preset-id'

/** Why a preset is refused, in English (the same keys as preset-id.ts). */
export const presetTextsEn: typeof presetTextsId = {
  'preset.badName': (p) => `preset name "${p.name}": letters, digits, _ . - (at most 64)`,
  'preset.damaged': (p) => `preset "${p.name}" is damaged: ${p.where}`,
}
