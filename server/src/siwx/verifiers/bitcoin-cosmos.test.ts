import { createHash } from 'node:crypto'
import { BITCOIN_GENESIS_HASHES } from '@portico/adapter-bitcoin'
import { createBitcoinDevWallet } from '@portico/adapter-bitcoin/dev-wallet'
import { createCosmosDevWallet } from '@portico/adapter-cosmos/dev-wallet'
import { formatSiwxMessage, type SiwxMessageFields } from '@portico/core'
import { BITCOIN_DEV_MNEMONIC } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { bitcoinSignInVerifier } from './bitcoin.js'
import { cosmosSignInVerifier } from './cosmos.js'

const DOMAIN = 'app.example:5173'
const ORIGIN = `http://${DOMAIN}`
const REGTEST = `bip122:${BITCOIN_GENESIS_HASHES.regtest.slice(0, 32)}`
const MAINNET = `bip122:${BITCOIN_GENESIS_HASHES.mainnet.slice(0, 32)}`
const HUB = 'cosmos:portico-hub-1'
const OSMO = 'cosmos:portico-osmo-1'
const NO_CHAIN = 'http://127.0.0.1:9' // signing and verifying read no chain

// Bitcoin dev accounts 3 and 4 (5–9 and 2 belong to the send / nfts e2e flows).
const btc = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 3 })
const btcOther = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 4 })
const cosmosChains = [
  { chainId: 'portico-hub-1', bech32Prefix: 'cosmos', rpc: NO_CHAIN, rest: NO_CHAIN },
  { chainId: 'portico-osmo-1', bech32Prefix: 'osmo', rpc: NO_CHAIN, rest: NO_CHAIN },
]
const keplr = createCosmosDevWallet({ chains: cosmosChains }).keplr

async function btcSign(wallet: typeof btc, address: string, message: string, protocol: 'BIP322' | 'ECDSA') {
  await wallet.provider.request('getAddresses', { purposes: ['payment', 'ordinals'] })
  const r = await wallet.provider.request('signMessage', { address, message, protocol })
  if (!('result' in r)) throw new Error(r.error.message)
  return (r.result as { signature: string }).signature
}

/** A p2pkh key and the legacy "Bitcoin Signed Message" signer (BIP-137 header 31 + recovery id: compressed key). */
function legacyKey(network: 'regtest' | 'mainnet') {
  const privateKey = generatePrivateKey()
  const full = Buffer.from(privateKeyToAccount(privateKey).publicKey.slice(2), 'hex')
  const compressed = Buffer.concat([Buffer.of(full[64]! & 1 ? 3 : 2), full.subarray(1, 33)])
  const hash160 = createHash('ripemd160').update(createHash('sha256').update(compressed).digest()).digest()
  const payload = Buffer.concat([Buffer.of(network === 'mainnet' ? 0x00 : 0x6f), hash160])
  const sha256d = (b: Buffer) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest()
  const address = base58(Buffer.concat([payload, sha256d(payload).subarray(0, 4)]))
  const signLegacy = async (message: string) => {
    const m = Buffer.from(message, 'utf8')
    const magic = Buffer.from('Bitcoin Signed Message:\n')
    const varint = (n: number) => (n < 0xfd ? Buffer.of(n) : Buffer.of(0xfd, n & 0xff, n >> 8))
    const hash = sha256d(Buffer.concat([varint(magic.length), magic, varint(m.length), m]))
    const s = await sign({ hash: `0x${hash.toString('hex')}`, privateKey, to: 'object' })
    const rs = Buffer.from(`${s.r.slice(2).padStart(64, '0')}${s.s.slice(2).padStart(64, '0')}`, 'hex')
    return Buffer.concat([Buffer.of(31 + s.yParity!), rs]).toString('base64')
  }
  return { address, signLegacy }
}
const hexKey = (base64: string) => `0x${Buffer.from(base64, 'base64').toString('hex')}`
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
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

describe('BIP-322 simple: the test vectors of the BIP (mainnet, key L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k)', () => {
  const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
  const proof = (message: string, signature: string, addr = address) =>
    bitcoinSignInVerifier({ message, address: addr, caipNetworkId: MAINNET, signature })

  it('p2wpkh: both signatures of "" and of "Hello World" verify', async () => {
    for (const [message, signature] of [
      [
        '',
        'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      ],
      [
        '',
        'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
      ],
      [
        'Hello World',
        'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      ],
      [
        'Hello World',
        'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
      ],
    ] as const)
      expect(await proof(message, signature)).toBe(true)
  })

  it('p2tr key path: the "Hello World" vector (SIGHASH_ALL) of the same key verifies', async () => {
    expect(
      await proof(
        'Hello World',
        'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
        'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
      ),
    ).toBe(true)
  })

  it('a vector signature is no proof for another message, another address or on another network', async () => {
    const sig =
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    expect(await proof('Hello World!', sig)).toBe(false)
    expect(await proof('Hello World', sig, btc.addresses.payment)).toBe(false)
    expect(
      await bitcoinSignInVerifier({
        message: 'Hello World',
        address,
        caipNetworkId: REGTEST,
        signature: sig,
      }),
    ).toBe(false)
    expect(await proof('Hello World', 'not base64 at all')).toBe(false)
    expect(await proof('Hello World', 'A'.repeat(600))).toBe(false)
  })
})

describe.each(ENGINES)('Bitcoin (BIP-322) and Cosmos (ADR-036) sign-in over HTTP (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [ORIGIN, 'http://evil.example'] }],
      networks: cosmosChains.map((c) => ({
        caipNetworkId: `cosmos:${c.chainId}`,
        restUrl: NO_CHAIN,
        bech32Prefix: c.bech32Prefix,
        currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
      })),
    })
  })
  afterAll(() => t?.close())

  const text = async (
    address: string,
    caipNetworkId: string,
    chainName: string,
    over: Partial<SiwxMessageFields> = {},
  ) => {
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
        ...over,
      },
      chainName,
    )
  }
  const verify = (body: Record<string, unknown>, origin = ORIGIN) =>
    call(`${t.url}/v1/siwx/verify?projectId=local&st=t&sv=1`, { json: body, headers: { origin } })

  it('bip122: a BIP-322 signature by the p2wpkh and by the p2tr address signs in; GET me reads the session', async () => {
    for (const address of [btc.addresses.payment, btc.addresses.ordinals]) {
      const message = await text(address, REGTEST, 'Bitcoin')
      const signature = await btcSign(btc, address, message, 'BIP322')
      const r = await verify({ message, signature, caipNetworkId: REGTEST })
      expect([r.status, r.body.session?.namespace, r.body.session?.address]).toEqual([200, 'bip122', address])
      const me = await call(`${t.url}/v1/siwx/me?projectId=local&st=t&sv=1`, {
        headers: { authorization: `Bearer ${r.body.token}` },
      })
      expect([me.status, me.body.caipNetworkId]).toEqual([200, REGTEST])
    }
  })

  it('bip122: the legacy BIP-137 signature signs in a p2pkh address only; for a p2wpkh address it is refused', async () => {
    const legacy = legacyKey('regtest')
    const message = await text(legacy.address, REGTEST, 'Bitcoin')
    const ok = await verify({ message, signature: await legacy.signLegacy(message), caipNetworkId: REGTEST })
    expect([ok.status, ok.body.session?.address]).toEqual([200, legacy.address])
    const segwit = await text(btc.addresses.payment, REGTEST, 'Bitcoin')
    const ecdsa = await btcSign(btc, btc.addresses.payment, segwit, 'ECDSA')
    const r = await verify({ message: segwit, signature: ecdsa, caipNetworkId: REGTEST })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
  })

  it('bip122: replayed nonce, wrong domain, wrong chain, expired, tampered text, wrong key, wrong network → refused', async () => {
    const address = btc.addresses.payment
    const message = await text(address, REGTEST, 'Bitcoin')
    const signature = await btcSign(btc, address, message, 'BIP322')
    expect((await verify({ message, signature, caipNetworkId: REGTEST })).status).toBe(200)
    const replay = await verify({ message, signature, caipNetworkId: REGTEST })
    expect([replay.status, replay.body.code]).toEqual([401, 'nonce_used'])

    const refused = async (m: string, s: string, chain: string, code: string, origin = ORIGIN) => {
      const r = await verify({ message: m, signature: s, caipNetworkId: chain }, origin)
      expect([r.status, r.body.code]).toEqual([401, code])
    }
    const fresh = await text(address, REGTEST, 'Bitcoin')
    const freshSig = await btcSign(btc, address, fresh, 'BIP322')
    await refused(fresh, freshSig, REGTEST, 'wrong_domain', 'http://evil.example')
    await refused(fresh, freshSig, MAINNET, 'wrong_chain')
    await refused(
      fresh.replace('Sign in to Portico.', 'Sign in to Evil.'),
      freshSig,
      REGTEST,
      'invalid_signature',
    )
    await refused(
      fresh,
      await btcSign(btcOther, btcOther.addresses.payment, fresh, 'BIP322'),
      REGTEST,
      'invalid_signature',
    )
    const expired = await text(address, REGTEST, 'Bitcoin', {
      issuedAt: new Date(Date.now() - 7_200_000).toISOString(),
      expirationTime: new Date(Date.now() - 60_000).toISOString(),
    })
    await refused(expired, await btcSign(btc, address, expired, 'BIP322'), REGTEST, 'message_expired')
    // A regtest address in a message for mainnet: the address's network must match the chain id.
    const mainnet = await text(address, MAINNET, 'Bitcoin')
    await refused(mainnet, await btcSign(btc, address, mainnet, 'BIP322'), MAINNET, 'invalid_signature')
    // The nonce was not spent by the refusals: the good signature still signs in.
    expect((await verify({ message: fresh, signature: freshSig, caipNetworkId: REGTEST })).status).toBe(200)
  })

  it('cosmos: an ADR-036 signature with the wallet public key signs in', async () => {
    const key = await keplr.getKey('portico-hub-1')
    const message = await text(key.bech32Address, HUB, 'Cosmos')
    const signed = await keplr.signArbitrary('portico-hub-1', key.bech32Address, message)
    const r = await verify({
      message,
      signature: signed.signature,
      caipNetworkId: HUB,
      publicKey: hexKey(signed.pub_key.value),
    })
    expect([r.status, r.body.session?.namespace, r.body.session?.address]).toEqual([
      200,
      'cosmos',
      key.bech32Address,
    ])
  })

  it('cosmos: replayed nonce, wrong domain, wrong chain, expired, tampered text, wrong key, key not of the address, wrong prefix → refused', async () => {
    const key = await keplr.getKey('portico-hub-1')
    const address = key.bech32Address
    const signFor = async (m: string) => (await keplr.signArbitrary('portico-hub-1', address, m)).signature
    const pub = `0x${Buffer.from(key.pubKey).toString('hex')}`
    const refused = async (body: Record<string, unknown>, code: string, origin = ORIGIN) => {
      const r = await verify(body, origin)
      expect([r.status, r.body.code]).toEqual([401, code])
    }
    const message = await text(address, HUB, 'Cosmos')
    const signature = await signFor(message)
    expect((await verify({ message, signature, caipNetworkId: HUB, publicKey: pub })).status).toBe(200)
    await refused({ message, signature, caipNetworkId: HUB, publicKey: pub }, 'nonce_used')

    const fresh = await text(address, HUB, 'Cosmos')
    const sig = await signFor(fresh)
    const good = { message: fresh, signature: sig, caipNetworkId: HUB, publicKey: pub }
    await refused(good, 'wrong_domain', 'http://evil.example')
    await refused({ ...good, caipNetworkId: OSMO }, 'wrong_chain')
    await refused(
      { ...good, message: fresh.replace('Sign in to Portico.', 'Sign in to Evil.') },
      'invalid_signature',
    )
    await refused({ ...good, publicKey: undefined }, 'invalid_signature')
    // Another account's key and its own ADR-036 signature of the text: the key does not hash to the address.
    const stranger = createCosmosDevWallet({
      chains: cosmosChains,
      mnemonic:
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    }).keplr
    const strangerKey = await stranger.getKey('portico-hub-1')
    expect(strangerKey.bech32Address).not.toBe(address)
    const strangerSig = await stranger.signArbitrary('portico-hub-1', strangerKey.bech32Address, fresh)
    await refused(
      {
        ...good,
        signature: strangerSig.signature,
        publicKey: `0x${Buffer.from(strangerKey.pubKey).toString('hex')}`,
      },
      'invalid_signature',
    )
    // The right key, a signature by another key.
    await refused({ ...good, signature: strangerSig.signature }, 'invalid_signature')
    const expired = await text(address, HUB, 'Cosmos', {
      issuedAt: new Date(Date.now() - 7_200_000).toISOString(),
      expirationTime: new Date(Date.now() - 60_000).toISOString(),
    })
    await refused({ ...good, message: expired, signature: await signFor(expired) }, 'message_expired')
    // An osmo1… address in a message for the Hub: the prefix must be the chain's.
    const osmoKey = await keplr.getKey('portico-osmo-1')
    const wrongPrefix = await text(osmoKey.bech32Address, HUB, 'Cosmos')
    const osmoSig = await keplr.signArbitrary('portico-osmo-1', osmoKey.bech32Address, wrongPrefix)
    await refused(
      { message: wrongPrefix, signature: osmoSig.signature, caipNetworkId: HUB, publicKey: pub },
      'invalid_signature',
    )
    expect((await verify(good)).status).toBe(200)
  })
})

describe('cosmosSignInVerifier', () => {
  it('refuses a chain with no known prefix; well-known chains need no config', async () => {
    const key = await keplr.getKey('portico-hub-1')
    const signed = await keplr.signArbitrary('portico-hub-1', key.bech32Address, 'm')
    const base = {
      message: 'm',
      address: key.bech32Address,
      signature: signed.signature,
      publicKey: signed.pub_key.value,
    }
    expect(await cosmosSignInVerifier()({ ...base, caipNetworkId: 'cosmos:cosmoshub-4' })).toBe(true)
    expect(await cosmosSignInVerifier()({ ...base, caipNetworkId: HUB })).toBe(false)
    expect(
      await cosmosSignInVerifier([{ caipNetworkId: HUB, bech32Prefix: 'cosmos' }])({
        ...base,
        caipNetworkId: HUB,
      }),
    ).toBe(true)
    expect(await cosmosSignInVerifier()({ ...base, caipNetworkId: 'cosmos:osmosis-1' })).toBe(false)
  })
})
