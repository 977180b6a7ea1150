// Compile-time proof that names.ts and the command/event maps list the same channels.
import type { CommandName, EventName } from './ipc'
import type { COMMAND_NAMES, EVENT_NAMES } from './names'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const commandsAgree: Same<(typeof COMMAND_NAMES)[number], CommandName> = true
const eventsAgree: Same<(typeof EVENT_NAMES)[number], EventName> = true
export const namesCheck = [commandsAgree, eventsAgree]
