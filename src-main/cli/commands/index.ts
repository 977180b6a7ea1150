import type { Command } from 'commander'
import * as sandbox from './sandbox'
import * as run from './run'
import * as jobControl from './job-control'
import * as exportCmd from './export'
import * as ui from './ui'
import * as directory from './directory'
import * as review from './review'
import * as verify from './verify'
import * as preset from './preset'
import * as watch from './watch'
import * as compare from './compare'
import * as team from './team'
import * as teamMoney from './team-money'

/**
 * Every subcommand lives in its own file beside this one and exports `register(program)`.
 * A register() only declares options; its action imports the implementation lazily so
 * `rekap --help` stays instant and does not load the face model or SQLite. The words of
 * `--help` are in messages/help-{id,en}.ts (main.ts puts them on the commands, in the user's
 * language); an option with a parser or a default keeps '' in the description's place.
 */
export function registerCommands(program: Command): void {
  for (const mod of [run, jobControl, exportCmd, directory, review, verify, preset, watch, compare, team, teamMoney, sandbox, ui]) mod.register(program)
}
