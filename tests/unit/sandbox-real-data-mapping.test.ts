import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../src-main/core/csv/csv-text'
import {
  mapBluStatus,
  mapHospitalClass,
  mapHospitalType,
  mapOwnership,
  mapSchoolGrade,
  mapSchoolStatus,
} from '../../src-main/sandbox/real-data'

describe('CSV reader', () => {
  it('handles quotes, doubled quotes, commas and newlines inside quotes, CRLF and a missing final newline', () => {
    const rows: string[][] = []
    parseCsv('a,b,c\r\n"x, y","say ""hi""","line1\nline2"\n1,,3', (r) => rows.push(r))
    expect(rows).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line1\nline2'],
      ['1', '', '3'],
    ])
  })
})

describe('registry values -> spec enums', () => {
  it.each([
    ['Rumah Sakit Umum', 'Rumah Sakit Umum'],
    ['Rumah Sakit Khusus Ibu dan Anak', 'Rumah Sakit Ibu dan Anak'],
    ['Rumah Sakit Khusus Jiwa', 'Rumah Sakit Jiwa'],
    ['Rumah Sakit Khusus Mata', 'Rumah Sakit Khusus'],
    ['Rumah Sakit Ketergantungan Obat', 'Rumah Sakit Khusus'],
    ['RS Kapal/Bergerak', 'Rumah Sakit Umum'],
  ])('type %s -> %s', (source, expected) => expect(mapHospitalType(source)).toBe(expected))

  it('class, BLU status and ownership', () => {
    expect(['A', 'B', 'C', 'D', 'D PRATAMA', ''].map(mapHospitalClass)).toEqual(['A', 'B', 'C', 'D', 'D', 'D'])
    expect(['BLU', 'BLUD', 'Non BLU/BLUD'].map(mapBluStatus)).toEqual(['BLUD', 'BLUD', 'Non BLUD'])
    expect(
      ['Pemkab', 'Pemkot', 'Pemprop', 'TNI AD', 'TNI AL', 'POLRI', 'Kemkes', 'SWASTA/LAINNYA', 'Organisasi Islam', 'BUMN', ''].map(mapOwnership),
    ).toEqual(['Pemkab', 'Pemkot', 'Pemprov', 'TNI/Polri', 'TNI/Polri', 'TNI/Polri', 'Pemprov', 'Swasta', 'Swasta', 'Swasta', null])
  })

  it('school level and status', () => {
    expect(['SD', 'SMP', 'SMA', 'SMK', 'SLB', 'SDLB', 'SMPLB', 'SMLB'].map(mapSchoolGrade)).toEqual(['SD', 'SMP', 'SMA', 'SMK', 'SLB', 'SLB', 'SLB', 'SLB'])
    expect(['Negeri', 'Swasta'].map(mapSchoolStatus)).toEqual(['N', 'S'])
  })
})
