/** The pure rules behind docs/security.md, case by case (the end-to-end proofs are in tests/security). */
import { describe, expect, it } from 'vitest'
import { allowedHostHeaders, hostHeaderAllowed } from '../../src-main/core/net/host-allowlist'
import { normaliseServiceUrl, ServiceUrlError } from '../../src-main/core/net/service-url'
import { csvTextField } from '../../src-main/core/csv/csv-text'
import { isInside } from '../../src-main/core/paths/inside-folder'
import { applySettingsPatch, DEFAULT_APP_SETTINGS, keyConfirmedFor } from '../../src-main/app/app-settings'
import { AppError } from '../../src-main/app/app-error'

describe('Host allowlist', () => {
  it('loopback names with our port, the bound address, and listed names; nothing else', () => {
    const local = allowedHostHeaders({ port: 4000, boundHost: '127.0.0.1' })
    for (const h of ['127.0.0.1:4000', 'localhost:4000', 'LOCALHOST:4000', '[::1]:4000']) expect(hostHeaderAllowed(local, h), h).toBe(true)
    for (const h of ['127.0.0.1:4001', 'evil.example:4000', 'evil.example', '', undefined]) expect(hostHeaderAllowed(local, h), String(h)).toBe(false)
    const remote = allowedHostHeaders({ port: 4000, boundHost: '192.168.1.5', extraHosts: ['rekap.kantor.id', 'proxy.example:443'] })
    for (const h of ['192.168.1.5:4000', 'rekap.kantor.id:4000', 'proxy.example:443']) expect(hostHeaderAllowed(remote, h), h).toBe(true)
    // a wildcard bind is not a name anyone types
    expect(hostHeaderAllowed(allowedHostHeaders({ port: 4000, boundHost: '0.0.0.0' }), '0.0.0.0:4000')).toBe(false)
  })
})

describe('service address', () => {
  it('https anywhere, http only for this machine', () => {
    expect(normaliseServiceUrl('https://api.example.co.id/v1/')).toBe('https://api.example.co.id/v1')
    for (const ok of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) expect(normaliseServiceUrl(ok)).toBe(ok)
    for (const bad of ['http://api.example.co.id', 'http://10.0.0.5:8787', 'ftp://x', 'https://u:p@x.example', 'https://x.example/?k=1']) {
      expect(() => normaliseServiceUrl(bad), bad).toThrow(ServiceUrlError)
    }
  })
})

describe('the key and its confirmed host', () => {
  it('a new address needs confirmation, which binds the key to it; the sandbox needs none', () => {
    expect(() => applySettingsPatch(DEFAULT_APP_SETTINGS, { baseUrl: 'https://a.example' })).toThrow(AppError)
    const a = applySettingsPatch(DEFAULT_APP_SETTINGS, { baseUrl: 'https://a.example/v1', confirmHost: true })
    expect(a.keyHost).toBe('https://a.example')
    expect(keyConfirmedFor(a, 'https://a.example/v2')).toBe(true)
    expect(keyConfirmedFor(a, 'https://a.example:8443')).toBe(false)
    expect(() => applySettingsPatch(a, { baseUrl: 'https://b.example' })).toThrow(/must be confirmed/)
    const back = applySettingsPatch(a, { baseUrl: '' })
    expect(back.keyHost).toBe('https://a.example') // going to the sandbox changes nothing about the key
    expect(applySettingsPatch(a, { baseUrl: 'https://a.example/v2' }).keyHost).toBe('https://a.example') // same host: no question
  })
})

describe('CSV text field', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['x;=1+1;y', `"x;'=1+1;y"`],
    ['=SUM(A1)', `"'=SUM(A1)"`],
    ['a,-1', `"a,-1"`],
    ['a,-1+1', `"a,'-1+1"`],
    ['-', '-'],
    ['-5', '-5'],
    ['+62 812 3456', '+62 812 3456'],
    ['-Budi', '-Budi'],
    ['-2+3', `"'-2+3"`],
    ['-A1', `"'-A1"`],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['line\n@cmd', `"line\n'@cmd"`],
    ['Jl. Merdeka No. 5', 'Jl. Merdeka No. 5'],
  ])('%j -> %j', (input, out) => expect(csvTextField(input)).toBe(out))
})

describe('inside a folder', () => {
  it('is lexical and refuses climbing out', () => {
    expect(isInside('/data/book', '/data/book/photos/a.jpg')).toBe(true)
    expect(isInside('/data/book', '/data/book')).toBe(true)
    expect(isInside('/data/book', '/data/book2/a.jpg')).toBe(false)
    expect(isInside('/data/book', '/data/other/a.jpg')).toBe(false)
  })
})
