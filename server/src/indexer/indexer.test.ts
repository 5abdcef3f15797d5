import { type HistoryItem, HttpBlockchainApi } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway } from '../test-helpers/gateway.js'

const erc721Abi = [
  {
    type: 'function',
    name: 'transferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

let devnet: EvmDevnet
beforeAll(async () => {
  devnet = await startEvmDevnet()
}, 60_000)
afterAll(() => devnet?.stop())

function actors() {
  const rpcUrl = devnet.chains[0]!.rpcUrl
  const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: 20 })
  const wallet = (i: number) =>
    createWalletClient({
      account: privateKeyToAccount(devnet.fixtures.accounts[i]!.privateKey),
      transport: http(rpcUrl),
    })
  const wait = (hash: Hex) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return { publicClient, wallet, wait }
}

const config = (d: EvmDevnet) => ({
  networks: devnetNetworks(d).map((n) =>
    n.caipNetworkId === 'eip155:31337'
      ? { ...n, indexer: { enabled: true, pollIntervalMs: 30, batchBlocks: 4 } }
      : n,
  ),
  prices: {
    usd: {
      'eip155:31337:native': 2000,
      [`eip155:31337:${d.fixtures.tokens.find((x) => x.symbol === 'USDC')!.address}`]: 1,
    },
  },
})

describe.each(ENGINES)('history indexer and GET /v1/account/{account}/history (%s)', (kind) => {
  // Each engine uses its own pair of accounts so the two runs do not see each other's transfers.
  const [a, b] = kind === 'sqlite' ? [3, 4] : [5, 6]

  it('indexes native, ERC-20 and ERC-721 transfers; the core client reads them newest first', async () => {
    const t = await startTestGateway(kind, config(devnet))
    try {
      const { wallet, wait } = actors()
      const A = devnet.fixtures.accounts[a]!.address
      const B = devnet.fixtures.accounts[b]!.address
      const usdc = devnet.fixtures.tokens.find((x) => x.symbol === 'USDC')!
      await wait(await wallet(a).sendTransaction({ to: B, value: parseEther('1.5'), chain: null }))
      await wait(
        await wallet(a).writeContract({
          address: usdc.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [B, parseUnits('12.5', 6)],
          chain: null,
        }),
      )
      // Collectible ids 1–2 belong to account 0; move one to B.
      const nftId = kind === 'sqlite' ? 1n : 2n
      const last = await wait(
        await wallet(0).writeContract({
          address: devnet.fixtures.collectible.address,
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [devnet.fixtures.accounts[0]!.address, B, nftId],
          chain: null,
        }),
      )
      await t.gateway.indexer.waitFor('eip155:31337', last.blockNumber)
      const health = await call(`${t.url}/healthz`)
      expect(health.body.indexer['eip155:31337']).toBeGreaterThan(Number(last.blockNumber))

      const api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
      const page = await api.getTransactionHistory({ account: B, chainId: 'eip155:31337' })
      const [nft, token, native] = page.data as [HistoryItem, HistoryItem, HistoryItem]
      expect(nft.transfers).toEqual([
        {
          direction: 'in',
          quantity: { numeric: '1' },
          nft_info: {
            name: `Portico Pass #${nftId}`,
            flags: { is_spam: false },
            collection: 'Portico Pass',
            contract: devnet.fixtures.collectible.address.toLowerCase(),
            token_id: nftId.toString(),
            standard: 'erc721',
            content: {
              preview: {
                url: `${t.url}/v1/nft-image/eip155%3A31337/${devnet.fixtures.collectible.address.toLowerCase()}/${nftId}?projectId=local`,
              },
            },
          },
        },
      ])
      expect(nft.metadata).toMatchObject({
        chain: 'eip155:31337',
        operationType: 'receive',
        status: 'confirmed',
      })
      expect(token.transfers).toEqual([
        {
          direction: 'in',
          quantity: { numeric: '12.5' },
          fungible_info: { name: 'USD Coin', symbol: 'USDC' },
          price: 1,
          value: 12.5,
          priceSource: 'configured',
        },
      ])
      expect(native.transfers).toEqual([
        {
          direction: 'in',
          quantity: { numeric: '1.5' },
          fungible_info: { name: 'Ether', symbol: 'ETH' },
          price: 2000,
          value: 3000,
          priceSource: 'configured',
        },
      ])
      expect(native.metadata.sentFrom).toBe(A.toLowerCase())
      expect(Date.parse(native.metadata.minedAt)).toBeGreaterThan(Date.parse('2020-01-01'))
      // The sender sees the same transactions as sends.
      const sent = await api.getTransactionHistory({ account: `eip155:31337:${A}` })
      expect(sent.data.slice(0, 2).map((i) => [i.metadata.operationType, i.transfers[0]?.direction])).toEqual(
        [
          ['send', 'out'],
          ['send', 'out'],
        ],
      )
    } finally {
      await t.close()
    }
  })

  it('cursor paging walks every item once, in order; the indexer resumes after a restart without gaps or doubles', async () => {
    const db = await createTestDatabase(kind)
    const { wallet, wait } = actors()
    const C = `0x${(kind === 'sqlite' ? 'c1' : 'c2').repeat(20)}` as Hex
    const send = async () => wait(await wallet(a).sendTransaction({ to: C, value: 1000n, chain: null }))

    let t = await startTestGateway(kind, config(devnet), { database: db })
    for (let i = 0; i < 3; i++) await send()
    let lastReceipt = await send()
    await t.gateway.indexer.waitFor('eip155:31337', lastReceipt.blockNumber)
    const cursorBefore = await t.gateway.indexer.cursor('eip155:31337')
    await t.close({ keepDatabase: true })

    // Blocks mined while the gateway is down are picked up by the next one, from the stored cursor.
    for (let i = 0; i < 2; i++) await send()
    lastReceipt = await send()
    t = await startTestGateway(kind, config(devnet), { database: db })
    try {
      expect(await t.gateway.indexer.cursor('eip155:31337')).toBe(cursorBefore)
      await t.gateway.indexer.waitFor('eip155:31337', lastReceipt.blockNumber)
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const r: Awaited<ReturnType<typeof call>> = await call(
          `${t.url}/v1/account/${C}/history?projectId=local&st=t&sv=1&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        )
        expect(r.status).toBe(200)
        for (const item of r.body.data) seen.push(item.metadata.hash)
        cursor = r.body.next
        pages++
      } while (cursor && pages < 10)
      expect(pages).toBe(3)
      expect(seen).toHaveLength(7)
      expect(new Set(seen).size).toBe(7)
      const rows = await t.gateway.db.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM transfers WHERE to_addr = ?',
        [C.toLowerCase()],
      )
      expect(Number(rows[0]!.n)).toBe(7)
    } finally {
      await t.close()
    }
  })

  it('rejects malformed accounts, cursors and chain ids with 400', async () => {
    const t = await startTestGateway(kind, config(devnet), { indexer: false })
    try {
      const base = `${t.url}/v1/account`
      const A = devnet.fixtures.accounts[a]!.address
      const q = 'projectId=local&st=t&sv=1'
      expect((await call(`${base}/0xnope/history?${q}`)).status).toBe(400)
      const badCursor = await call(
        `${base}/${A}/history?${q}&cursor=${Buffer.from('x').toString('base64url')}`,
      )
      expect(badCursor.status).toBe(400)
      expect(badCursor.body.code).toBe('invalid_cursor')
      expect((await call(`${base}/${A}/history?${q}&cursor=${'%27%20OR%201=1'}`)).body.code).toBe(
        'invalid_cursor',
      )
      expect((await call(`${base}/${A}/history?${q}&chainId=eip155:999`)).body.code).toBe('unsupported_chain')
      expect((await call(`${base}/${A}/history?${q}&chainId=nope`)).status).toBe(400)
      expect((await call(`${base}/${A}/history?${q}&limit=0`)).status).toBe(400)
    } finally {
      await t.close()
    }
  })
})

const erc1155Abi = [
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'id', type: 'uint256' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'safeBatchTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'ids', type: 'uint256[]' },
      { name: 'values', type: 'uint256[]' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
] as const

describe.each(ENGINES)('history lists NFT movements as NFT items (%s)', (kind) => {
  // Badge holders are accounts 0–2; each engine moves badges from its own holder to its own receiver.
  const [holder, receiver] = kind === 'sqlite' ? [1, 7] : [2, 8]

  it('ERC-1155 TransferSingle and TransferBatch and ERC-721 Transfer: collection, token id, amount, direction and a thumbnail through the gateway image proxy', async () => {
    const t = await startTestGateway(kind, config(devnet))
    try {
      const { wallet, wait } = actors()
      const H = devnet.fixtures.accounts[holder]!.address
      const R = devnet.fixtures.accounts[receiver]!.address
      const badges = devnet.fixtures.multiToken
      const one = await wait(
        await wallet(holder).writeContract({
          address: badges.address,
          abi: erc1155Abi,
          functionName: 'safeTransferFrom',
          args: [H, R, 1n, 2n, '0x'],
          chain: null,
        }),
      )
      const last = await wait(
        await wallet(holder).writeContract({
          address: badges.address,
          abi: erc1155Abi,
          functionName: 'safeBatchTransferFrom',
          args: [H, R, [1n, 2n], [1n, 3n], '0x'],
          chain: null,
        }),
      )
      await t.gateway.indexer.waitFor('eip155:31337', last.blockNumber)
      const api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
      const page = await api.getTransactionHistory({ account: R, chainId: 'eip155:31337' })
      // Newest first: the batch, then the single transfer (the devnet's own funding of R is older).
      const [batch, single] = page.data as [HistoryItem, HistoryItem]
      expect([batch.metadata.hash, single.metadata.hash]).toEqual([last.transactionHash, one.transactionHash])
      const image = (id: string) =>
        `${t.url}/v1/nft-image/eip155%3A31337/${badges.address.toLowerCase()}/${id}?projectId=local`
      const item = (id: string, amount: string) => ({
        direction: 'in',
        quantity: { numeric: amount },
        nft_info: {
          name: `Portico Badges #${id}`,
          flags: { is_spam: false },
          collection: 'Portico Badges',
          contract: badges.address.toLowerCase(),
          token_id: id,
          standard: 'erc1155',
          content: { preview: { url: image(id) } },
        },
      })
      expect(single.transfers).toEqual([item('1', '2')])
      expect(batch.transfers).toEqual([item('1', '1'), item('2', '3')])
      expect(batch.metadata).toMatchObject({ operationType: 'receive', status: 'confirmed' })
      // The thumbnail link is the gateway's own and serves the badge's image.
      const img = await fetch(image('2'))
      expect(img.status).toBe(200)
      expect(img.headers.get('content-type')).toBe('image/svg+xml')
      // The holder sees the same movements going out.
      const sent = await api.getTransactionHistory({ account: H, chainId: 'eip155:31337' })
      expect(
        sent.data[0]!.transfers.map((x) => [x.direction, x.nft_info?.token_id, x.quantity.numeric]),
      ).toEqual([
        ['out', '1', '1'],
        ['out', '2', '3'],
      ])
      expect(sent.data[0]!.metadata.operationType).toBe('send')

      // An ERC-721 Transfer is one NFT item (not listed twice), with its collection and thumbnail.
      const pass = devnet.fixtures.collectible
      const passId = kind === 'sqlite' ? 3n : 4n
      const owner = Object.entries(pass.owners).find(([id]) => id === passId.toString())?.[1]
      const ownerIndex = devnet.fixtures.accounts.findIndex((a) => a.address === owner)
      expect(ownerIndex).toBeGreaterThanOrEqual(0)
      const moved = await wait(
        await wallet(ownerIndex).writeContract({
          address: pass.address,
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [owner!, R, passId],
          chain: null,
        }),
      )
      await t.gateway.indexer.waitFor('eip155:31337', moved.blockNumber)
      const after = await api.getTransactionHistory({ account: R, chainId: 'eip155:31337' })
      expect(after.data[0]!.transfers).toEqual([
        {
          direction: 'in',
          quantity: { numeric: '1' },
          nft_info: {
            name: `Portico Pass #${passId}`,
            flags: { is_spam: false },
            collection: 'Portico Pass',
            contract: pass.address.toLowerCase(),
            token_id: passId.toString(),
            standard: 'erc721',
            content: {
              preview: {
                url: `${t.url}/v1/nft-image/eip155%3A31337/${pass.address.toLowerCase()}/${passId}?projectId=local`,
              },
            },
          },
        },
      ])
    } finally {
      await t.close()
    }
  })
})
