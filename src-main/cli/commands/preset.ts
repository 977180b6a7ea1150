import { Command, InvalidArgumentError } from 'commander'
import { t } from '../cli-language'
import { addRunSettingOptions } from './run'

/** `0.1` or `10%`: the share of rows that may fail pre-flight before an unattended run waits for a person. */
export function parseShare(v: string): number {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*(%?)\s*$/.exec(v)
  const n = m ? Number(m[1].replace(',', '.')) / (m[2] ? 100 : 1) : NaN
  if (!m || !(n >= 0 && n <= 1)) throw new InvalidArgumentError(t().usage.badShare(v))
  return n
}

/** rekap preset save | list | show | delete: named run settings (never the key). */
export function register(program: Command): void {
  const preset = program.command('preset')
  const save = preset
    .command('save')
    .argument('<name>')
    .option('--db <file>')
    .option('--out-dir <folder>')
    .option('--tz <zone>')
    .option('--max-failing <share>', '', parseShare)
  addRunSettingOptions(save).action(async (name: string, opts, command: Command) => {
    const { presetSaveCommand } = await import('../preset-command')
    // `--max-failing` is stored as maxFailingShare; the global --lang, when typed, as the preset's language
    const lang = command.parent?.parent?.getOptionValueSource('lang') === 'cli' ? command.parent?.parent?.opts().lang : undefined
    process.exitCode = await presetSaveCommand(name, { ...opts, maxFailingShare: opts.maxFailing, lang }, command)
  })
  preset
    .command('list')
    .option('--db <file>')
    .option('--json')
    .action(async (opts) => {
      const { presetListCommand } = await import('../preset-command')
      process.exitCode = await presetListCommand(opts)
    })
  for (const name of ['show', 'delete'] as const) {
    const cmd = preset.command(name).argument('<name>').option('--db <file>')
    if (name === 'show') cmd.option('--json')
    cmd.action(async (presetName: string, opts) => {
      const mod = await import('../preset-command')
      process.exitCode = await (name === 'show' ? mod.presetShowCommand(presetName, opts) : mod.presetDeleteCommand(presetName, opts))
    })
  }
}
