import { LocalBlock } from '../jobs/local-block'
import { coreText, type CoreText } from '../texts/core-text'

/**
 * The shared team store did not answer: nothing that needs coordination may be sent. The runner
 * blocks the job with this reason and continues by itself once the store answers again.
 */
export class TeamUnreachable extends LocalBlock {
  constructor(readonly detail: string | CoreText) {
    super('team-unreachable', coreText('block.teamUnreachable', { detail }))
  }
}
