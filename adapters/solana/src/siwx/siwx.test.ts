// Sign-in on Solana end to end in Node: createPortico + the real Solana adapter + the dev wallet
// (real Ed25519 keys) on the litesvm-backed RPC, against a real gateway (SQLite) over HTTP.
import {
  createMemoryStorage,
  createPortico,
  type Portico,
  type SiwxMessageFields,
  walletStandardConnectorId,
} from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { SolanaSignInFeature } from '@solana/wallet-standard-features'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter } from '../adapter/index.js'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaDevnet, solanaLocalnet, solanaMainnet } from '../networks/index.js'
import {
  checkSolanaSignInText,
  SOLANA_SIGN_IN_FEATURE,
  SolanaSignInMismatchError,
  signInWithSolanaWallet,
  toSolanaSignInInput,
} from './index.js'

const DOMAIN = 'app.example'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** The same keys under another name, without `solana:signIn` (a wallet that only signs messages). */
function withoutSignIn(dev: SolanaDevWallet): Wallet {
  const { [SOLANA_SIGN_IN_FEATURE]: _gone, ...features } = dev.wallet.features
  return {
    ...dev.wallet,
    name: 'Sign Message Only',
    features,
    get accounts() {
      return dev.wallet.accounts
    },
  }
}

/** A wallet that signs in with a real key but writes `rewrite(text)` instead of what it was asked. */
function rewriting(dev: SolanaDevWallet, rewrite: (text: string) => string): Wallet {
  const inner = (dev.wallet.features as SolanaSignInFeature)[SOLANA_SIGN_IN_FEATURE]
  const signMessage = dev.wallet.features['solana:signMessage'] as {
    signMessage(i: { account: unknown; message: Uint8Array }): Promise<{ signature: Uint8Array }[]>
  }
  return {
    ...dev.wallet,
    name: 'Rewriting Wallet',
    features: {
      ...dev.wallet.features,
      [SOLANA_SIGN_IN_FEATURE]: {
        ...inner,
        async signIn(...inputs) {
          const [out] = await inner.signIn(...inputs)
          const text = rewrite(new TextDecoder().decode(out!.signedMessage))
          const message = new TextEncoder().encode(text)
          const [signed] = await signMessage.signMessage({ account: out!.account, message })
          return [{ ...out!, signedMessage: message, signature: signed!.signature }]
        },
      } satisfies SolanaSignInFeature[typeof SOLANA_SIGN_IN_FEATURE],
    },
    get accounts() {
      return dev.wallet.accounts
    },
  }
}

describe('Solana sign-in (solana:signIn, else a signed CAIP-122 message) through createPortico and a real gateway', () => {
  let devnet: SolanaDevnet
  let gateway: Gateway
  let url: string
  let local: ReturnType<typeof solanaLocalnet>
  const instances: Portico[] = []
  beforeAll(async () => {
    devnet = await startSolanaDevnet()
    local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }],
      }),
      { indexer: false },
    )
    url = await gateway.listen()
  })
  afterEach(() => {
    for (const p of instances.splice(0)) p.destroy()
  })
  afterAll(async () => {
    await gateway?.close()
    await devnet?.stop()
  })

  async function start(pick: (dev: SolanaDevWallet) => Wallet = (dev) => dev.wallet) {
    // Its own devnet: any dev keypair will do.
    const dev = await createSolanaDevWallet({ secretKeys: [devnet.fixtures.devKeypairs[1]!.secretKey] })
    const wallet = pick(dev)
    const portico = createPortico({
      adapters: [solanaAdapter({ networks: [local], wallets: [wallet] })],
      apiUrl: url,
      projectId: 'local',
      storage: createMemoryStorage(),
      logger: quiet,
      metadata: { name: 'Portico Test', description: '', url: `http://${DOMAIN}` },
      siwx: { domain: DOMAIN, uri: `http://${DOMAIN}` },
    })
    instances.push(portico)
    await portico.ready
    await portico.connect(walletStandardConnectorId(wallet))
    await expect.poll(() => portico.siwx!.getState().status).toBe('requested')
    return { portico, dev, siwx: portico.siwx!, address: dev.addresses[0]! }
  }
  const storedMessage = async (id: string) =>
    (await gateway.db.query<{ message: string }>('SELECT message FROM siwx_sessions WHERE id = ?', [id]))[0]
      ?.message

  it('a wallet with solana:signIn writes the SIWS text itself; the gateway verifies exactly that text', async () => {
    const { dev, siwx, address } = await start()
    const asked = siwx.getState().message!
    const nonce = /Nonce: (\w+)/.exec(asked)![1]
    const held: string[] = []
    dev.holdNext()
    const signing = siwx.signIn()
    await expect.poll(() => dev.pending.length).toBe(1)
    held.push(dev.pending[0]!.method)
    dev.releaseAll()
    const session = await signing
    expect(held).toEqual(['solana:signIn'])
    expect(session).toMatchObject({ namespace: 'solana', address, caipNetworkId: local.caipNetworkId })
    const text = await storedMessage(session.id)
    // SIWS names a cluster by word: any cluster but the three public ones is "localnet".
    expect(text).toBe(asked.replace(`Chain ID: ${local.caipNetworkId.split(':')[1]}`, 'Chain ID: localnet'))
    expect(text).toContain(
      `${DOMAIN} wants you to sign in with your Solana account:\n${address}\n\nSign in to Portico Test.`,
    )
    expect(text).toContain(`Nonce: ${nonce}`)
  })

  it('a wallet without solana:signIn signs the CAIP-122 text with solana:signMessage (the fallback)', async () => {
    const { dev, siwx, address } = await start(withoutSignIn)
    const asked = siwx.getState().message!
    dev.holdNext()
    const signing = siwx.signIn()
    await expect.poll(() => dev.pending.length).toBe(1)
    expect(dev.pending[0]!.method).toBe('solana:signMessage')
    dev.releaseAll()
    const session = await signing
    expect(session.address).toBe(address)
    expect(await storedMessage(session.id)).toBe(asked)
  })

  it('a wallet that rewrites the domain or the nonce is refused (SIWX_WALLET_MISMATCH), nothing is stored', async () => {
    for (const rewrite of [
      (t: string) => t.replace(`${DOMAIN} wants`, 'evil.example wants'),
      (t: string) => t.replace(/Nonce: \w+/, 'Nonce: 0123456789abcdef'),
    ]) {
      const { portico, siwx } = await start((dev) => rewriting(dev, rewrite))
      const before = (await gateway.db.query('SELECT id FROM siwx_sessions')).length
      await expect(siwx.signIn()).rejects.toBeInstanceOf(SolanaSignInMismatchError)
      expect(siwx.getState()).toMatchObject({ status: 'requested', error: { code: 'SIWX_WALLET_MISMATCH' } })
      expect(siwx.getSession()).toBeUndefined()
      expect((await gateway.db.query('SELECT id FROM siwx_sessions')).length).toBe(before)
      expect(portico.getState().accounts.solana?.status).toBe('connected')
    }
  })

  it('a refusal in the wallet leaves the prompt with the error; a retry signs in', async () => {
    const { dev, siwx } = await start()
    dev.rejectNext()
    await expect(siwx.signIn()).rejects.toMatchObject({ code: 4001 })
    expect(siwx.getState()).toMatchObject({ status: 'requested', error: { code: '4001' } })
    await siwx.signIn()
    expect(siwx.getState().status).toBe('signed')
  })

  it('a short signature from the wallet is refused before the gateway is asked', async () => {
    const { dev, siwx } = await start()
    dev.tamperNext('signature')
    await expect(siwx.signIn()).rejects.toMatchObject({ code: 'SIWX_WALLET_MISMATCH' })
  })
})

describe('solana:signIn input and answer checks', () => {
  const fields: SiwxMessageFields = {
    domain: DOMAIN,
    address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    statement: 'Sign in to Portico Test.',
    uri: `http://${DOMAIN}`,
    version: '1',
    caipNetworkId: solanaMainnet.caipNetworkId,
    nonce: 'abcdef0123456789',
    issuedAt: '2026-01-01T00:00:00.000Z',
    expirationTime: '2026-01-02T00:00:00.000Z',
  }
  const text = [
    `${DOMAIN} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    'Sign in to Portico Test.',
    '',
    `URI: http://${DOMAIN}`,
    'Version: 1',
    'Chain ID: mainnet',
    'Nonce: abcdef0123456789',
    'Issued At: 2026-01-01T00:00:00.000Z',
    'Expiration Time: 2026-01-02T00:00:00.000Z',
  ].join('\n')

  it('the input carries every CAIP-122 field; the chain is the SIWS cluster name', () => {
    expect(toSolanaSignInInput(fields)).toEqual({
      domain: DOMAIN,
      address: fields.address,
      statement: 'Sign in to Portico Test.',
      uri: `http://${DOMAIN}`,
      version: '1',
      chainId: 'mainnet',
      nonce: 'abcdef0123456789',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
    })
    expect(toSolanaSignInInput({ ...fields, caipNetworkId: solanaDevnet.caipNetworkId }).chainId).toBe(
      'devnet',
    )
  })

  it('the text as asked passes; any changed domain, address, nonce, chain, time or statement is refused', () => {
    expect(checkSolanaSignInText(text, fields).nonce).toBe('abcdef0123456789')
    for (const [from, to] of [
      [`${DOMAIN} wants`, 'evil.example wants'],
      [fields.address, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
      ['Nonce: abcdef0123456789', 'Nonce: 0000000000000000'],
      ['Chain ID: mainnet', 'Chain ID: devnet'],
      ['Expiration Time: 2026-01-02', 'Expiration Time: 2027-01-02'],
      ['Sign in to Portico Test.', 'Send all your SOL.'],
      ['\nExpiration Time: 2026-01-02T00:00:00.000Z', ''],
    ] as const) {
      expect(() => checkSolanaSignInText(text.replace(from, to), fields)).toThrow(SolanaSignInMismatchError)
    }
    expect(() => checkSolanaSignInText('hello', fields)).toThrow(SolanaSignInMismatchError)
  })

  it('a wallet without the feature → undefined; a wallet signing in another account is refused', async () => {
    const bare = { features: {} } as unknown as Wallet
    expect(await signInWithSolanaWallet(bare, fields)).toBeUndefined()
    const other = {
      features: {
        [SOLANA_SIGN_IN_FEATURE]: {
          version: '1.0.0',
          signIn: async () => [
            {
              account: { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
              signedMessage: new TextEncoder().encode(text),
              signature: new Uint8Array(64),
            },
          ],
        },
      },
    } as unknown as Wallet
    await expect(signInWithSolanaWallet(other, fields)).rejects.toMatchObject({
      code: 'SIWX_WALLET_MISMATCH',
    })
  })
})
