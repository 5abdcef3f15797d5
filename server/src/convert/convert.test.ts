import { HttpBlockchainApi, SwapNetworkNotSupportedError } from '@portico/core'
import { type EvmDevnet, startEvmDevnet, uniswapArtifacts } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const q = 'st=t&sv=1&projectId=local'

let devnet: EvmDevnet
let t: TestGateway
let api: HttpBlockchainApi
let client: PublicClient
let USDC: string
let DAI: string
const routerAbi = () => uniswapArtifacts().Router02.abi

beforeAll(async () => {
  devnet = await startEvmDevnet()
  const [n31337, n31338] = devnetNetworks(devnet)
  // 31338 is read by the gateway but has no DEX configured.
  t = await startTestGateway('sqlite', {
    networks: [{ ...n31337!, swap: { router: devnet.fixtures.dex.router } }, n31338],
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) }) as PublicClient
  const token = (s: string) => devnet.fixtures.tokens.find((x) => x.symbol === s)!.address.toLowerCase()
  USDC = `eip155:31337:${token('USDC')}`
  DAI = `eip155:31337:${token('DAI')}`
}, 60_000)
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

const chain = defineChain({
  id: 31337,
  name: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
})

function wallet(index: number) {
  const account = privateKeyToAccount(devnet.fixtures.accounts[index]!.privateKey)
  return createWalletClient({ account, chain, transport: http(devnet.chains[0]!.rpcUrl) })
}

interface BuiltTx {
  tx: {
    from: string
    to: string
    data: Hex
    value: string
    amount: string
    eip155: { gas: string; gasPrice: string }
  }
}

/** Sends a gateway-built transaction as it is (its gas, no re-estimate) and waits for the receipt. */
async function send(index: number, built: BuiltTx) {
  const hash = await wallet(index).sendTransaction({
    to: built.tx.to.split(':')[2] as Address,
    data: built.tx.data,
    value: BigInt(built.tx.value),
    gas: BigInt(built.tx.eip155.gas),
    gasPrice: BigInt(built.tx.eip155.gasPrice),
  })
  return await client.waitForTransactionReceipt({ hash })
}

const erc20Balance = (token: string, owner: Address) =>
  client.readContract({
    address: token.split(':')[2] as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

const routerOut = async (amount: bigint, path: Address[]) =>
  (
    (await client.readContract({
      address: devnet.fixtures.dex.router,
      abi: routerAbi(),
      functionName: 'getAmountsOut',
      args: [amount, path],
    })) as bigint[]
  ).at(-1)!

const addr = (caip10: string) => caip10.split(':')[2] as Address

describe('GET /v1/convert/tokens', () => {
  it('lists native (0xeeee…eeee) and the pooled tokens as CAIP-10, with decimals and the known price', async () => {
    const { tokens } = await api.getSwapTokens({ chainId: 'eip155:31337' })
    expect(tokens.map((x) => [x.symbol, x.address, x.decimals, (x as { price?: number }).price])).toEqual([
      ['ETH', NATIVE, 18, 3000],
      ['USDC', USDC, 6, 1],
      ['DAI', DAI, 18, 1],
    ])
  })

  it('demo prices are labelled as demo prices (priceSource "demo"), as balances label them', async () => {
    const r = await call(`${t.url}/v1/convert/tokens?${q}&chainId=eip155:31337`)
    expect(r.status).toBe(200)
    const labels = (r.body.tokens as { price?: number; priceSource?: string }[]).map((x) => x.priceSource)
    expect(labels).toEqual(['demo', 'demo', 'demo'])
  })

  it('a network without a DEX answers "Network not supported for Swaps"', async () => {
    for (const chainId of ['eip155:31338', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      const r = await call(`${t.url}/v1/convert/tokens?${q}&chainId=${chainId}`)
      expect(r.status).toBe(400)
      expect(r.body).toEqual({
        code: 'swap_network_not_supported',
        message: 'Network not supported for Swaps',
      })
    }
  })

  it('the core client skips swap calls on a network it knows to be unsupported (SPEC §5)', async () => {
    const gated = new HttpBlockchainApi({
      baseUrl: t.url,
      projectId: 'local',
      isNetworkSupported: (id) => id === 'eip155:31337',
    })
    await expect(gated.getSwapTokens({ chainId: 'eip155:31338' })).rejects.toBeInstanceOf(
      SwapNetworkNotSupportedError,
    )
    await expect(gated.getSwapTokens({ chainId: 'eip155:31338' })).rejects.toThrow(
      'Network not supported for Swaps',
    )
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('answers standard ≤ fast ≤ instant in wei, at least the next base fee', async () => {
    const gas = await api.getGasPrice({ chainId: 'eip155:31337' })
    const [standard, fast, instant] = [gas.standard, gas.fast, gas.instant].map(BigInt) as [
      bigint,
      bigint,
      bigint,
    ]
    const block = await client.getBlock()
    expect(standard).toBeGreaterThan(0n)
    expect(standard).toBeLessThanOrEqual(fast)
    expect(fast).toBeLessThanOrEqual(instant)
    expect(standard).toBeGreaterThanOrEqual((block.baseFeePerGas! * 7n) / 8n)
  })

  it('an unknown network answers "Network not supported for Gas Price"', async () => {
    const r = await call(`${t.url}/v1/convert/gas-price?${q}&chainId=eip155:999`)
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('Network not supported for Gas Price')
  })
})

describe('GET /v1/convert/quotes', () => {
  it("ETH → USDC quotes exactly the router's own getAmountsOut", async () => {
    const user = devnet.fixtures.accounts[1]!.address
    const amount = parseEther('1')
    const { quotes } = await api.getSwapQuote({
      amount: amount.toString(),
      userAddress: `eip155:31337:${user}`,
      from: NATIVE,
      to: USDC,
      gasPrice: '1000000000',
    })
    const expected = await routerOut(amount, [devnet.fixtures.dex.weth, addr(USDC)])
    expect(quotes[0]).toMatchObject({
      fromAmount: amount.toString(),
      fromAccount: NATIVE,
      toAmount: expected.toString(),
      toAccount: USDC,
      path: [NATIVE, USDC],
    })
    const fees = (quotes[0] as unknown as { fees: { kind: string; amount: string }[] }).fees
    expect(fees[0]).toMatchObject({
      kind: 'pool',
      amount: ((amount * 3n) / 1000n).toString(),
      percent: '0.3',
    })
    expect(fees[1]).toMatchObject({ kind: 'network', gasPrice: '1000000000' })
  })

  it('USDC → DAI takes the route that pays more (direct pool vs through WETH)', async () => {
    const amount = parseUnits('1000', 6)
    const r = await call(
      `${t.url}/v1/convert/quotes?${q}&amount=${amount}&userAddress=${devnet.fixtures.accounts[1]!.address}&from=${USDC}&to=${DAI}`,
    )
    expect(r.status).toBe(200)
    const direct = await routerOut(amount, [addr(USDC), addr(DAI)])
    const viaWeth = await routerOut(amount, [addr(USDC), devnet.fixtures.dex.weth, addr(DAI)])
    const weth = `eip155:31337:${devnet.fixtures.dex.weth.toLowerCase()}`
    const best =
      direct > viaWeth ? { out: direct, path: [USDC, DAI] } : { out: viaWeth, path: [USDC, weth, DAI] }
    expect(BigInt(r.body.quotes[0].toAmount)).toBe(best.out)
    expect(r.body.quotes[0].path).toEqual(best.path)
    // With these pools the deep direct stable pool wins (one 0.3 % fee instead of two).
    expect(best.path).toEqual([USDC, DAI])
  })

  it('bad input is a 400 with a typed code, never a quote', async () => {
    const user = devnet.fixtures.accounts[1]!.address
    const base = `${t.url}/v1/convert/quotes?${q}&userAddress=${user}`
    const cases: [string, string][] = [
      [`${base}&from=${NATIVE}&to=${USDC}`, 'invalid_request'], // no amount
      [`${base}&amount=0&from=${NATIVE}&to=${USDC}`, 'invalid_amount'],
      [`${base}&amount=1.5&from=${NATIVE}&to=${USDC}`, 'invalid_request'],
      [`${base}&amount=1&from=${USDC}&to=${USDC}`, 'same_token'],
      [`${base}&amount=1&from=${NATIVE}&to=eip155:31338:${addr(USDC)}`, 'swap_network_not_supported'],
      [`${base}&amount=1&from=eip155:31337:0x12&to=${USDC}`, 'invalid_address'],
      [`${base}&amount=1&from=${NATIVE}&to=eip155:31337:0x${'ab'.repeat(20)}`, 'no_route'],
      [
        `${t.url}/v1/convert/quotes?${q}&userAddress=nope&amount=1&from=${NATIVE}&to=${USDC}`,
        'invalid_request',
      ],
    ]
    for (const [url, code] of cases) {
      const r = await call(url)
      expect({ url, status: r.status, code: r.body.code }).toEqual({ url, status: 400, code })
    }
  })
})

describe('GET /v1/convert/allowance', () => {
  it('an address with no token contract is a 400 not_a_token, not a 502 (found by the HTTP fuzzer)', async () => {
    const user = devnet.fixtures.accounts[1]!.address
    const account = devnet.fixtures.accounts[0]!.address
    const r = await call(
      `${t.url}/v1/convert/allowance?${q}&tokenAddress=eip155:31337:${account}&userAddress=eip155:31337:${user}`,
    )
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 400, code: 'not_a_token' })
    expect(r.body.message).toContain('is not an ERC-20 token')
  })
})

describe('building and sending swaps', () => {
  it('ETH → USDC: the built transaction moves balances exactly as quoted', async () => {
    const index = 2
    const user = devnet.fixtures.accounts[index]!.address
    const amount = parseEther('1')
    const built = (await api.buildSwapTransaction({
      amount: amount.toString(),
      from: NATIVE,
      to: USDC,
      userAddress: `eip155:31337:${user}`,
    })) as unknown as BuiltTx & { toAmount: string; toAmountMin: string }
    expect(built.tx).toMatchObject({
      from: `eip155:31337:${user}`,
      to: `eip155:31337:${devnet.fixtures.dex.router.toLowerCase()}`,
      value: amount.toString(),
      amount: amount.toString(),
    })
    // SPEC §9 slippage 1 (percent) by default.
    expect(BigInt(built.toAmountMin)).toBe((BigInt(built.toAmount) * 9900n) / 10000n)
    const [ethBefore, usdcBefore] = [
      await client.getBalance({ address: user }),
      await erc20Balance(USDC, user),
    ]
    const receipt = await send(index, built)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.tx.eip155.gas))
    const usdcGained = (await erc20Balance(USDC, user)) - usdcBefore
    expect(usdcGained).toBe(BigInt(built.toAmount))
    const ethSpent = ethBefore - (await client.getBalance({ address: user }))
    expect(ethSpent).toBe(amount + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('USDC → DAI goes through the approve step: estimate fails without allowance, then approve, then swap', async () => {
    const index = 3
    const user = devnet.fixtures.accounts[index]!.address
    const amount = parseUnits('250', 6)
    const body = { amount: amount.toString(), from: USDC, to: DAI, userAddress: `eip155:31337:${user}` }
    expect(await api.getSwapAllowance({ tokenAddress: USDC, userAddress: `eip155:31337:${user}` })).toEqual({
      allowance: '0',
    })
    const early = await call(`${t.url}/v1/convert/build-transaction?${q}`, {
      json: { ...body, eip155: { slippage: '1' }, projectId: 'local' },
    })
    expect(early.status).toBe(400)
    expect(early.body.code).toBe('estimate_failed')

    const approve = (
      await call(
        `${t.url}/v1/convert/build-approve?${q}&userAddress=eip155:31337:${user}&from=${USDC}&to=${DAI}&amount=${amount}`,
      )
    ).body as BuiltTx
    expect(approve.tx).toMatchObject({ from: USDC, to: USDC, value: '0' })
    expect((await send(index, approve)).status).toBe('success')
    expect(await api.getSwapAllowance({ tokenAddress: USDC, userAddress: user })).toEqual({
      allowance: amount.toString(),
    })

    const built = (await api.buildSwapTransaction({ ...body, slippage: '0.5' })) as unknown as BuiltTx & {
      toAmount: string
      toAmountMin: string
    }
    expect(BigInt(built.toAmountMin)).toBe((BigInt(built.toAmount) * 9950n) / 10000n)
    expect(built.tx.value).toBe('0')
    const daiBefore = await erc20Balance(DAI, user)
    const usdcBefore = await erc20Balance(USDC, user)
    expect((await send(index, built)).status).toBe('success')
    expect((await erc20Balance(DAI, user)) - daiBefore).toBe(BigInt(built.toAmount))
    expect(usdcBefore - (await erc20Balance(USDC, user))).toBe(amount)
  })

  it('DAI → ETH pays native out through swapExactTokensForETH', async () => {
    const index = 4
    const user = devnet.fixtures.accounts[index]!.address
    const amount = parseUnits('3000', 18)
    const approve = (
      await call(`${t.url}/v1/convert/build-approve?${q}&userAddress=${user}&from=${DAI}&to=${NATIVE}`)
    ).body as BuiltTx
    expect((await send(index, approve)).status).toBe('success')
    const built = (await api.buildSwapTransaction({
      amount: amount.toString(),
      from: DAI,
      to: NATIVE,
      userAddress: user,
    })) as unknown as BuiltTx & { toAmount: string }
    const before = await client.getBalance({ address: user })
    const receipt = await send(index, built)
    expect(receipt.status).toBe('success')
    const gained =
      (await client.getBalance({ address: user })) - before + receipt.gasUsed * receipt.effectiveGasPrice
    expect(gained).toBe(BigInt(built.toAmount))
    expect(Number(gained) / 1e18).toBeGreaterThan(0.98)
  })

  it('a price move within the slippage still fills, at no less than the minimum', async () => {
    const user = devnet.fixtures.accounts[5]!.address
    const built = (await api.buildSwapTransaction({
      amount: parseEther('1').toString(),
      from: NATIVE,
      to: USDC,
      userAddress: user,
      slippage: '1',
    })) as unknown as BuiltTx & { toAmount: string; toAmountMin: string }
    // Another trader buys USDC first: about 0.2 % worse for our swap.
    const front = (await api.buildSwapTransaction({
      amount: parseEther('1').toString(),
      from: NATIVE,
      to: USDC,
      userAddress: devnet.fixtures.accounts[6]!.address,
    })) as unknown as BuiltTx
    expect((await send(6, front)).status).toBe('success')
    const before = await erc20Balance(USDC, user)
    expect((await send(5, built)).status).toBe('success')
    const got = (await erc20Balance(USDC, user)) - before
    expect(got).toBeLessThan(BigInt(built.toAmount))
    expect(got).toBeGreaterThanOrEqual(BigInt(built.toAmountMin))
  })

  it('a price move beyond the slippage reverts the swap (INSUFFICIENT_OUTPUT_AMOUNT) and moves nothing', async () => {
    const user = devnet.fixtures.accounts[7]!.address
    const built = (await api.buildSwapTransaction({
      amount: parseEther('1').toString(),
      from: NATIVE,
      to: USDC,
      userAddress: user,
      slippage: '1',
    })) as unknown as BuiltTx
    // A 30 ETH buy moves the pool about 6 %.
    const front = (await api.buildSwapTransaction({
      amount: parseEther('30').toString(),
      from: NATIVE,
      to: USDC,
      userAddress: devnet.fixtures.accounts[8]!.address,
    })) as unknown as BuiltTx
    expect((await send(8, front)).status).toBe('success')
    await expect(
      client.call({
        account: user,
        to: addr(built.tx.to),
        data: built.tx.data,
        value: BigInt(built.tx.value),
      }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
    const before = await erc20Balance(USDC, user)
    expect((await send(7, built)).status).toBe('reverted')
    expect(await erc20Balance(USDC, user)).toBe(before)
  })

  it('build-transaction refuses bad input with a 400 (slippage over 50, native approval, unknown body fields types)', async () => {
    const user = devnet.fixtures.accounts[1]!.address
    const base = { amount: '1000', from: NATIVE, to: USDC, userAddress: user, projectId: 'local' }
    const cases: [unknown, string][] = [
      [{ ...base, eip155: { slippage: '60' } }, 'invalid_slippage'],
      [{ ...base, eip155: { slippage: '-1' } }, 'invalid_request'],
      [{ ...base, amount: 1000 }, 'invalid_request'],
      [{ ...base, disableEstimate: 'yes' }, 'invalid_request'],
      [{ ...base, userAddress: `eip155:31338:${user}` }, 'cross_chain'],
    ]
    for (const [json, code] of cases) {
      const r = await call(`${t.url}/v1/convert/build-transaction?${q}`, { json })
      expect({ json, status: r.status, code: r.body.code }).toEqual({ json, status: 400, code })
    }
    const r = await call(
      `${t.url}/v1/convert/build-approve?${q}&userAddress=${user}&from=${NATIVE}&to=${USDC}`,
    )
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('no_approval_needed')
  })
})
