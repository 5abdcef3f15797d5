// Sign-in end to end in Node: createPortico + the real EVM adapter + the dev wallet on anvil,
// against a real gateway (SQLite) over HTTP.
import { createMemoryStorage, createPortico, type Portico, type PorticoStorage } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { createDevWallet, type DevWallet } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'
import { formatEvmSignInMessage } from './index.js'

const ID = 'dev.portico.wallet'
const DOMAIN = 'app.example'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('sign-in (SIWX) through createPortico, the EVM adapter on anvil and a real gateway', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let gateway: Gateway
  let url: string
  const instances: Portico[] = []
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }],
        networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', rpcUrl: devnet.chains[0]!.rpcUrl }],
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

  function start(opts: { storage?: PorticoStorage; wallet?: DevWallet; required?: boolean } = {}) {
    const wallet =
      opts.wallet ??
      createDevWallet({
        networks,
        privateKeys: devnet.fixtures.accounts.slice(0, 2).map((a) => a.privateKey),
      })
    const storage = opts.storage ?? createMemoryStorage()
    const portico = createPortico({
      adapters: [
        evmAdapter({
          networks: [networks[0]],
          connectors: [{ id: ID, name: 'Dev', provider: wallet.provider }],
        }),
      ],
      apiUrl: url,
      projectId: 'local',
      storage,
      logger: quiet,
      metadata: { name: 'Portico Test', description: '', url: `http://${DOMAIN}` },
      siwx: { domain: DOMAIN, uri: `http://${DOMAIN}`, ...(opts.required ? { required: true } : {}) },
    })
    instances.push(portico)
    return { portico, wallet, storage, siwx: portico.siwx! }
  }
  const me = (token: string) =>
    fetch(`${url}/v1/siwx/me?projectId=local`, { headers: { authorization: `Bearer ${token}` } })

  it('formatEvmSignInMessage writes exactly what viem createSiweMessage writes (EIP-4361)', async () => {
    const fields = {
      domain: DOMAIN,
      address: devnet.fixtures.accounts[0]!.address.toLowerCase(),
      statement: 'Sign in to Portico Test.',
      uri: `http://${DOMAIN}`,
      version: '1' as const,
      caipNetworkId: 'eip155:31337' as const,
      nonce: 'abcdef0123456789',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
    }
    expect(await formatEvmSignInMessage(fields)).toBe(
      createSiweMessage({
        ...fields,
        address: fields.address as `0x${string}`,
        chainId: 31337,
        issuedAt: new Date(fields.issuedAt),
        expirationTime: new Date(fields.expirationTime),
      }),
    )
    await expect(formatEvmSignInMessage({ ...fields, caipNetworkId: 'solana:abc' })).rejects.toThrow(
      'The sign-in message is not valid',
    )
    await expect(formatEvmSignInMessage({ ...fields, nonce: 'short' })).rejects.toMatchObject({
      code: 'SIWX_INVALID_MESSAGE',
    })
  })

  it('requested → signed → stored: connect asks for a CAIP-122 message, signing gives a gateway session', async () => {
    const { portico, wallet, storage, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    const { message } = siwx.getState()
    expect(message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:\n${wallet.address}`)
    for (const line of [
      'URI: http://app.example',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: ',
      'Issued At: ',
      'Expiration Time: ',
    ])
      expect(message).toContain(line)
    expect(message).toContain('Sign in to Portico Test.')
    // The sign-in view is shown.
    expect([portico.getState().modal.open, portico.getState().router.view]).toEqual([true, 'SIWXSignMessage'])

    const session = await siwx.signIn()
    expect(siwx.getState().status).toBe('signed')
    expect(session).toMatchObject({
      address: wallet.address,
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
    })
    expect(storage.get(`siwx:eip155:${wallet.address}`)).toMatchObject({ token: session.token })
    expect((await me(session.token)).status).toBe(200)
    expect(portico.getState().modal.open).toBe(false)
  })

  it('a reload restores the session without asking; after a server-side revoke it asks again', async () => {
    const first = start()
    await first.portico.connect(ID)
    await expect.poll(() => first.siwx.getState().status).toBe('requested')
    const session = await first.siwx.signIn()
    first.portico.destroy()

    const reload = start({ storage: first.storage, wallet: first.wallet })
    await reload.portico.ready
    await expect.poll(() => reload.siwx.getState().status).toBe('signed')
    expect(reload.siwx.getSession()?.id).toBe(session.id)
    expect(reload.portico.getState().modal.open).toBe(false)
    reload.portico.destroy()

    expect(await gateway.siwx.revoke(session.id)).toBe(true)
    const again = start({ storage: first.storage, wallet: first.wallet })
    await again.portico.ready
    await expect.poll(() => again.siwx.getState().status).toBe('requested')
    expect(again.storage.get(`siwx:eip155:${first.wallet.address}`)).toBeUndefined()
    expect(again.portico.getState().router.view).toBe('SIWXSignMessage')
  })

  it('check(): a live session stays; after a server-side revoke the token is dropped and the visitor asked again', async () => {
    const { portico, wallet, storage, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    portico.close()
    const firstNonce = /Nonce: (\w+)/.exec(siwx.getState().message!)![1]
    const session = await siwx.signIn()
    expect((await siwx.check())?.id).toBe(session.id)
    expect(siwx.getState().status).toBe('signed')

    expect(await gateway.siwx.revoke(session.id)).toBe(true)
    expect(await siwx.check()).toBeUndefined()
    expect(storage.get(`siwx:eip155:${wallet.address}`)).toBeUndefined()
    expect(siwx.getState().status).toBe('requested')
    // A fresh nonce: the spent one cannot be signed again.
    expect(siwx.getState().message).not.toContain(`Nonce: ${firstNonce}`)
    expect([portico.getState().modal.open, portico.getState().router.view]).toEqual([true, 'SIWXSignMessage'])
    // Signing the fresh message gives a new session.
    const next = await siwx.signIn()
    expect(next.id).not.toBe(session.id)
  })

  it('check() keeps the token when the gateway cannot be reached (rejects, still signed)', async () => {
    const { portico, wallet, storage, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    const session = await siwx.signIn()
    const realFetch = globalThis.fetch
    globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'))
    try {
      await expect(siwx.check()).rejects.toBeDefined()
    } finally {
      globalThis.fetch = realFetch
    }
    expect(siwx.getState().status).toBe('signed')
    expect(storage.get(`siwx:eip155:${wallet.address}`)).toMatchObject({ token: session.token })
  })

  it('disconnect drops the token and signs out on the gateway', async () => {
    const { portico, wallet, storage, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    const session = await siwx.signIn()
    await portico.disconnect()
    expect(storage.get(`siwx:eip155:${wallet.address}`)).toBeUndefined()
    expect(siwx.getState().status).toBe('idle')
    await expect.poll(async () => (await (await me(session.token)).json()).code).toBe('session_revoked')
  })

  it('an account change in the wallet ends the old session and asks the new account', async () => {
    const { portico, wallet, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    const session = await siwx.signIn()
    const second = devnet.fixtures.accounts[1]!.address
    wallet.selectAccount(second)
    await expect.poll(() => siwx.getState().address?.toLowerCase()).toBe(second.toLowerCase())
    await expect.poll(() => siwx.getState().status).toBe('requested')
    await expect.poll(async () => (await me(session.token)).status).toBe(401)
  })

  it('declining: required → disconnected; optional → stays connected, not signed in', async () => {
    const optional = start()
    await optional.portico.connect(ID)
    await expect.poll(() => optional.siwx.getState().status).toBe('requested')
    await optional.siwx.decline()
    expect(optional.siwx.getState().status).toBe('declined')
    expect(optional.portico.getState().accounts.eip155?.status).toBe('connected')
    expect(optional.portico.getState().modal.open).toBe(false)

    const required = start({ required: true })
    await required.portico.connect(ID)
    await expect.poll(() => required.siwx.getState().status).toBe('requested')
    await required.siwx.decline()
    expect(required.portico.getState().accounts.eip155?.status).toBe('disconnected')
  })

  it('a wallet that rejects the signature leaves the prompt with the error, and a retry signs in', async () => {
    const { portico, wallet, siwx } = start()
    await portico.connect(ID)
    await expect.poll(() => siwx.getState().status).toBe('requested')
    wallet.rejectNext()
    await expect(siwx.signIn()).rejects.toMatchObject({ code: 4001 })
    expect(siwx.getState()).toMatchObject({ status: 'requested', error: { code: '4001' } })
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
    await siwx.signIn()
    expect(siwx.getState().status).toBe('signed')
  })

  it('createPortico refuses siwx without apiUrl and with a bad lifetime (typed errors)', () => {
    expect(() => createPortico({ siwx: {}, storage: 'memory', logger: quiet })).toThrow(
      expect.objectContaining({ code: 'SIWX_CONFIG' }),
    )
    expect(() =>
      createPortico({ apiUrl: url, siwx: { expiresInMs: 1e15 }, storage: 'memory', logger: quiet }),
    ).toThrow(expect.objectContaining({ code: 'SIWX_CONFIG' }))
  })
})
