import {
  AmountAndReceiverRequiredError,
  createPortico,
  type Portico,
  TokenRequiredError,
} from '@portico/core'
import { artifacts, type EvmDevnet } from '@portico/devnet'
import { type Address, createPublicClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import type { EvmNetwork } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'
import {
  ERC721_SAFE_TRANSFER_SELECTOR,
  ERC1155_SAFE_TRANSFER_SELECTOR,
  evmTransferRequest,
} from './transfer/index.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('Send NFT through core + evmAdapter on real anvil (safeTransferFrom of ERC-721 and ERC-1155)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let portico: Portico | undefined
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
  })
  afterEach(() => {
    portico?.destroy()
    portico = undefined
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  const client = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  const account = (i: number) => devnet.fixtures.accounts[i]!.address as Address

  async function start(key: number) {
    const wallet = createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[key]!.privateKey] })
    portico = createPortico({
      adapters: [
        evmAdapter({
          networks,
          connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
        }),
      ],
      storage: 'memory',
      logger: quiet,
    })
    await portico.connect(ID)
    return portico
  }

  it('builds ERC-721 safeTransferFrom(from, to, id) and ERC-1155 safeTransferFrom(from, to, id, amount, "")', () => {
    const base = { from: account(0), to: account(1), caipNetworkId: 'eip155:31337' as const }
    const r721 = evmTransferRequest({
      ...base,
      token: account(2),
      amount: 1n,
      nft: { standard: 'erc721', tokenId: 7n },
    })
    expect(r721.to).toBe(account(2))
    expect(r721.data!.startsWith(ERC721_SAFE_TRANSFER_SELECTOR)).toBe(true)
    expect(r721.data!.length).toBe(10 + 3 * 64)
    const r1155 = evmTransferRequest({
      ...base,
      token: account(2),
      amount: 3n,
      nft: { standard: 'erc1155', tokenId: 7n },
    })
    expect(r1155.data!.startsWith(ERC1155_SAFE_TRANSFER_SELECTOR)).toBe(true)
    expect(r1155.data!.length).toBe(10 + 6 * 64)
    expect(() =>
      evmTransferRequest({
        ...base,
        token: account(2),
        amount: 2n,
        nft: { standard: 'erc721', tokenId: 7n },
      }),
    ).toThrow(RangeError)
  })

  it('sends Portico Pass #1 (ERC-721): the receiver owns it once mined', async () => {
    const p = await start(0)
    const { collectible } = devnet.fixtures
    const token = {
      token: collectible.address,
      decimals: 0,
      symbol: collectible.symbol,
      value: 1n,
      nft: { standard: 'erc721' as const, tokenId: '1' },
    }
    const prepared = await p.prepareSend({ token, amount: '1', to: account(8) })
    expect(prepared.fee?.value).toBeGreaterThan(0n)
    const hash = await p.send({ token, amount: '1', to: account(8) })
    expect((await client().waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success')
    const owner = await client().readContract({
      address: collectible.address,
      abi: artifacts.PorticoCollectible.abi,
      functionName: 'ownerOf',
      args: [1n],
    })
    expect(owner).toBe(account(8))
  })

  it('sends 2 Ruby Badges (ERC-1155): balances move by exactly 2', async () => {
    const p = await start(0)
    const { multiToken } = devnet.fixtures
    const balance = (who: Address) =>
      client().readContract({
        address: multiToken.address,
        abi: artifacts.PorticoMultiToken.abi,
        functionName: 'balanceOf',
        args: [who, 1n],
      }) as Promise<bigint>
    const [before0, before8] = [await balance(account(0)), await balance(account(8))]
    const token = {
      token: multiToken.address,
      decimals: 0,
      symbol: multiToken.symbol,
      value: before0,
      nft: { standard: 'erc1155' as const, tokenId: '1' },
    }
    const hash = await p.send({ token, amount: '2', to: account(8) })
    expect((await client().waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success')
    expect([await balance(account(0)), await balance(account(8))]).toEqual([before0 - 2n, before8 + 2n])
  })

  it('refuses malformed NFT tokens and more than one ERC-721 before any wallet prompt', async () => {
    const p = await start(0)
    const address = devnet.fixtures.collectible.address
    const nft = (tokenId: string, standard = 'erc721') =>
      ({ token: address, decimals: 0, symbol: 'PASS', nft: { standard, tokenId } }) as never
    await expect(p.prepareSend({ token: nft('1'), amount: '2', to: account(8) })).rejects.toBeInstanceOf(
      AmountAndReceiverRequiredError,
    )
    for (const bad of [nft('-1'), nft('0x1'), nft('1', 'erc20')])
      await expect(p.prepareSend({ token: bad, amount: '1', to: account(8) })).rejects.toBeInstanceOf(
        TokenRequiredError,
      )
  })
})
