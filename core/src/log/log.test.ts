import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico/index.js'
import { LOG_BUFFER_BYTES, LogRingBuffer, utf8Length } from './buffer.js'
import { createDiagnosticsLog } from './logger.js'
import { redactSecrets } from './redact.js'

const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const bytes = (s: string) => new TextEncoder().encode(s).length

describe('diagnostics log buffer (SPEC §9: about 1,024,000 bytes)', () => {
  it('the budget is 1,024,000 bytes', () => {
    expect(LOG_BUFFER_BYTES).toBe(1_024_000)
  })

  it('stays within 1,024,000 UTF-8 bytes under 10,000 lines, oldest dropped first', () => {
    const log = createDiagnosticsLog(quiet)
    for (let i = 0; i < 10_000; i++) log.logger.info(`line ${i} ${'x'.repeat(150)}`)
    const text = log.text()
    expect(bytes(text)).toBeLessThanOrEqual(1_024_000)
    expect(bytes(text)).toBe(log.buffer.bytes)
    // 10,000 lines of ~180 bytes are ~1.8 MB: the oldest went, the newest stayed.
    expect(text).not.toContain('line 0 ')
    expect(text.trimEnd().split('\n').at(-1)).toContain('line 9999 ')
    expect(bytes(text)).toBeGreaterThan(1_024_000 - 400)
  })

  it('counts multi-byte text in bytes, not characters', () => {
    const log = createDiagnosticsLog(quiet)
    for (let i = 0; i < 10_000; i++) log.logger.warn(`日本語 عربى 🦊🦊 ${i} ${'é'.repeat(40)}`)
    const text = log.text()
    expect(bytes(text)).toBeLessThanOrEqual(1_024_000)
    expect(bytes(text)).toBe(log.buffer.bytes)
    // Fewer characters than bytes: the count really is UTF-8.
    expect(text.length).toBeLessThan(bytes(text))
  })

  it('utf8Length agrees with TextEncoder, lone surrogates included', () => {
    for (const s of ['', 'abc', 'é', '日本', '🦊', 'a\ud800b', '\udc00', 'x🦊é日'])
      expect(utf8Length(s)).toBe(bytes(s))
  })

  it('a line longer than the budget is cut, never kept whole or dropped silently', () => {
    const b = new LogRingBuffer(2000)
    b.push('y'.repeat(5000))
    expect(b.bytes).toBeLessThanOrEqual(2000)
    expect(b.text()).toContain('[…]')
  })

  it('lines are timestamped, one per call, with the level', () => {
    const log = createDiagnosticsLog(quiet, { now: () => Date.UTC(2026, 0, 2, 3, 4, 5, 678) })
    log.logger.error('balance failed', new Error('HTTP status code: 500'))
    expect(log.text()).toMatch(/^2026-01-02T03:04:05\.678Z ERROR balance failed Error: HTTP status code: 500/)
  })
})

describe('diagnostics log redaction', () => {
  const pk = `0x${'ab12'.repeat(16)}`
  const sig = `0x${'cd34'.repeat(32)}ff`
  const mnemonic = 'test test test test test test test test test test test junk'

  it('never keeps a configured secret, a 64-hex private key or a signature', () => {
    const log = createDiagnosticsLog(quiet, { secrets: ['proj-secret-key-123'] })
    log.logger.info('config', { apiKey: 'proj-secret-key-123', url: 'https://x.test/?k=proj-secret-key-123' })
    log.logger.warn(`imported ${pk}`)
    log.logger.debug('signed', { signature: sig })
    log.logger.info(`phrase: ${mnemonic}`)
    log.logger.info('headers', { authorization: 'Bearer abc.def.ghi' })
    log.logger.info('email code', { otp: '123456' })
    log.logger.info('your code is 654321')
    const text = log.text()
    expect(text).not.toContain('proj-secret-key-123')
    expect(text).not.toContain(pk.slice(2))
    expect(text).not.toContain(sig.slice(12))
    expect(text).not.toContain(mnemonic)
    expect(text).not.toContain('abc.def.ghi')
    expect(text).not.toContain('123456')
    expect(text).not.toContain('654321')
    // A signature keeps its head, so two lines can still be told apart.
    expect(text).toContain(sig.slice(0, 10))
  })

  it('keeps ordinary text and addresses readable', () => {
    const line = 'connected 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 on eip155:31337'
    expect(redactSecrets(line)).toBe(line)
  })

  it('a Solana secret key (base58, 88 characters) is cut', () => {
    const b58 = '5'.repeat(44) + 'Kk'.repeat(22)
    expect(redactSecrets(`key ${b58}`)).not.toContain(b58)
  })
})

describe('portico.getLogs()', () => {
  it('returns what the core logged, without the projectId', () => {
    const portico = createPortico({ logger: quiet, projectId: 'project-id-4242', storage: 'memory' })
    try {
      portico.events.on('MODAL_OPEN', () => {
        throw new Error('handler broke for project-id-4242')
      })
      portico.events.emit('MODAL_OPEN', { connected: false })
      const text = portico.getLogs()
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z ERROR Portico: a MODAL_OPEN handler threw/m)
      expect(text).not.toContain('project-id-4242')
    } finally {
      portico.destroy()
    }
  })
})
