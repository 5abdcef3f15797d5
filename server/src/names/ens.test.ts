import { createServer, type Server, type Socket } from 'node:net'
import { HttpBlockchainApi } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { deployEnsResolver, type EnsFixture } from '../test-helpers/ens.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const q = 'projectId=local&st=t&sv=1'
const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+'

let devnet: EvmDevnet
let ens: EnsFixture
/** A TCP server that accepts connections and never answers: an RPC that hangs. */
let silent: Server
let silentUrl: string
const sockets = new Set<Socket>()
const withEns = privateKeyToAccount(generatePrivateKey()).address
const withoutEns = privateKeyToAccount(generatePrivateKey()).address
const carol = privateKeyToAccount(generatePrivateKey()).address
const bothKey = generatePrivateKey()
const both = privateKeyToAccount(bothKey)

beforeAll(async () => {
  devnet = await startEvmDevnet()
  const deployer = devnet.fixtures.accounts[8]!
  ens = await deployEnsResolver(devnet.chains[0]!.rpcUrl, devnet.chains[0]!.chainId, deployer.privateKey)
  await ens.setPrimary(withEns, 'alice.eth', AVATAR)
  await ens.setPrimary(both.address, 'both-ens.eth')
  await ens.setAddr('carol.eth', carol)
  // A resolver whose addr(bytes32) reverts (an ERC-20 has no such function), and a resolver with no code.
  await ens.setResolver('broken.eth', devnet.fixtures.tokens[0]!.address)
  await ens.setResolver('ghost.eth', withoutEns)
  silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const port = (silent.address() as { port: number }).port
  silentUrl = `http://127.0.0.1:${port}`
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent?.close(resolve))
})

describe.each(ENGINES)('identity with ENS fallback against anvil (%s)', (kind) => {
  let t: TestGateway
  let api: HttpBlockchainApi
  beforeAll(async () => {
    const [local, second] = devnetNetworks(devnet)
    t = await startTestGateway(kind, {
      names: { zone: 'portico.id', ensNetwork: 'eip155:31337', ensTimeoutMs: 500 },
      networks: [
        { ...local, ens: { universalResolver: ens.address } },
        // ENS "configured" at an address with no code: every lookup fails.
        { ...second, ens: { universalResolver: '0x000000000000000000000000000000000000dEaD' } },
        // ENS behind an RPC that never answers: lookups time out.
        { caipNetworkId: 'eip155:5', rpcUrl: silentUrl, ens: { universalResolver: ens.address } },
        // No ENS at all.
        { caipNetworkId: 'eip155:7', rpcUrl: silentUrl },
      ],
    })
    api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  })
  afterAll(() => t?.close())

  it('answers the ENS primary name, and the avatar as the gateway’s own avatar URL serving the record', async () => {
    expect(await api.getIdentity({ address: withEns })).toEqual({
      name: 'alice.eth',
      avatar: `${t.url}/v1/identity/${withEns}/avatar?projectId=local`,
    })
    const r = await call(`${t.url}/v1/identity/${withEns.toLowerCase()}?${q}`)
    expect([r.status, r.body]).toEqual([
      200,
      { name: 'alice.eth', avatar: `${t.url}/v1/identity/${withEns.toLowerCase()}/avatar?projectId=local` },
    ])
    const image = await fetch(r.body.avatar)
    expect([image.status, image.headers.get('content-type'), await image.text()]).toEqual([
      200,
      'image/svg+xml',
      '<svg/>',
    ])
    expect(image.headers.get('content-security-policy')).toContain('sandbox')
  })

  it('answers null for an address without a reverse record', async () => {
    const r = await call(`${t.url}/v1/identity/${withoutEns}?${q}`)
    expect([r.status, r.body]).toEqual([200, { name: null, avatar: null }])
  })

  it('a registry name wins over the ENS name', async () => {
    // Before registration: the ENS name (cached), then the registry name once registered.
    expect((await call(`${t.url}/v1/identity/${both.address}?${q}`)).body.name).toBe('both-ens.eth')
    const fields = { name: 'both.portico.id', address: both.address, coin_type: 60, timestamp: Date.now() }
    const message = JSON.stringify(fields)
    const signature = await both.signTypedData(registrationTypedData(fields))
    const reg = await call(`${t.url}/v1/profile/account?${q}`, {
      json: { coin_type: 60, address: both.address, message, signature },
    })
    expect(reg.status).toBe(200)
    const r = await call(`${t.url}/v1/identity/${both.address}?${q}`)
    expect(r.body).toEqual({ name: 'both.portico.id', avatar: null })
    expect((await call(`${t.url}/v1/identity/eip155:31337:${both.address}?${q}`)).body.name).toBe(
      'both.portico.id',
    )
  })

  it('a CAIP-10 address picks its chain’s ENS; a chain without ENS uses the default ENS network', async () => {
    const viaDefault = await call(`${t.url}/v1/identity/eip155:7:${withEns}?${q}`)
    expect([viaDefault.status, viaDefault.body.name]).toEqual([200, 'alice.eth'])
    expect(viaDefault.body.avatar).toBe(
      `${t.url}/v1/identity/${encodeURIComponent(`eip155:7:${withEns}`)}/avatar?projectId=local`,
    )
    const unconfigured = await call(`${t.url}/v1/identity/eip155:999:${withEns}?${q}`)
    expect(unconfigured.body.name).toBe('alice.eth')
  })

  it('a failing or hanging ENS network answers an empty identity, never a 5xx', async () => {
    const broken = await call(`${t.url}/v1/identity/eip155:31338:${withEns}?${q}`)
    expect([broken.status, broken.body]).toEqual([200, { name: null, avatar: null }])
    const started = Date.now()
    const hanging = await call(`${t.url}/v1/identity/eip155:5:${withEns}?${q}`)
    expect([hanging.status, hanging.body]).toEqual([200, { name: null, avatar: null }])
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(450)
    expect(elapsed).toBeLessThan(3000)
    // The miss is cached: the second answer does not wait for the time limit again.
    const again = Date.now()
    expect((await call(`${t.url}/v1/identity/eip155:5:${withEns}?${q}`)).body).toEqual({
      name: null,
      avatar: null,
    })
    expect(Date.now() - again).toBeLessThan(400)
  })

  it('ENS answers are cached: a changed reverse record shows after the TTL only', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    expect((await call(`${t.url}/v1/identity/${fresh}?${q}`)).body.name).toBeNull()
    await ens.setPrimary(fresh, 'late.eth')
    expect((await call(`${t.url}/v1/identity/${fresh}?${q}`)).body.name).toBeNull()
  })

  describe('forward resolution for Send: GET /v1/ens/resolve/{name}', () => {
    const resolve = (name: string, chainId?: string) =>
      call(`${t.url}/v1/ens/resolve/${encodeURIComponent(name)}?${q}${chainId ? `&chainId=${chainId}` : ''}`)

    it('resolves a name through the registry, its resolver and addr(bytes32) on anvil', async () => {
      const r = await resolve('carol.eth')
      expect([r.status, r.body]).toEqual([200, { name: 'carol.eth', address: carol }])
      // A chain without ENS uses the default ENS network.
      expect((await resolve('carol.eth', 'eip155:7')).body).toEqual({ name: 'carol.eth', address: carol })
    })

    it('a name that normalises differently (ENSIP-15: case, full width) resolves as its normal form', async () => {
      for (const typed of ['Carol.ETH', 'ｃａｒｏｌ.eth']) {
        const r = await resolve(typed)
        expect([typed, r.status, r.body]).toEqual([typed, 200, { name: 'carol.eth', address: carol }])
      }
    })

    it('an unknown name, or one whose resolver has no code, is 404 name_not_found', async () => {
      for (const name of ['nobody-here.eth', 'ghost.eth']) {
        const r = await resolve(name)
        expect([name, r.status, r.body.code]).toEqual([name, 404, 'name_not_found'])
      }
    })

    it('a resolver that reverts is 502 ens_resolver_error, never an address', async () => {
      const r = await resolve('broken.eth')
      expect([r.status, r.body.code]).toEqual([502, 'ens_resolver_error'])
    })

    it('a name ENSIP-15 refuses is 400 invalid_name without a lookup', async () => {
      for (const name of ['bad name.eth', 'a..eth', 'noeth']) {
        const r = await resolve(name)
        expect([name, r.status, r.body.code]).toEqual([name, 400, 'invalid_name'])
      }
    })

    it('ENS that fails or hangs is 502 ens_unavailable within the time limit', async () => {
      const hanging = await resolve('carol.eth', 'eip155:5')
      expect([hanging.status, hanging.body.code]).toEqual([502, 'ens_unavailable'])
      const broken = await resolve('carol.eth', 'eip155:31338')
      expect(broken.status).toBe(502)
    })
  })

  it('malformed addresses are still 400', async () => {
    for (const bad of ['0x1234', 'eip155:x:0x0000000000000000000000000000000000000001', 'foo']) {
      const r = await call(`${t.url}/v1/identity/${bad}?${q}`)
      expect(r.status).toBe(400)
    }
  })
})

describe('ENS network defaults', () => {
  it('eip155:1 uses viem’s mainnet Universal Resolver unless ens is false; others need an address', async () => {
    const { EnsIdentityResolver, MAINNET_UNIVERSAL_RESOLVER } = await import('./ens.js')
    const { ChainRegistry } = await import('../chains/registry.js')
    const url = 'http://127.0.0.1:9'
    const on = new EnsIdentityResolver(
      new ChainRegistry([
        { caipNetworkId: 'eip155:10', rpcUrl: url },
        { caipNetworkId: 'eip155:1', rpcUrl: url },
      ]),
      { timeoutMs: 100 },
    )
    expect(on.networks()).toEqual(['eip155:1'])
    expect(on.networkFor('eip155:10')).toBe('eip155:1')
    expect(MAINNET_UNIVERSAL_RESOLVER.toLowerCase()).toBe('0xeeeeeeee14d718c2b47d9923deab1335e144eeee')
    const off = new EnsIdentityResolver(
      new ChainRegistry([{ caipNetworkId: 'eip155:1', rpcUrl: url, ens: false }]),
      {
        timeoutMs: 100,
      },
    )
    expect(off.networks()).toEqual([])
    expect(off.networkFor('eip155:1')).toBeUndefined()
  })
})
