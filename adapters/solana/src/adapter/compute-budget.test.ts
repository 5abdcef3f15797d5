// Compute budget on the local SVM (litesvm behind the devnet's JSON-RPC, which
// answers getRecentPrioritizationFees from what landed and charges the priority
// fee — price × limit — as a cluster does; litesvm itself deducts the same).
import { walletStandardConnectorId } from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  devnet as devnetUrl,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaLocalnet } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { COMPUTE_UNIT_MARGIN, DEFAULT_MAX_COMPUTE_UNIT_PRICE, limitWithMargin } from './compute-budget.js'
import { type SolanaAdapter, solanaAdapter } from './index.js'
import type { SolanaAdapterOptions } from './types.js'

let devnet: SolanaDevnet
let dev: SolanaDevWallet
let local: ReturnType<typeof solanaLocalnet>
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnetUrl>>>
const adapters: SolanaAdapter[] = []

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnetUrl(devnet.rpcUrl))
  local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  dev = await createSolanaDevWallet({
    secretKeys: devnet.fixtures.devKeypairs.slice(0, 1).map((k) => k.secretKey),
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
})

afterAll(async () => {
  for (const a of adapters) a.destroy?.()
  await devnet?.stop()
})

async function connected(options: Pick<SolanaAdapterOptions, 'priorityFee'> = {}) {
  const adapter = solanaAdapter({ networks: [local], wallets: [dev.wallet], ...options })
  adapters.push(adapter)
  await adapter.setup(createTestContext().ctx)
  const connectorId = walletStandardConnectorId(dev.wallet)
  await adapter.connect({ connectorId, caipNetworkId: local.caipNetworkId })
  return { adapter, connectorId }
}

const from = () => devnet.fixtures.devKeypairs[0]!.address
const to = () => devnet.fixtures.devKeypairs[2]!.address

/** The landed transaction's compute-budget requests (read from its wire bytes), fee and units. */
async function landed(signature: string) {
  const tx = await rpc
    .getTransaction(signature as Signature, { maxSupportedTransactionVersion: 0, encoding: 'base64' })
    .send()
  if (!tx?.meta) throw new Error(`${signature} did not land`)
  const wire = new Uint8Array(Buffer.from(tx.transaction[0], 'base64'))
  // The fields read here, common to legacy and v0 messages (what this adapter builds).
  const message = getCompiledTransactionMessageDecoder().decode(
    getTransactionDecoder().decode(wire).messageBytes,
  ) as unknown as {
    staticAccounts: string[]
    instructions: { programAddressIndex: number; data?: Uint8Array }[]
  }
  let limit: number | undefined
  let price: bigint | undefined
  for (const ix of message.instructions) {
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM_ADDRESS) continue
    const data = ix.data!
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2) limit = view.getUint32(1, true)
    if (data[0] === 3) price = view.getBigUint64(1, true)
  }
  return { limit, price, fee: BigInt(tx.meta.fee), units: Number(tx.meta.computeUnitsConsumed) }
}

/** Lands a transfer from the sender paying `microLamports` a unit, built with kit (a busy cluster's traffic). */
async function landPaying(microLamports: bigint): Promise<void> {
  const signer = await createKeyPairSignerFromBytes(devnet.fixtures.devKeypairs[0]!.secretKey)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: 1_000 }),
          getSetComputeUnitPriceInstruction({ microLamports }),
          getTransferSolInstruction({ source: signer, destination: address(to()), amount: lamports(1n) }),
        ],
        m,
      ),
  )
  const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
  await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
}

async function sendPriced(adapter: SolanaAdapter, connectorId: string) {
  const request = { from: from(), to: to(), value: 1_000_000n }
  const estimate = await adapter.estimateFee({ caipNetworkId: local.caipNetworkId, request })
  const hash = await adapter.sendTransaction({ connectorId, request })
  expect((await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })).status).toBe(
    'succeeded',
  )
  return { estimate: estimate.value, ...(await landed(hash)) }
}

describe('Solana compute budget: a unit price from recent prioritization fees (capped), a unit limit from simulation', () => {
  it('no recent priority fees: no price instruction, a limit of the simulated units + 10 % + 1 000, and the fee shown is the fee charged (5000 lamports)', async () => {
    const { adapter, connectorId } = await connected()
    const sent = await sendPriced(adapter, connectorId)
    expect(sent.price).toBeUndefined()
    expect(sent.units).toBeGreaterThan(0)
    expect(sent.limit).toBe(limitWithMargin(sent.units))
    expect(sent.limit).toBe(Math.ceil((sent.units * (100 + COMPUTE_UNIT_MARGIN.percent)) / 100) + 1_000)
    expect(sent.fee).toBe(5000n)
    expect(sent.estimate).toBe(sent.fee)
  })

  it('recent fees above the cap: the price is the cap (default 1 000 000 µlamports a unit); the fee shown, with price × limit, is the fee charged', async () => {
    for (let i = 0; i < 5; i++) await landPaying(5_000_000n)
    const { adapter, connectorId } = await connected()
    const sent = await sendPriced(adapter, connectorId)
    expect(sent.price).toBe(DEFAULT_MAX_COMPUTE_UNIT_PRICE)
    const priority = (DEFAULT_MAX_COMPUTE_UNIT_PRICE * BigInt(sent.limit!) + 999_999n) / 1_000_000n
    expect(sent.fee).toBe(5000n + priority)
    expect(sent.estimate).toBe(sent.fee)
  })

  it('under a higher cap the price is the median of the recent fees the sender’s accounts saw', async () => {
    const { adapter, connectorId } = await connected({
      priorityFee: { maxMicroLamportsPerUnit: 10_000_000n },
    })
    const recent = (await rpc.getRecentPrioritizationFees([address(from())]).send()).map((r) =>
      BigInt(r.prioritizationFee),
    )
    recent.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const median = recent[Math.floor(recent.length / 2)]!
    expect(median).toBe(5_000_000n)
    const sent = await sendPriced(adapter, connectorId)
    expect(sent.price).toBe(median)
    expect(sent.estimate).toBe(sent.fee)
  })

  it('priorityFee: false builds the bare transfer (no compute-budget instructions)', async () => {
    const { adapter, connectorId } = await connected({ priorityFee: false })
    const sent = await sendPriced(adapter, connectorId)
    expect(sent).toMatchObject({ limit: undefined, price: undefined, fee: 5000n, estimate: 5000n })
  })
})
