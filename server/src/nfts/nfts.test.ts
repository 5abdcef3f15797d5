import { createServer, type Server } from 'node:http'
import { artifacts, type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)])
const FIFTY_MB = 50 * 1024 * 1024
const multi = artifacts.PorticoMultiToken as { abi: Abi; bytecode: Hex }
const collectibleAbi = artifacts.PorticoCollectible.abi

/** A metadata host the tests allow, and a second loopback host nobody allowed. */
interface Host {
  server: Server
  base: string
  hits: string[]
  /** Bytes of the 50 MB image written before the gateway hung up. */
  hugeWritten: number
  hugeClosed: Promise<void>
}

async function startHost(
  routes: (h: Host) => (url: string, res: import('node:http').ServerResponse) => void,
) {
  const h = { hits: [] as string[], hugeWritten: 0, hugeClosed: Promise.resolve() } as Host
  const handle = routes(h)
  h.server = createServer((req, res) => {
    h.hits.push(req.url ?? '')
    if (req.url === '/img/huge.png') {
      h.hugeWritten = 0
      h.hugeClosed = new Promise((r) => res.on('close', r))
      res.writeHead(200, { 'content-type': 'image/png' })
      // No Content-Length: the cap must hold while streaming, and the stream must be cut there.
      const chunk = Buffer.alloc(64 * 1024, 7)
      PNG.copy(chunk)
      const pump = () => {
        while (h.hugeWritten < FIFTY_MB && !res.destroyed) {
          h.hugeWritten += chunk.length
          if (!res.write(chunk)) return res.once('drain', pump)
        }
        res.end()
      }
      return pump()
    }
    handle(req.url ?? '', res)
  })
  await new Promise<void>((r) => h.server.listen(0, '127.0.0.1', r))
  h.base = `http://127.0.0.1:${(h.server.address() as { port: number }).port}`
  return h
}

let devnet: EvmDevnet
let good: Host
let evil: Host
let tokenAddress: Address
let spamAddress: Address
const CHAIN = 'eip155:31337'

const json = (res: import('node:http').ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))

beforeAll(async () => {
  devnet = await startEvmDevnet()
  evil = await startHost(() => (_url, res) => json(res, { name: 'should never be read', image: 'x' }))
  good = await startHost((h) => (url, res) => {
    if (url === `/meta/${(1).toString(16).padStart(64, '0')}.json`)
      return json(res, {
        name: 'Fetched One',
        description: '<b>plain text</b>',
        image: `${h.base}/img/ok.png`,
      })
    if (url === '/meta-huge') return json(res, { name: 'Huge', image: `${h.base}/img/huge.png` })
    if (url === '/meta-html') return json(res, { name: 'Html', image: `${h.base}/img/page` })
    if (url === '/meta-evil-image') return json(res, { name: 'Evil image', image: `${evil.base}/x.png` })
    if (url === '/img/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    if (url === '/img/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
    res.writeHead(404).end()
  })
  const rpcUrl = devnet.chains[0]!.rpcUrl
  const chain = defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 })
  const deployer = createWalletClient({
    chain,
    account: privateKeyToAccount(devnet.fixtures.accounts[7]!.privateKey),
    transport: http(rpcUrl),
  })
  const holders = [devnet.fixtures.accounts[3]!.address, devnet.fixtures.accounts[5]!.address]
  const deploy = async (name: string, uris: string[]) => {
    const hash = await deployer.deployContract({
      abi: multi.abi,
      bytecode: multi.bytecode,
      args: [name, 'T', uris, holders, uris.map(() => 2n)],
    })
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!
  }
  tokenAddress = await deploy('Test Items', [
    `${good.base}/meta/{id}.json`,
    `${evil.base}/meta.json`,
    `${good.base}/meta-huge`,
    `${good.base}/meta-html`,
    `${good.base}/meta-evil-image`,
  ])
  spamAddress = await deploy('Free Airdrop', ['data:application/json,%7B%22name%22%3A%22Claim%20now%22%7D'])
}, 90_000)

afterAll(async () => {
  for (const h of [good, evil]) {
    h?.server.closeAllConnections()
    await new Promise((r) => h?.server.close(r))
  }
  await devnet?.stop()
})

function wallet(i: number) {
  const rpcUrl = devnet.chains[0]!.rpcUrl
  const chain = defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 })
  const w = createWalletClient({
    chain,
    account: privateKeyToAccount(devnet.fixtures.accounts[i]!.privateKey),
    transport: http(rpcUrl),
  })
  return { w, client, address: w.account.address }
}

const config = (origins: string[]) => ({
  networks: devnetNetworks(devnet).map((n) =>
    n.caipNetworkId === CHAIN ? { ...n, indexer: { enabled: true, pollIntervalMs: 30, batchBlocks: 50 } } : n,
  ),
  nfts: { metadataOrigins: origins, spamCollections: [`${CHAIN}:${spamAddress}`] },
})

async function synced(t: TestGateway) {
  const head = await wallet(0).client.getBlockNumber()
  await t.gateway.indexer.waitFor(CHAIN, head, 20_000)
}

describe.each(ENGINES)('GET /v1/account/{address}/nfts and /v1/nft-image (%s)', (kind) => {
  // Each engine moves its own tokens: sqlite acts as account 3 (→ 4), postgres as 5 (→ 6).
  const [a, b, pass] = kind === 'sqlite' ? [3, 4, 3n] : [5, 6, 4n]
  let t: TestGateway
  const nfts = (account: string, q = '') => call(`${t.url}/v1/account/${account}/nfts?projectId=local${q}`)
  beforeAll(async () => {
    t = await startTestGateway(kind, config([good.base]))
  }, 30_000)
  afterAll(() => t?.close())

  it('holdings follow mints (TransferBatch), TransferSingle, TransferBatch and ERC-721 Transfer', async () => {
    const A = wallet(a)
    const B = wallet(b)
    const send = async (hash: Hex) => A.client.waitForTransactionReceipt({ hash })
    await send(
      await A.w.writeContract({
        address: tokenAddress,
        abi: multi.abi,
        functionName: 'safeTransferFrom',
        args: [A.address, B.address, 1n, 1n, '0x'],
      }),
    )
    await send(
      await A.w.writeContract({
        address: tokenAddress,
        abi: multi.abi,
        functionName: 'safeBatchTransferFrom',
        args: [A.address, B.address, [2n, 3n], [2n, 2n], '0x'],
      }),
    )
    // Account 1 owns passes 3 and 4 (devnet fixture): one goes to A.
    const one = wallet(1)
    await send(
      await one.w.writeContract({
        address: devnet.fixtures.collectible.address,
        abi: collectibleAbi,
        functionName: 'transferFrom',
        args: [one.address, A.address, pass],
      }),
    )
    await synced(t)
    const r = await nfts(A.address, '&chainId=eip155:31337')
    expect(r.status).toBe(200)
    const held = r.body.data.map(
      (n: { contract: string; tokenId: string; amount: string; standard: string }) => [
        n.contract,
        n.standard,
        n.tokenId,
        n.amount,
      ],
    )
    const token = tokenAddress.toLowerCase()
    expect(held).toEqual(
      [
        [devnet.fixtures.collectible.address.toLowerCase(), 'erc721', String(pass), '1'],
        [token, 'erc1155', '1', '1'],
        [token, 'erc1155', '4', '2'],
        [token, 'erc1155', '5', '2'],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : 0)),
    )
    const rb = await nfts(B.address)
    const bHeld = rb.body.data
      .filter((n: { contract: string }) => n.contract === token)
      .map((n: { tokenId: string; amount: string }) => [n.tokenId, n.amount])
    expect(bHeld).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '2'],
    ])
  })

  it('pages with a cursor: every holding once, in order, and a bad cursor is a typed 400', async () => {
    const A = wallet(a)
    const all = (await nfts(A.address)).body.data.map(
      (n: { contract: string; tokenId: string }) => `${n.contract}/${n.tokenId}`,
    )
    const seen: string[] = []
    let cursor = ''
    for (let i = 0; i < 10; i++) {
      const r = await nfts(A.address, `&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      expect(r.status).toBe(200)
      expect(r.body.data.length).toBeLessThanOrEqual(3)
      seen.push(
        ...r.body.data.map((n: { contract: string; tokenId: string }) => `${n.contract}/${n.tokenId}`),
      )
      if (!r.body.next) break
      cursor = r.body.next
    }
    expect(seen).toEqual(all)
    expect(all.length).toBe(4)
    const bad = await nfts(A.address, '&cursor=not-ours')
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_cursor'])
  })

  it('validates every parameter with typed JSON errors', async () => {
    expect((await nfts('0x1234')).status).toBe(400)
    const chain = await nfts(wallet(a).address, '&chainId=eip155:999')
    expect([chain.status, chain.body.code]).toEqual([400, 'unsupported_chain'])
    for (const q of ['&limit=0', '&limit=101', '&spam=yes', '&chainId=not a chain'])
      expect((await nfts(wallet(a).address, q)).status, q).toBe(400)
    const img = await call(`${t.url}/v1/nft-image/${CHAIN}/0xnope/1?projectId=local`)
    expect(img.status).toBe(400)
    const unknown = await call(`${t.url}/v1/nft-image/${CHAIN}/${tokenAddress}/999?projectId=local`)
    expect([unknown.status, unknown.body.code]).toEqual([404, 'nft_not_found'])
  })

  it('metadata from an allowed host with ERC-1155 {id} substitution; the image is served by the gateway, type-checked', async () => {
    const A = wallet(a)
    const r = await nfts(A.address)
    const one = r.body.data.find(
      (n: { contract: string; tokenId: string }) =>
        n.contract === tokenAddress.toLowerCase() && n.tokenId === '1',
    )
    expect(one.metadata).toMatchObject({
      status: 'ok',
      name: 'Fetched One',
      description: '<b>plain text</b>',
    })
    expect(one.collection).toEqual({ name: 'Test Items', symbol: 'T' })
    expect(one.metadata.image.startsWith(`${t.url}/v1/nft-image/`)).toBe(true)
    const img = await fetch(one.metadata.image)
    expect([img.status, img.headers.get('content-type'), img.headers.get('x-content-type-options')]).toEqual([
      200,
      'image/png',
      'nosniff',
    ])
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('the devnet ERC-721 and ERC-1155 metadata and SVG images come from on-chain data: URIs (sandboxed, downloaded on navigation)', async () => {
    const r = await nfts(devnet.fixtures.accounts[0]!.address, '&chainId=eip155:31337')
    const badge = r.body.data.find(
      (n: { contract: string; tokenId: string }) =>
        n.contract === devnet.fixtures.multiToken.address.toLowerCase() && n.tokenId === '1',
    )
    expect([badge.standard, badge.amount, badge.metadata.name]).toEqual(['erc1155', '5', 'Ruby Badge'])
    const pass1 = r.body.data.find(
      (n: { contract: string; tokenId: string }) =>
        n.contract === devnet.fixtures.collectible.address.toLowerCase() && n.tokenId === '1',
    )
    expect([pass1.standard, pass1.metadata.name, pass1.collection.name]).toEqual([
      'erc721',
      'Portico Pass #1',
      'Portico Pass',
    ])
    const img = await fetch(badge.metadata.image)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/svg+xml')
    expect(img.headers.get('content-security-policy')).toContain('sandbox')
    expect(img.headers.get('content-disposition')).toContain('attachment')
    expect((await img.text()).startsWith('<svg')).toBe(true)
  })

  it('a metadata URI pointing at 127.0.0.1:<another port> is refused (host_not_allowed); that host sees nothing', async () => {
    evil.hits.length = 0
    const r = await nfts(wallet(a).address, '&spam=include')
    // Id 2 moved to B; B's copy names the evil host.
    const rb = await nfts(wallet(b).address)
    const two = rb.body.data.find(
      (n: { contract: string; tokenId: string }) =>
        n.contract === tokenAddress.toLowerCase() && n.tokenId === '2',
    )
    expect(two.metadata).toEqual({ status: 'unavailable', reason: 'host_not_allowed' })
    // Id 5: allowed metadata whose image names the evil host: no link works, the host is never asked.
    const five = r.body.data.find(
      (n: { tokenId: string; contract: string }) =>
        n.contract === tokenAddress.toLowerCase() && n.tokenId === '5',
    )
    const img = await call(five.metadata.image)
    expect([img.status, img.body.code]).toEqual([502, 'nft_image_unavailable'])
    expect(img.body.message).toContain('host_not_allowed')
    expect(evil.hits).toEqual([])
  })

  it('a 50 MB image is refused: the stream is cut at the cap, not buffered', async () => {
    const r = await nfts(wallet(b).address)
    const huge = r.body.data.find(
      (n: { tokenId: string; contract: string }) =>
        n.contract === tokenAddress.toLowerCase() && n.tokenId === '3',
    )
    const img = await call(huge.metadata.image)
    expect([img.status, img.body.code]).toEqual([502, 'nft_image_unavailable'])
    expect(img.body.message).toContain('too_large')
    await good.hugeClosed
    // The default cap is 5 MB; socket buffers let a little more out before the cut, never the 50 MB.
    expect(good.hugeWritten).toBeLessThan(FIFTY_MB / 2)
  })

  it('an image of the wrong content type is refused', async () => {
    const r = await nfts(wallet(a).address)
    const html = r.body.data.find(
      (n: { tokenId: string; contract: string }) =>
        n.contract === tokenAddress.toLowerCase() && n.tokenId === '4',
    )
    const img = await call(html.metadata.image)
    expect([img.status, img.body.code]).toEqual([502, 'nft_image_unavailable'])
    expect(img.body.message).toContain('bad_content_type')
  })

  it('spam-flagged collections are hidden by default and shown, flagged, with ?spam=include', async () => {
    const A = wallet(a)
    const spam = spamAddress.toLowerCase()
    const hidden = await nfts(A.address)
    expect(hidden.body.data.some((n: { contract: string }) => n.contract === spam)).toBe(false)
    const shown = await nfts(A.address, '&spam=include')
    const item = shown.body.data.find((n: { contract: string }) => n.contract === spam)
    expect(item.flags).toEqual({ is_spam: true })
    expect(item.metadata.name).toBe('Claim now')
  })
})

describe('NFT metadata fetching is off by default', () => {
  it('without metadataOrigins, metadata on a host shows as unavailable (data: still reads)', async () => {
    const t = await startTestGateway('sqlite', { ...config([]), nfts: {} })
    try {
      await synced(t)
      const r = await call(`${t.url}/v1/account/${wallet(3).address}/nfts?projectId=local`)
      const one = r.body.data.find(
        (n: { tokenId: string; contract: string }) =>
          n.contract === tokenAddress.toLowerCase() && n.tokenId === '1',
      )
      expect(one.metadata).toEqual({ status: 'unavailable', reason: 'host_not_allowed' })
      const pass = r.body.data.find(
        (n: { contract: string }) => n.contract === devnet.fixtures.collectible.address.toLowerCase(),
      )
      expect(pass.metadata.status).toBe('ok')
    } finally {
      await t.close()
    }
  })
})
