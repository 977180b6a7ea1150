/**
 * The directory side of the IPC contract (ipc.ts): the query a directory job or browse takes, regions, pages.
 */
import { z } from 'zod'

export const directoryQuerySchema = z
  .object({
    product: z.enum(['hospitals', 'schools']),
    provinceCodes: z.array(z.string().regex(/^\d{2}$/)).max(38).optional(),
    regencyCodes: z.array(z.string().regex(/^\d{4}$/)).max(514).optional(),
    /** schools: browse the cache by district (the service's school filter takes regencies only) */
    districtCodes: z.array(z.string().regex(/^\d{6}$/)).max(7300).optional(),
    class: z.string().max(20).optional(),
    type: z.string().max(60).optional(),
    ownership: z.string().max(20).optional(),
    blu_status: z.string().max(20).optional(),
    grade: z.string().max(20).optional(),
    status: z.enum(['N', 'S']).optional(),
    name: z.string().max(200).optional(),
    /** schools: accreditation filter (premium accounts only; 403 otherwise) */
    accreditation: z.string().max(10).optional(),
    /** hospitals: kept when their services list has these words (comma-separated); applied by rekap, not the service */
    services: z.string().max(200).optional(),
  })
  .strict()
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>

export interface RegionView {
  code: string
  name: string
  level: 'province' | 'regency' | 'district'
  parentCode: string | null
}

export interface DirectoryPage {
  total: number
  rows: Array<Record<string, unknown>>
}
