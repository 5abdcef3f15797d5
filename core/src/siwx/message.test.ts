import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, type SiwxMessageFields } from './message.js'

const fields: SiwxMessageFields = {
  domain: 'app.example:8080',
  address: '7EqQdEULxWcraVx3mXKFjc84LhCkMGZCkRuDpvcMwJeK',
  statement: 'Sign in to Portico.',
  uri: 'https://app.example:8080/login',
  version: '1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-24T20:00:00.000Z',
  expirationTime: '2026-11-25T20:00:00.000Z',
  resources: ['https://app.example/terms'],
}

describe('CAIP-122 sign-in messages', () => {
  it('are written with every field on its own tagged line', () => {
    expect(formatSiwxMessage(fields, 'Solana')).toBe(
      [
        'app.example:8080 wants you to sign in with your Solana account:',
        '7EqQdEULxWcraVx3mXKFjc84LhCkMGZCkRuDpvcMwJeK',
        '',
        'Sign in to Portico.',
        '',
        'URI: https://app.example:8080/login',
        'Version: 1',
        'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        'Nonce: a1b2c3d4e5f60718',
        'Issued At: 2026-11-24T20:00:00.000Z',
        'Expiration Time: 2026-11-25T20:00:00.000Z',
        'Resources:',
        '- https://app.example/terms',
      ].join('\n'),
    )
  })

  it('read back to the same fields, with and without a statement', () => {
    const { caipNetworkId: _, ...rest } = fields
    expect(parseSiwxMessage(formatSiwxMessage(fields, 'Solana'))).toEqual({
      ...rest,
      chainName: 'Solana',
      chainReference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    const { statement: __, ...bare } = fields
    expect(parseSiwxMessage(formatSiwxMessage(bare, 'Solana')).statement).toBeUndefined()
  })

  it('bad fields are refused with SIWX_INVALID_MESSAGE: short nonce, two-line statement, bad domain, bad time', () => {
    for (const bad of [
      { nonce: 'short' },
      { statement: 'one\nURI: https://evil' },
      { domain: 'evil.example/path' },
      { issuedAt: 'yesterday' },
      { uri: 'not a uri' },
    ]) {
      expect(() => formatSiwxMessage({ ...fields, ...bad }, 'Solana'), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ code: 'SIWX_INVALID_MESSAGE' }),
      )
    }
  })

  it('parsing is strict: lines out of order, repeated, missing or trailing are refused', () => {
    const text = formatSiwxMessage(fields, 'Solana')
    const swap = text.replace(/Version: 1\nChain ID: (\S+)/, 'Chain ID: $1\nVersion: 1')
    const twice = text.replace('Nonce: a1b2c3d4e5f60718', 'Nonce: a1b2c3d4e5f60718\nNonce: ffffffffffffffff')
    const missing = text.replace(/Nonce: .*\n/, '')
    for (const bad of [swap, twice, missing, `${text}\nextra`, 'hello', text.replace('\n\n', '\n')]) {
      expect(() => parseSiwxMessage(bad)).toThrow(expect.objectContaining({ code: 'SIWX_INVALID_MESSAGE' }))
    }
  })

  it('compact: the Sign In With Solana layout without a statement (one blank line) reads only when asked', () => {
    const { statement: _none, ...bare } = fields
    const caip = formatSiwxMessage(bare, 'Solana')
    const compact = caip.replace('\n\n\nURI: ', '\n\nURI: ')
    expect(compact).not.toBe(caip)
    expect(() => parseSiwxMessage(compact)).toThrow(expect.objectContaining({ code: 'SIWX_INVALID_MESSAGE' }))
    expect(parseSiwxMessage(compact, { compact: true })).toEqual(parseSiwxMessage(caip))
    // With a statement both layouts are the same text; a missing blank line stays refused.
    const withStatement = formatSiwxMessage(fields, 'Solana')
    expect(parseSiwxMessage(withStatement, { compact: true }).statement).toBe(fields.statement)
    expect(() =>
      parseSiwxMessage(withStatement.replace(`${fields.statement}\n\n`, `${fields.statement}\n`), {
        compact: true,
      }),
    ).toThrow(expect.objectContaining({ code: 'SIWX_INVALID_MESSAGE' }))
  })
})
