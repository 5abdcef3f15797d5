// Sign-in on Solana (SIWS text written by a solana:signIn wallet) and Polkadot (signRaw, <Bytes>-wrapped)
// over HTTP against a real gateway, once per database engine, with real keys.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import {
  cryptoWaitReady,
  ed25519PairFromSeed,
  ed25519Sign,
  encodeAddress,
  randomAsU8a,
  sr25519PairFromSeed,
  sr25519Sign,
} from '@polkadot/util-crypto'
import { formatSiwxMessage } from '@portico/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { parseSolanaSignInMessage } from './solana.js'

const DOMAIN = 'app.example:5173'
const ORIGIN = `http://${DOMAIN}`
const SOL_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const SOL_LOCAL = 'solana:AbCdEfGhJkLmNpQrStUvWxYz12345678'
const DOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`

/** A Sign In With Solana text as a solana:signIn wallet writes it: no statement → one blank line. */
function siws(f: {
  address: string
  nonce: string
  chain: string
  domain?: string
  expires?: Date
  issued?: Date
}) {
  return [
    `${f.domain ?? DOMAIN} wants you to sign in with your Solana account:`,
    f.address,
    '',
    `URI: ${ORIGIN}`,
    'Version: 1',
    `Chain ID: ${f.chain}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${(f.issued ?? new Date()).toISOString()}`,
    `Expiration Time: ${(f.expires ?? new Date(Date.now() + 600_000)).toISOString()}`,
  ].join('\n')
}

function solanaKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const address = base58(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32))
  return { address, sign: (text: string) => base58(sign(null, Buffer.from(text), privateKey as KeyObject)) }
}

const wrapped = (text: string) => new TextEncoder().encode(`<Bytes>${text}</Bytes>`)

describe('parseSolanaSignInMessage', () => {
  it('reads the compact SIWS layout and maps SIWS cluster names to CAIP-2 references', () => {
    const text = siws({ address: 'abc', nonce: 'abcdef0123456789', chain: 'devnet' })
    expect(parseSolanaSignInMessage(text, SOL_DEVNET).chainReference).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(parseSolanaSignInMessage(text.replace('devnet', 'mainnet'), SOL_DEVNET).chainReference).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    // "localnet" stands for a cluster that is not one of the three public ones.
    const local = text.replace('devnet', 'localnet')
    expect(parseSolanaSignInMessage(local, SOL_LOCAL).chainReference).toBe(SOL_LOCAL.split(':')[1])
    expect(parseSolanaSignInMessage(local, SOL_DEVNET).chainReference).toBe('localnet')
    expect(() => parseSolanaSignInMessage(`${text}\nextra`, SOL_DEVNET)).toThrow('not valid')
  })
})

describe.each(ENGINES)('Solana and Polkadot sign-in over HTTP (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    await cryptoWaitReady()
    t = await startTestGateway(kind, {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [ORIGIN, 'http://evil.example'] }],
    })
  })
  afterAll(() => t?.close())

  const nonce = async (domain = DOMAIN) => {
    const r = await call(`${t.url}/v1/siwx/nonce?projectId=local&st=t&sv=1&domain=${domain}`)
    expect(r.status).toBe(200)
    return r.body.nonce as string
  }
  const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(`${t.url}/v1/siwx/verify?projectId=local&st=t&sv=1`, { json: body, headers })
  const refusal = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const r = await verify(body, headers)
    return [r.status, r.body.code]
  }

  describe('solana: the exact SIWS text a solana:signIn wallet signed', () => {
    it('a good signature → a session bound to the cluster; the same nonce again → nonce_used', async () => {
      const key = solanaKey()
      const message = siws({ address: key.address, nonce: await nonce(), chain: 'devnet' })
      const body = { message, signature: key.sign(message), caipNetworkId: SOL_DEVNET }
      const r = await verify(body, { origin: ORIGIN })
      expect(r.status).toBe(200)
      expect(r.body.session).toMatchObject({
        namespace: 'solana',
        address: key.address,
        caipNetworkId: SOL_DEVNET,
      })
      expect(await refusal(body)).toEqual([401, 'nonce_used'])
    })

    it('a local cluster signs in with "Chain ID: localnet"', async () => {
      const key = solanaKey()
      const message = siws({ address: key.address, nonce: await nonce(), chain: 'localnet' })
      expect((await verify({ message, signature: key.sign(message), caipNetworkId: SOL_LOCAL })).status).toBe(
        200,
      )
    })

    it('wrong domain, wrong chain, expired, tampered text, wrong key → refused', async () => {
      const key = solanaKey()
      const other = solanaKey()
      // A page of another domain asks with a text naming ours.
      let m = siws({ address: key.address, nonce: await nonce(), chain: 'devnet' })
      expect(
        await refusal(
          { message: m, signature: key.sign(m), caipNetworkId: SOL_DEVNET },
          { origin: 'http://evil.example' },
        ),
      ).toEqual([401, 'wrong_domain'])
      // The nonce was issued for another domain than the text names.
      m = siws({ address: key.address, nonce: await nonce('evil.example'), chain: 'devnet' })
      expect(await refusal({ message: m, signature: key.sign(m), caipNetworkId: SOL_DEVNET })).toEqual([
        401,
        'wrong_domain',
      ])
      // Signed for mainnet, presented for devnet; "localnet" for a public cluster.
      for (const chain of ['mainnet', 'localnet']) {
        m = siws({ address: key.address, nonce: await nonce(), chain })
        expect(await refusal({ message: m, signature: key.sign(m), caipNetworkId: SOL_DEVNET })).toEqual([
          401,
          'wrong_chain',
        ])
      }
      m = siws({
        address: key.address,
        nonce: await nonce(),
        chain: 'devnet',
        issued: new Date(Date.now() - 120_000),
        expires: new Date(Date.now() - 1000),
      })
      expect(await refusal({ message: m, signature: key.sign(m), caipNetworkId: SOL_DEVNET })).toEqual([
        401,
        'message_expired',
      ])
      // Signed text, then another text presented with its signature.
      m = siws({ address: key.address, nonce: await nonce(), chain: 'devnet' })
      const tampered = m.replace(`URI: ${ORIGIN}`, `URI: ${ORIGIN}/admin`)
      expect(await refusal({ message: tampered, signature: key.sign(m), caipNetworkId: SOL_DEVNET })).toEqual(
        [401, 'invalid_signature'],
      )
      // Another key signed a text naming our address.
      expect(await refusal({ message: m, signature: other.sign(m), caipNetworkId: SOL_DEVNET })).toEqual([
        401,
        'invalid_signature',
      ])
      // The failed attempts did not spend the nonce: the right signature still signs in.
      expect((await verify({ message: m, signature: key.sign(m), caipNetworkId: SOL_DEVNET })).status).toBe(
        200,
      )
    })
  })

  describe('polkadot: CAIP-122 text signed with signRaw (sr25519 / ed25519)', () => {
    const sr = () => {
      const pair = sr25519PairFromSeed(randomAsU8a(32))
      return { address: encodeAddress(pair.publicKey, 0), sign: (b: Uint8Array) => hex(sr25519Sign(b, pair)) }
    }
    const ed = () => {
      const pair = ed25519PairFromSeed(randomAsU8a(32))
      return { address: encodeAddress(pair.publicKey, 0), sign: (b: Uint8Array) => hex(ed25519Sign(b, pair)) }
    }
    const text = async (
      address: string,
      over: { domain?: string; expires?: Date; issued?: Date; chain?: string } = {},
    ) =>
      formatSiwxMessage(
        {
          domain: over.domain ?? DOMAIN,
          address,
          statement: 'Sign in to Portico.',
          uri: ORIGIN,
          version: '1',
          caipNetworkId: (over.chain ?? DOT) as `${string}:${string}`,
          nonce: await nonce(),
          issuedAt: (over.issued ?? new Date()).toISOString(),
          expirationTime: (over.expires ?? new Date(Date.now() + 600_000)).toISOString(),
        },
        'Polkadot',
      )

    it('sr25519 over the <Bytes>-wrapped text and ed25519 over the bare text both sign in; a replay is refused', async () => {
      const a = sr()
      const m1 = await text(a.address)
      const r = await verify(
        { message: m1, signature: a.sign(wrapped(m1)), caipNetworkId: DOT },
        { origin: ORIGIN },
      )
      expect(r.status).toBe(200)
      expect(r.body.session).toMatchObject({ namespace: 'polkadot', address: a.address, caipNetworkId: DOT })
      expect(await refusal({ message: m1, signature: a.sign(wrapped(m1)), caipNetworkId: DOT })).toEqual([
        401,
        'nonce_used',
      ])
      const b = ed()
      const m2 = await text(b.address)
      const bare = new TextEncoder().encode(m2)
      expect((await verify({ message: m2, signature: b.sign(bare), caipNetworkId: DOT })).status).toBe(200)
    })

    it("wrong domain, wrong chain, expired, tampered text, wrong key, another network's SS58 prefix → refused", async () => {
      const a = sr()
      const other = sr()
      let m = await text(a.address)
      expect(
        await refusal(
          { message: m, signature: a.sign(wrapped(m)), caipNetworkId: DOT },
          { origin: 'http://evil.example' },
        ),
      ).toEqual([401, 'wrong_domain'])
      m = await text(a.address)
      expect(
        await refusal({
          message: m,
          signature: a.sign(wrapped(m)),
          caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
        }),
      ).toEqual([401, 'wrong_chain'])
      m = await text(a.address, {
        issued: new Date(Date.now() - 120_000),
        expires: new Date(Date.now() - 1000),
      })
      expect(await refusal({ message: m, signature: a.sign(wrapped(m)), caipNetworkId: DOT })).toEqual([
        401,
        'message_expired',
      ])
      m = await text(a.address)
      const tampered = m.replace('Sign in to Portico.', 'Sign in to Portico and pay.')
      expect(await refusal({ message: tampered, signature: a.sign(wrapped(m)), caipNetworkId: DOT })).toEqual(
        [401, 'invalid_signature'],
      )
      expect(await refusal({ message: m, signature: other.sign(wrapped(m)), caipNetworkId: DOT })).toEqual([
        401,
        'invalid_signature',
      ])
      // The same key under the generic prefix 42 is not a Polkadot (prefix 0) address.
      const pair = sr25519PairFromSeed(randomAsU8a(32))
      const generic = encodeAddress(pair.publicKey, 42)
      const g = await text(generic)
      expect(
        await refusal({ message: g, signature: hex(sr25519Sign(wrapped(g), pair)), caipNetworkId: DOT }),
      ).toEqual([401, 'invalid_signature'])
      // The nonce survived the failed attempts.
      expect((await verify({ message: m, signature: a.sign(wrapped(m)), caipNetworkId: DOT })).status).toBe(
        200,
      )
    })
  })
})
