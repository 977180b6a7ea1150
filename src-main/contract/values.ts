/**
 * Value schemas the IPC contract (ipc.ts) and its views share: job kind, job id, language, row filter.
 */
import { z } from 'zod'
import { JOB_KINDS } from './job-kinds'
import { VERDICTS } from './verdicts'

export const jobKindSchema = z.enum(JOB_KINDS)
export type JobKindView = z.infer<typeof jobKindSchema>

export const jobIdSchema = z.string().regex(/^[a-z0-9]{3,40}$/i, 'not a job id')
export const langSchema = z.enum(['id', 'en'])
export type Lang = z.infer<typeof langSchema>

export const rowFilterSchema = z
  .object({
    states: z.array(z.enum(['pending', 'in-flight', 'done', 'failed', 'uncertain'])).max(5).optional(),
    /** rows whose verdict (the label they show, core/verdict.ts) is this one */
    verdict: z.enum(VERDICTS).optional(),
    charged: z.boolean().optional(),
    text: z.string().max(200).optional(),
  })
  .strict()
