// EVM fees as wallets compute them, on real anvil nodes: a London chain
// (EIP-1559), a Berlin chain (no base fee: legacy gas price) and anvil's
// OP-stack mode with the devnet's GasPriceOracle at the predeploy address.
import { createPortico, type Portico } from '@portico/core'
import {
  ANVIL_MNEMONIC,
  type AnvilProcess,
  getDevAccounts,
  getFreePort,
  type OpStackDevnet,
  startAnvil,
  startOpStackDevnet,
} from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseGwei,
  serializeTransaction,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { createDevWallet } from '../dev-wallet/index.js'
import { defineEvmNetwork, type EvmNetwork } from '../networks/index.js'
import {
  BASE_FEE_MULTIPLIER,
  FEE_HISTORY_BLOCKS,
  GAS_PRICE_ORACLE_ADDRESS,
  gasPriceOracleAbi,
  PRIORITY_FEE_PERCENTILE,
} from './index.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const ETH = { decimals: 18, symbol: 'ETH' }
/** The most the worst case may exceed the charged fee on these nodes: 2 × base fee + tip over at least 0.875 × base fee + tip. */
const WORST_CASE_OVER_CHARGED_AT_MOST = 2.5
const accounts = getDevAccounts()

let portico: Portico | undefined
afterEach(() => {
  portico?.destroy()
  portico = undefined
})

async function connect(network: EvmNetwork, key: number): Promise<Portico> {
  const wallet = createDevWallet({ networks: [network], privateKeys: [accounts[key]!.privateKey as Hex] })
  portico = createPortico({
    adapters: [
      evmAdapter({
        networks: [network],
        connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      }),
    ],
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(ID)
  return portico
}

async function anvil(chainId: number, extraArgs: string[] = []): Promise<AnvilProcess> {
  return await startAnvil({ chainId, port: await getFreePort(), extraArgs })
}

function stop(node: AnvilProcess | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    node.child.once('exit', () => resolve())
    node.child.kill('SIGTERM')
  })
}

const ratio = (a: bigint, b: bigint) => Number((a * 1000n) / b) / 1000

describe('EIP-1559 fees from eth_feeHistory on anvil (London)', () => {
  let node: AnvilProcess
  let network: EvmNetwork
  beforeAll(async () => {
    node = await anvil(31_350)
    network = defineEvmNetwork({ id: 31_350, name: 'London', rpcUrls: [node.rpcUrl], multicall3: null })
    // Five recent blocks tipping 1, 2, 3, 8 and 9 gwei: the market the suggestion must follow (median 3 gwei; mean 4.6).
    const tipper = createWalletClient({
      account: mnemonicToAccount(ANVIL_MNEMONIC, {
        addressIndex: 9,
      }),
      transport: http(node.rpcUrl),
    })
    for (const tip of ['1', '2', '3', '8', '9'])
      await tipper.sendTransaction({
        to: accounts[8]!.address as Address,
        value: 1n,
        maxPriorityFeePerGas: parseGwei(tip),
        maxFeePerGas: parseGwei('20'),
        chain: null,
      })
  })
  afterAll(() => stop(node))

  it('the fee shown is the worst case, gas × maxFeePerGas, with maxFeePerGas = 2 × the next base fee + the median 50th-percentile tip of the last 5 blocks', async () => {
    const p = await connect(network, 0)
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    const history = await client.getFeeHistory({
      blockCount: FEE_HISTORY_BLOCKS,
      blockTag: 'latest',
      rewardPercentiles: [PRIORITY_FEE_PERCENTILE],
    })
    const nextBaseFee = history.baseFeePerGas.at(-1)!
    const prepared = await p.prepareSend({ token: ETH, amount: '0.5', to: accounts[1]!.address })
    expect(history.reward?.map((r) => r[0])).toEqual(['1', '2', '3', '8', '9'].map((g) => parseGwei(g)))
    const maxFeePerGas = BASE_FEE_MULTIPLIER * nextBaseFee + parseGwei('3')
    expect(prepared.fee?.value).toBe(21_000n * maxFeePerGas)
  })

  it('the send carries the previewed gas limit and fee fields; the charged fee is at most the shown one and within 2.5× of it', async () => {
    const p = await connect(network, 0)
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    const prepared = await p.prepareSend({ token: ETH, amount: '0.25', to: accounts[2]!.address })
    const hash = (await p.send({ token: ETH, amount: '0.25', to: accounts[2]!.address })) as Hex
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash }),
      client.waitForTransactionReceipt({ hash }),
    ])
    expect(tx.type).toBe('eip1559')
    expect(tx.gas * tx.maxFeePerGas!).toBe(prepared.fee!.value)
    expect(tx.maxPriorityFeePerGas).toBe(parseGwei('3'))
    const charged = receipt.gasUsed * receipt.effectiveGasPrice
    expect(charged).toBeLessThanOrEqual(prepared.fee!.value)
    expect(ratio(prepared.fee!.value, charged)).toBeLessThanOrEqual(WORST_CASE_OVER_CHARGED_AT_MOST)
  })
})

describe('legacy gas price where the chain has no base fee (anvil --hardfork berlin)', () => {
  let node: AnvilProcess
  let network: EvmNetwork
  beforeAll(async () => {
    node = await anvil(31_351, ['--hardfork', 'berlin'])
    network = defineEvmNetwork({ id: 31_351, name: 'Berlin', rpcUrls: [node.rpcUrl], multicall3: null })
  })
  afterAll(() => stop(node))

  it('prices and sends with eth_gasPrice: the shown fee is gas × gasPrice and exactly what is charged', async () => {
    const p = await connect(network, 0)
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    expect((await client.getBlock()).baseFeePerGas ?? null).toBeNull()
    const gasPrice = await client.getGasPrice()
    const prepared = await p.prepareSend({ token: ETH, amount: '0.5', to: accounts[1]!.address })
    expect(prepared.fee?.value).toBe(21_000n * gasPrice)
    const hash = (await p.send({ token: ETH, amount: '0.5', to: accounts[1]!.address })) as Hex
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash }),
      client.waitForTransactionReceipt({ hash }),
    ])
    expect(tx.type).toBe('legacy')
    expect(tx.gasPrice).toBe(gasPrice)
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBe(prepared.fee!.value)
  })
})

describe('OP-stack: the L1 data fee of the GasPriceOracle predeploy is added (anvil --network optimism)', () => {
  let op: OpStackDevnet
  let network: EvmNetwork
  beforeAll(async () => {
    op = await startOpStackDevnet()
    network = defineEvmNetwork({
      id: op.chainId,
      name: 'OP devnet',
      rpcUrls: [op.rpcUrl],
      multicall3: null,
      opStack: true,
    })
  })
  afterAll(() => op?.stop())

  it('the fee shown is the L2 worst case + getL1Fee over the unsigned transaction the wallet signs; L1 fees rising raise it', async () => {
    const p = await connect(network, 0)
    const client = createPublicClient({ transport: http(op.rpcUrl) })
    const to = accounts[3]!.address as Address
    const prepared = await p.prepareSend({ token: ETH, amount: '0.1', to })
    const hash = (await p.send({ token: ETH, amount: '0.1', to })) as Hex
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash }),
      client.waitForTransactionReceipt({ hash }),
    ])
    const l2WorstCase = tx.gas * tx.maxFeePerGas!
    const l1Part = prepared.fee!.value - l2WorstCase
    // The oracle's answer for the transaction as sent, serialized without its signature.
    const unsigned = serializeTransaction({
      chainId: op.chainId,
      type: 'eip1559',
      nonce: tx.nonce,
      gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas!,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas!,
      to,
      value: tx.value,
    })
    const oracle = {
      address: GAS_PRICE_ORACLE_ADDRESS,
      abi: gasPriceOracleAbi,
      functionName: 'getL1Fee',
    } as const
    expect(l1Part).toBeGreaterThan(0n)
    expect(l1Part).toBe(await client.readContract({ ...oracle, args: [unsigned] }))
    // Anvil's OP mode charges the L2 part only: that stays within the L2 worst case.
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(l2WorstCase)

    await op.setL1Fees({
      l1BaseFee: 200_000_000_000n,
      blobBaseFee: 1n,
      baseFeeScalar: 5_227,
      blobBaseFeeScalar: 0,
    })
    const dearer = await p.prepareSend({ token: ETH, amount: '0.1', to })
    expect(dearer.fee!.value - l2WorstCase).toBeGreaterThan(l1Part)
  })
})
