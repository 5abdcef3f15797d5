import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EvmDevnet, startEvmDevnet } from './devnet.js'
import { getDexFixtures, uniswapArtifacts } from './dex.js'
import { getEvmFixtures } from './fixtures.js'

describe('devnet Uniswap V2', () => {
  let devnet: EvmDevnet
  beforeAll(async () => {
    devnet = await startEvmDevnet()
  }, 60_000)
  afterAll(async () => {
    await devnet?.stop()
  })

  const token = (symbol: string) => devnet.fixtures.tokens.find((t) => t.symbol === symbol)!

  it('lists the DEX in the fixtures, computed without a node', () => {
    const fixtures = getEvmFixtures()
    expect(fixtures.dex).toEqual(getDexFixtures(fixtures.tokens))
    expect(fixtures.dex.pools.map((p) => p.symbols.join('/'))).toEqual(['ETH/USDC', 'ETH/DAI', 'USDC/DAI'])
  })

  it('Router02 derives the same pair addresses as the fixtures (its init-code hash matches the pair artifact)', async () => {
    const { dex } = devnet.fixtures
    const abi = uniswapArtifacts().Factory.abi
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const pair = await client.readContract({
        address: dex.factory,
        abi,
        functionName: 'getPair',
        args: [dex.weth, token('USDC').address],
      })
      expect(pair).toBe(dex.pools[0]!.address)
      expect(await client.readContract({ address: dex.factory, abi, functionName: 'allPairsLength' })).toBe(
        3n,
      )
    }
  })

  it('prices ETH at about 3000 USDC and DAI, and USDC at about 1 DAI (getAmountsOut on both chains)', async () => {
    const { dex } = devnet.fixtures
    const abi = uniswapArtifacts().Router02.abi
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const out = async (amount: bigint, path: `0x${string}`[]) =>
        (
          (await client.readContract({
            address: dex.router,
            abi,
            functionName: 'getAmountsOut',
            args: [amount, path],
          })) as bigint[]
        ).at(-1)!
      const ethUsdc = Number(formatUnits(await out(parseEther('1'), [dex.weth, token('USDC').address]), 6))
      const ethDai = Number(formatUnits(await out(parseEther('1'), [dex.weth, token('DAI').address]), 18))
      const usdcDai = Number(
        formatUnits(await out(parseUnits('100', 6), [token('USDC').address, token('DAI').address]), 18),
      )
      // 0.3 % pool fee plus price impact on 1000 ETH of depth.
      expect(ethUsdc).toBeGreaterThan(2985)
      expect(ethUsdc).toBeLessThan(3000)
      expect(ethDai).toBeGreaterThan(2985)
      expect(usdcDai).toBeGreaterThan(99.6)
      expect(usdcDai).toBeLessThan(100)
    }
  })

  it('swaps 1 ETH for USDC through the router for a dev account', async () => {
    const { dex, accounts } = devnet.fixtures
    const chain = devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const account = privateKeyToAccount(accounts[7]!.privateKey)
    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
    const before = await client.readContract({
      address: token('USDC').address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    })
    const hash = await wallet.writeContract({
      address: dex.router,
      abi: uniswapArtifacts().Router02.abi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [dex.weth, token('USDC').address], account.address, 2n ** 40n],
      value: parseEther('1'),
      chain: null,
    } as never)
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const after = await client.readContract({
      address: token('USDC').address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    })
    expect(Number(formatUnits(after - before, 6))).toBeGreaterThan(2985)
  })
})
