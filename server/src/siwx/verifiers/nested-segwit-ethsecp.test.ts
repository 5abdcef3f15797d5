import { createHash } from 'node:crypto'
import { BITCOIN_GENESIS_HASHES } from '@portico/adapter-bitcoin'
import { signMessageBip322 } from '@portico/adapter-bitcoin/psbt'
import { formatSiwxMessage, type SiwxMessageFields } from '@portico/core'
import { keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { adr036Doc, bech32, secpKey } from '../../test-helpers/sign-in-keys.js'
import { cosmosSignInVerifier } from './cosmos.js'

// Issue 18: P2SH-wrapped segwit Bitcoin addresses (BIP-322 simple, p2sh-p2wpkh)
// and eth_secp256k1 Cosmos chains (ADR-036 hashed with keccak256, Ethermint
// addresses) sign in; p2wsh, a wrong key, a wrong prefix or a tampered text do not.

const DOMAIN = 'app.example:5173'
const ORIGIN = `http://${DOMAIN}`
const REGTEST = `bip122:${BITCOIN_GENESIS_HASHES.regtest.slice(0, 32)}`
const INJECTIVE = 'cosmos:injective-1'
const EVMOS_LOCAL = 'cosmos:portico-evmos-1'
const ETHERMINT = '/ethermint.crypto.v1.ethsecp256k1.PubKey'
const INJECTIVE_KEY = '/injective.crypto.v1beta1.ethsecp256k1.PubKey'

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest()
const hash160 = (b: Uint8Array) => createHash('ripemd160').update(sha256(b)).digest()
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58check(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)])
  let n = BigInt(`0x${bytes.toString('hex')}`)
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

const REGTEST_PARAMS = {
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'bcrt',
  bip32: { public: 0x043587cf, private: 0x04358394 },
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
}

/** A p2sh-p2wpkh (regtest `2…`) address of a fresh key and its BIP-322 simple signer (the adapter's to_spend / to_sign). */
function nestedSegwitKey() {
  const key = secpKey()
  const redeem = Buffer.concat([Buffer.of(0x00, 0x14), hash160(key.publicKey)])
  const address = base58check(Buffer.concat([Buffer.of(0xc4), hash160(redeem)]))
  // The PSBT signer is synchronous and viem's ECDSA is not: a first pass reads the sighash, the second signs it.
  const signBip322 = async (message: string, as = address) => {
    let sighash: Uint8Array | undefined
    const probe = {
      publicKey: key.publicKey,
      sign: (h: Uint8Array) => {
        sighash = h
        return new Uint8Array(64)
      },
    }
    try {
      signMessageBip322(message, as, probe, REGTEST_PARAMS)
    } catch {
      // the zero signature fails bitcoinjs's own check after signing: the sighash is what was needed
    }
    if (!sighash) throw new Error('no sighash was asked for')
    const rs = await key.signHash(sighash)
    return signMessageBip322(message, as, { publicKey: key.publicKey, sign: () => rs }, REGTEST_PARAMS)
  }
  return { ...key, address, signBip322 }
}

/** An eth_secp256k1 (Ethermint) account: bech32 of the Ethereum address, ADR-036 signed over keccak256. */
function ethermintKey() {
  const key = secpKey()
  const addressOn = (prefix: string) => bech32(prefix, key.ethAddress)
  const signAdr036 = async (signer: string, message: string, hash: 'keccak256' | 'sha256' = 'keccak256') => {
    const doc = adr036Doc(signer, message)
    const digest = hash === 'keccak256' ? Buffer.from(keccak256(doc).slice(2), 'hex') : sha256(doc)
    return (await key.signHash(digest)).toString('base64')
  }
  return { ...key, hexKey: `0x${key.publicKey.toString('hex')}`, addressOn, signAdr036 }
}

describe.each(ENGINES)(
  'p2sh-p2wpkh (BIP-322) and eth_secp256k1 Cosmos (ADR-036) sign-in over HTTP (%s)',
  (kind) => {
    let t: TestGateway
    beforeAll(async () => {
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: [ORIGIN] }],
        networks: [
          {
            caipNetworkId: EVMOS_LOCAL,
            restUrl: 'http://127.0.0.1:9',
            bech32Prefix: 'evmos',
            currencies: [{ denom: 'aevmos', symbol: 'EVMOS', decimals: 18 }],
          },
        ],
      })
    })
    afterAll(() => t?.close())

    const text = async (address: string, caipNetworkId: string, chainName: string) => {
      const r = await call(`${t.url}/v1/siwx/nonce?projectId=local&st=t&sv=1&domain=${DOMAIN}`)
      return formatSiwxMessage(
        {
          domain: DOMAIN,
          address,
          statement: 'Sign in to Portico.',
          uri: ORIGIN,
          version: '1',
          caipNetworkId: caipNetworkId as SiwxMessageFields['caipNetworkId'],
          nonce: (r.body as { nonce: string }).nonce,
          issuedAt: new Date().toISOString(),
          expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
        },
        chainName,
      )
    }
    const verify = (body: Record<string, unknown>) =>
      call(`${t.url}/v1/siwx/verify?projectId=local&st=t&sv=1`, { json: body, headers: { origin: ORIGIN } })
    const refused = async (body: Record<string, unknown>, code = 'invalid_signature') => {
      const r = await verify(body)
      expect([r.status, r.body.code]).toEqual([401, code])
    }

    it('bip122: a BIP-322 simple signature by a p2sh-p2wpkh address signs in; GET me reads the session', async () => {
      const key = nestedSegwitKey()
      expect(key.address.startsWith('2')).toBe(true)
      const message = await text(key.address, REGTEST, 'Bitcoin')
      const r = await verify({ message, signature: await key.signBip322(message), caipNetworkId: REGTEST })
      expect([r.status, r.body.session?.namespace, r.body.session?.address]).toEqual([
        200,
        'bip122',
        key.address,
      ])
      const me = await call(`${t.url}/v1/siwx/me?projectId=local&st=t&sv=1`, {
        headers: { authorization: `Bearer ${r.body.token}` },
      })
      expect([me.status, me.body.address]).toEqual([200, key.address])
    })

    it('bip122 p2sh-p2wpkh: another key, a tampered text or a p2wsh address → refused (invalid_signature)', async () => {
      const key = nestedSegwitKey()
      const other = nestedSegwitKey()
      const message = await text(key.address, REGTEST, 'Bitcoin')
      const signature = await key.signBip322(message)
      // Another key's BIP-322 witness of the same text (made for its own address): its key is not the address's.
      await refused({
        message,
        signature: await other.signBip322(message, other.address),
        caipNetworkId: REGTEST,
      })
      await refused({
        message: message.replace('Sign in to Portico.', 'Sign in to Evil.'),
        signature,
        caipNetworkId: REGTEST,
      })
      // p2wsh cannot sign in: BIP-322 simple of a script is not verified, whatever the witness.
      const p2wsh = bech32(
        'bcrt',
        sha256(Buffer.concat([Buffer.of(0x21), key.publicKey, Buffer.of(0xac)])),
        true,
      )
      const scriptText = await text(p2wsh, REGTEST, 'Bitcoin')
      await refused({
        message: scriptText,
        signature: await key.signBip322(scriptText),
        caipNetworkId: REGTEST,
      })
      // The refusals spent no nonce: the good signature still signs in.
      expect((await verify({ message, signature, caipNetworkId: REGTEST })).status).toBe(200)
    })

    it('cosmos eth_secp256k1: ADR-036 over keccak256 signs in on injective-1 (inj1…, either key type URL) and on a configured Evmos chain', async () => {
      const key = ethermintKey()
      for (const [chain, prefix, type] of [
        [INJECTIVE, 'inj', INJECTIVE_KEY],
        [INJECTIVE, 'inj', ETHERMINT],
        [EVMOS_LOCAL, 'evmos', ETHERMINT],
      ] as const) {
        const address = key.addressOn(prefix)
        const message = await text(address, chain, 'Cosmos')
        const r = await verify({
          message,
          signature: await key.signAdr036(address, message),
          caipNetworkId: chain,
          publicKey: key.hexKey,
          publicKeyType: type,
        })
        expect([r.status, r.body.session?.namespace, r.body.session?.address]).toEqual([
          200,
          'cosmos',
          address,
        ])
      }
    })

    it('cosmos eth_secp256k1: wrong key, wrong prefix, tampered text, sha256 hashing, no or unknown key type → refused', async () => {
      const key = ethermintKey()
      const other = ethermintKey()
      const address = key.addressOn('inj')
      const message = await text(address, INJECTIVE, 'Cosmos')
      const good = {
        message,
        signature: await key.signAdr036(address, message),
        caipNetworkId: INJECTIVE,
        publicKey: key.hexKey,
        publicKeyType: INJECTIVE_KEY,
      }
      // Another key and its own signature of the doc: the key does not hash to the address.
      await refused({ ...good, publicKey: other.hexKey, signature: await other.signAdr036(address, message) })
      // The right key, another key's signature.
      await refused({ ...good, signature: await other.signAdr036(address, message) })
      await refused({ ...good, message: message.replace('Sign in to Portico.', 'Sign in to Evil.') })
      // The Cosmos SDK's sha256 of the doc is not what an eth_secp256k1 key signs.
      await refused({ ...good, signature: await key.signAdr036(address, message, 'sha256') })
      // Without the type the key is read as plain secp256k1 (ripemd160 ∘ sha256): not this address.
      await refused({ ...good, publicKeyType: undefined })
      await refused({ ...good, publicKeyType: '/cosmos.crypto.ed25519.PubKey' })
      // An evmos1… address (same key) in a text for injective-1: the prefix must be the chain's.
      const evmos = key.addressOn('evmos')
      const wrongPrefix = await text(evmos, INJECTIVE, 'Cosmos')
      await refused({ ...good, message: wrongPrefix, signature: await key.signAdr036(evmos, wrongPrefix) })
      // A key type that is no type URL at all is a bad request.
      const bad = await verify({ ...good, publicKeyType: 'ethsecp256k1' })
      expect(bad.status).toBe(400)
      expect((await verify(good)).status).toBe(200)
    })
  },
)

describe('cosmosSignInVerifier with eth_secp256k1 keys', () => {
  it('injective-1 is known (inj); its eth key verifies only with an eth_secp256k1 type URL', async () => {
    const key = ethermintKey()
    const address = key.addressOn('inj')
    const proof = {
      message: 'm',
      address,
      caipNetworkId: INJECTIVE,
      signature: await key.signAdr036(address, 'm'),
      publicKey: key.publicKey.toString('base64'),
    }
    const verifier = cosmosSignInVerifier()
    expect(await verifier({ ...proof, publicKeyType: ETHERMINT })).toBe(true)
    expect(await verifier({ ...proof, publicKeyType: INJECTIVE_KEY })).toBe(true)
    expect(await verifier(proof)).toBe(false)
    expect(await verifier({ ...proof, publicKeyType: '/cosmos.crypto.secp256k1.PubKey' })).toBe(false)
  })
})
