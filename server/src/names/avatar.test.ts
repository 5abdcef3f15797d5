// The avatar endpoint and CCIP-read, against anvil with the test ENS resolver and
// a loopback image server: avatars are fetched by the gateway through the egress
// filter only; offchain lookups follow allowlisted gateways only.
import { createServer, type Server } from 'node:http'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import {
  createPublicClient,
  createWalletClient,
  encodeErrorResult,
  getContractAddress,
  type Hex,
  http,
  offchainLookupAbiItem,
  size,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainRegistry } from '../chains/registry.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { deployEnsResolver, type EnsFixture } from '../test-helpers/ens.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const q = 'projectId=local'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

let devnet: EvmDevnet
let ens: EnsFixture
let images: Server
let imageBase: string
let port: number
// Test DNS: the image host by name (loopback), and a name that points at cloud metadata.
const resolve = async (name: string) => {
  if (name === 'avatars.test.example' || name === 'ccip.test.example')
    return [{ address: '127.0.0.1', family: 4 }]
  if (name === 'inside.test.example') return [{ address: '169.254.169.254', family: 4 }]
  throw new Error(`ENOTFOUND ${name}`)
}
const withInsideName = privateKeyToAccount(generatePrivateKey()).address
const hits: string[] = []
const withImage = privateKeyToAccount(generatePrivateKey()).address
const withMetadata = privateKeyToAccount(generatePrivateKey()).address
const withHtml = privateKeyToAccount(generatePrivateKey()).address
const withNft = privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  images = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>')
    if (req.url?.startsWith('/ccip'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":"0x"}')
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  port = (images.address() as { port: number }).port
  imageBase = `http://avatars.test.example:${port}`
  devnet = await startEvmDevnet()
  ens = await deployEnsResolver(
    devnet.chains[0]!.rpcUrl,
    devnet.chains[0]!.chainId,
    devnet.fixtures.accounts[8]!.privateKey,
  )
  await ens.setPrimary(withImage, 'image.eth', `${imageBase}/a.png`)
  await ens.setPrimary(withMetadata, 'metadata.eth', 'http://169.254.169.254/latest/meta-data/iam')
  await ens.setPrimary(withHtml, 'html.eth', `${imageBase}/page`)
  await ens.setPrimary(withInsideName, 'inside.eth', `http://inside.test.example:${port}/a.png`)
  await ens.setPrimary(withNft, 'nft.eth', 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1')
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
  images?.closeAllConnections()
  await new Promise((resolve) => images?.close(resolve))
})

describe('GET /v1/identity/{address}/avatar (sqlite)', () => {
  let open: TestGateway
  let strict: TestGateway
  beforeAll(async () => {
    const [local] = devnetNetworks(devnet)
    const config = {
      networks: [{ ...local!, ens: { universalResolver: ens.address } }],
      avatars: { maxBytes: 4096, timeoutMs: 2000 },
    }
    // `open` may reach loopback (where the test image server lives); `strict` is the production default.
    open = await startTestGateway('sqlite', config, {
      unsafeAllowLoopbackFetch: true,
      unsafeResolve: resolve,
    })
    strict = await startTestGateway('sqlite', config, { unsafeResolve: resolve })
  })
  afterAll(async () => {
    await open?.close()
    await strict?.close()
  })

  it('serves an avatar whose record names a host name (fetched by name, connected to the checked address)', async () => {
    const identity = await call(`${open.url}/v1/identity/${withImage}?${q}`)
    expect(identity.body.avatar).toBe(`${open.url}/v1/identity/${withImage}/avatar?projectId=local`)
    const r = await fetch(identity.body.avatar)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/png')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('content-security-policy')).toContain('sandbox')
    expect(Buffer.from(await r.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('by default a record whose name resolves to this host is refused: 502, and the target sees no request', async () => {
    hits.length = 0
    const r = await call(`${strict.url}/v1/identity/${withImage}/avatar?${q}`)
    expect([r.status, r.body.code]).toEqual([502, 'avatar_unavailable'])
    expect(hits).toEqual([])
    expect(strict.logs.some((l) => l.msg === 'avatar not served' && l.code === 'forbidden_address')).toBe(
      true,
    )
  })

  it('cloud metadata (169.254.169.254) and non-image answers are refused even with loopback allowed', async () => {
    const meta = await call(`${open.url}/v1/identity/${withMetadata}/avatar?${q}`)
    expect([meta.status, meta.body.code]).toEqual([502, 'avatar_unavailable'])
    const html = await call(`${open.url}/v1/identity/${withHtml}/avatar?${q}`)
    expect([html.status, html.body.code]).toEqual([502, 'avatar_unavailable'])
  })

  it('a host name resolving to a refused address (169.254.169.254) is refused after DNS, loopback allowed or not', async () => {
    hits.length = 0
    const r = await call(`${open.url}/v1/identity/${withInsideName}/avatar?${q}`)
    expect([r.status, r.body.code]).toEqual([502, 'avatar_unavailable'])
    expect(open.logs.some((l) => l.msg === 'avatar not served' && l.code === 'forbidden_address')).toBe(true)
    expect(hits).toEqual([])
  })

  it('records the gateway does not resolve (NFT references) get no avatar URL; no name → 404', async () => {
    expect((await call(`${open.url}/v1/identity/${withNft}?${q}`)).body).toEqual({
      name: 'nft.eth',
      avatar: null,
    })
    const none = privateKeyToAccount(generatePrivateKey()).address
    const r = await call(`${open.url}/v1/identity/${none}/avatar?${q}`)
    expect([r.status, r.body.code]).toEqual([404, 'avatar_not_found'])
  })
})

describe('CCIP-read (EIP-3668) is off unless its gateways are allowlisted', () => {
  let lookup: Hex
  beforeAll(async () => {
    // A contract whose every call reverts with OffchainLookup pointing at the loopback server.
    const chain = devnet.chains[0]!
    const deployer = privateKeyToAccount(devnet.fixtures.accounts[7]!.privateKey)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const nonce = await client.getTransactionCount({ address: deployer.address })
    const address = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
    const data = encodeErrorResult({
      abi: [offchainLookupAbiItem],
      errorName: 'OffchainLookup',
      args: [
        address,
        [`http://ccip.test.example:${port}/ccip/{sender}/{data}.json`],
        '0x1234',
        '0x12345678',
        '0x',
      ],
    })
    const n = size(data)
    const word = (v: number) => toHex(v, { size: 2 }).slice(2)
    // runtime: CODECOPY(0, 14, n); REVERT(0, n) then the revert data; init: copy the runtime out and return it.
    const runtime = `61${word(n)}600e600039${`61${word(n)}6000fd`}${data.slice(2)}`
    const init = `0x61${word(14 + n)}600e60003961${word(14 + n)}6000f3${runtime}` as Hex
    const wallet = createWalletClient({ account: deployer, transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ data: init, chain: null })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    lookup = address
  })

  const network = () => ({
    caipNetworkId: `eip155:${devnet.chains[0]!.chainId}`,
    rpcUrl: devnet.chains[0]!.rpcUrl,
  })

  it('default: an OffchainLookup revert is an error; the URL it names is never fetched', async () => {
    hits.length = 0
    const client = new ChainRegistry([network()]).all()[0]!.client
    await expect(client.call({ to: lookup, data: '0x' })).rejects.toThrow()
    expect(hits).toEqual([])
  })

  const egress = { allowLoopback: true, resolve }

  it('an allowlist that does not match refuses the lookup; one that matches follows it, by host name, through the egress filter', async () => {
    hits.length = 0
    const other = new ChainRegistry([network()], { ccipRead: ['https://ccip.example/'], ccipFetch: egress })
    await expect(other.all()[0]!.client.call({ to: lookup, data: '0x' })).rejects.toThrow()
    // A text prefix of the allowed origin is not that origin.
    const prefix = new ChainRegistry([network()], {
      ccipRead: [`http://ccip.test.exampl`, `http://ccip.test.example:${port}0/`],
      ccipFetch: egress,
    })
    await expect(prefix.all()[0]!.client.call({ to: lookup, data: '0x' })).rejects.toThrow(/allowlist/)
    expect(hits).toEqual([])
    const allowed = new ChainRegistry([network()], {
      ccipRead: [`http://ccip.test.example:${port}/ccip/`],
      ccipFetch: egress,
    })
    await allowed
      .all()[0]!
      .client.call({ to: lookup, data: '0x' })
      .catch(() => undefined)
    expect(hits.some((h) => h.startsWith('/ccip/'))).toBe(true)
  })

  it('the allowed gateway is still fetched through the address policy: without the loopback allowance it is refused', async () => {
    hits.length = 0
    const strictCcip = new ChainRegistry([network()], {
      ccipRead: [`http://ccip.test.example:${port}/ccip/`],
      ccipFetch: { resolve },
    })
    await expect(strictCcip.all()[0]!.client.call({ to: lookup, data: '0x' })).rejects.toThrow()
    expect(hits).toEqual([])
  })
})
