import { describe, expect, it } from 'vitest'
import { errorText } from '../../src-renderer/src/stores/error-text'
import { RekapCallError, callErrorFromMessage } from '../../src-renderer/src/api/call-error'

describe('errorText', () => {
  it('leaves off the refused field\'s internal name (a screen showed "path: rekap ui hanya membuka …")', () => {
    const msg = 'path: rekap ui hanya membuka berkas yang Anda unggah'
    expect(errorText(new RekapCallError(msg, 'invalid-input', 'path'))).toBe('rekap ui hanya membuka berkas yang Anda unggah')
    // the same through the desktop preload's "[code:field] " prefix
    expect(errorText(callErrorFromMessage(`[invalid-input:baseUrl] baseUrl: alamat tidak sah`))).toBe('alamat tidak sah')
  })

  it('keeps a message whose start is not the field name, and plain errors as they are', () => {
    expect(errorText(new RekapCallError('berkas tidak ditemukan: a.xlsx', 'not-found', 'path'))).toBe('berkas tidak ditemukan: a.xlsx')
    expect(errorText(new RekapCallError('key: kunci API tidak memuat spasi', 'failed'))).toBe('key: kunci API tidak memuat spasi')
    expect(errorText(new Error('gagal'))).toBe('gagal')
    expect(errorText('teks')).toBe('teks')
  })
})
