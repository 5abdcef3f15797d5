import { cosmosAdapter, defineCosmosNetwork } from '@portico/adapter-cosmos'
import { createMemoryStorage, createPortico, type Portico } from '@portico/core'
import { keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { adr036Doc, bech32, secpKey } from '../../test-helpers/sign-in-keys.js'

// Issue 18: an eth_secp256k1 account (Injective) signs in through the whole
// client path — the Cosmos adapter reads the key's algorithm from `getKey`,
// sends the key type with the ADR-036 signature, the core passes it on, and
// the gateway (SQLite) verifies it by keccak256.

const DOMAIN = 'app.example:5173'
const ORIGIN = `http://${DOMAIN}`
const NO_CHAIN = 'http://127.0.0.1:9'

/**
 * An Injective key in a Keplr-shaped wallet: `getKey` answers `ethsecp256k1`
 * and the Ethereum address under `inj`; `signArbitrary` signs keccak256 of the
 * ADR-036 doc and names its key `injective/PubKeyEthSecp256k1`, as Keplr does.
 */
function injectiveWallet() {
  const key = secpKey()
  const bech32Address = bech32('inj', key.ethAddress)
  const asked: string[] = []
  const keplr = {
    async enable() {},
    getOfflineSignerOnlyAmino() {
      throw new Error('this wallet signs messages only')
    },
    async getKey() {
      return {
        name: 'inj',
        algo: 'ethsecp256k1',
        pubKey: Uint8Array.from(key.publicKey),
        address: Uint8Array.from(key.ethAddress),
        bech32Address,
        isNanoLedger: false,
      }
    },
    async signArbitrary(_chainId: string, signer: string, data: string) {
      asked.push('signArbitrary')
      const digest = Buffer.from(keccak256(adr036Doc(signer, data)).slice(2), 'hex')
      return {
        signature: (await key.signHash(digest)).toString('base64'),
        pub_key: { type: 'injective/PubKeyEthSecp256k1', value: key.publicKey.toString('base64') },
      }
    },
  }
  return { keplr, bech32Address, asked }
}

describe('eth_secp256k1 sign-in through createPortico and the Cosmos adapter (sqlite gateway)', () => {
  let t: TestGateway
  let portico: Portico | undefined
  beforeAll(async () => {
    t = await startTestGateway('sqlite', {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [ORIGIN] }],
    })
  })
  afterAll(async () => {
    portico?.destroy()
    await t?.close()
  })

  it('connect → siwx.request → signIn: the gateway answers a session for the inj1… account', async () => {
    const wallet = injectiveWallet()
    const injAddress = wallet.bech32Address
    const injective = defineCosmosNetwork({
      chainId: 'injective-1',
      name: 'Injective',
      bech32Prefix: 'inj',
      rpcUrl: NO_CHAIN,
      restUrl: NO_CHAIN,
      gasPrice: '500000000',
      coinType: 60,
      currencies: [{ denom: 'inj', symbol: 'INJ', decimals: 18 }],
    })
    // The chain itself is not reachable here (balances fail and say so): the log is kept, not printed.
    const logged: { level: string; message: string }[] = []
    const log = (level: string) => (message: string) => logged.push({ level, message })
    portico = createPortico({
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
      apiUrl: t.url,
      projectId: 'local',
      storage: createMemoryStorage(),
      metadata: { name: 'Portico', url: ORIGIN },
      adapters: [
        cosmosAdapter({
          networks: [injective],
          wallets: [{ id: 'inj-test', name: 'Injective Test Wallet', provider: wallet.keplr as never }],
        }),
      ],
      siwx: { domain: DOMAIN, uri: ORIGIN, autoPrompt: false },
    })
    await portico.ready
    await portico.connect('keplr:inj-test', { namespace: 'cosmos' })
    expect(portico.getState().accounts.cosmos?.address).toBe(injAddress)
    await portico.siwx!.request()
    expect(portico.siwx!.getState().message).toContain(injAddress)
    const session = await portico.siwx!.signIn()
    expect(wallet.asked).toEqual(['signArbitrary'])
    expect([session.namespace, session.address, session.caipNetworkId]).toEqual([
      'cosmos',
      injAddress,
      'cosmos:injective-1',
    ])
    const me = await call(`${t.url}/v1/siwx/me?projectId=local&st=t&sv=1`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
    expect([me.status, me.body.address]).toEqual([200, injAddress])
    expect(logged.filter((l) => l.level === 'error')).toEqual([])
  })
})
