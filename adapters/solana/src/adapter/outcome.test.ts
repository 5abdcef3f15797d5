import { NetworkRequestError, type TransactionOutcome, walletStandardConnectorId } from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  devnet as devnetUrl,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaLocalnet } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { type SolanaAdapter, solanaAdapter } from './index.js'

let devnet: SolanaDevnet
let dev: SolanaDevWallet
let adapter: SolanaAdapter
let connectorId: string
let local: ReturnType<typeof solanaLocalnet>
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnetUrl>>>

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnetUrl(devnet.rpcUrl))
  local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  dev = await createSolanaDevWallet({
    secretKeys: devnet.fixtures.devKeypairs.slice(0, 3).map((k) => k.secretKey),
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  adapter = solanaAdapter({ networks: [local], wallets: [dev.wallet] })
  await adapter.setup(createTestContext().ctx)
  connectorId = walletStandardConnectorId(dev.wallet)
  await adapter.connect({ connectorId, caipNetworkId: local.caipNetworkId })
})

afterAll(async () => {
  adapter?.destroy?.()
  await devnet?.stop()
})

/** An unsigned SOL transfer built directly with kit (not by the adapter), on the cluster's latest blockhash. */
async function transferBytes(from: string, to: string, value: bigint): Promise<Uint8Array> {
  const payer = createNoopSigner(address(from))
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: payer, destination: address(to), amount: lamports(value) })],
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** Sends signed bytes as a dApp that skips preflight does: the cluster lands them whatever they do. */
async function sendSkippingPreflight(signed: Uint8Array): Promise<string> {
  return await rpc
    .sendTransaction(getBase64Decoder().decode(signed) as never, { encoding: 'base64', skipPreflight: true })
    .send()
}

describe('Solana waitForTransaction: the real outcome by signature status', () => {
  it('a transfer succeeds: block (slot) and the fee charged, equal to the estimate (5000 lamports per signature)', async () => {
    const [from, to] = [devnet.fixtures.devKeypairs[0]!.address, devnet.fixtures.devKeypairs[2]!.address]
    const request = { from, to, value: 1_000_000n }
    const estimate = await adapter.estimateFee({ caipNetworkId: local.caipNetworkId, request })
    const hash = await adapter.sendTransaction({ connectorId, request })
    const outcome = await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
    expect(outcome).toMatchObject({ status: 'succeeded', hash, block: expect.stringMatching(/^\d+$/) })
    if (outcome.status !== 'succeeded') throw new Error('unreachable')
    expect(outcome.fee?.value).toBe(5000n)
    expect(outcome.fee?.value).toBe(estimate.value)
  })

  it('a transfer of more than the balance lands failed: the InstructionError (index 0, Custom(1)) is the reason', async () => {
    const from = devnet.fixtures.devKeypairs[2]!.address
    const to = devnet.fixtures.devKeypairs[1]!.address
    const balance = (await rpc.getBalance(address(from)).send()).value
    const { signedTransaction } = await adapter.signTransaction({
      connectorId,
      address: from,
      request: { transaction: await transferBytes(from, to, balance * 2n) },
    })
    const hash = await sendSkippingPreflight(signedTransaction)
    const outcome = await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
    expect(outcome).toMatchObject({
      status: 'failed',
      hash,
      reason: { message: 'Instruction 0 failed: custom program error 0x1', code: 'Custom(1)' },
    })
    if (outcome.status !== 'failed') throw new Error('unreachable')
    // The fee is charged even though the transfer failed.
    expect(outcome.fee?.value).toBe(5000n)
    expect((await rpc.getBalance(address(from)).send()).value).toBe(balance - 5000n)
  })

  it('a transaction whose blockhash expired before it landed is dropped ("blockhash expired"), not pending forever', async () => {
    const from = devnet.fixtures.devKeypairs[1]!.address
    const to = devnet.fixtures.devKeypairs[2]!.address
    const { signedTransaction } = await adapter.signTransaction({
      connectorId,
      address: from,
      request: { transaction: await transferBytes(from, to, 1_000n) },
    })
    // 151 blocks later (each airdrop lands one) the blockhash is outside the 150-block window.
    // One at a time: kit coalesces identical requests in flight, and each airdrop must land its own block.
    for (let i = 0; i < 151; i++) await rpc.requestAirdrop(address(to), lamports(1n)).send()
    const hash = await sendSkippingPreflight(signedTransaction)
    const updates: TransactionOutcome[] = []
    const outcome = await adapter.waitForTransaction({
      hash,
      caipNetworkId: local.caipNetworkId,
      onUpdate: (o) => updates.push(o),
    })
    expect(outcome).toEqual({ status: 'dropped', hash, reason: 'blockhash expired' })
    expect(updates.every((u) => u.status === 'pending')).toBe(true)
    expect((await rpc.getSignatureStatuses([hash as never]).send()).value[0]).toBeNull()
  })

  it('a signature the cluster never saw is still pending when timeoutMs runs out', async () => {
    const hash = getBase58Decoder().decode(new Uint8Array(64).fill(7))
    const outcome = await adapter.waitForTransaction({
      hash,
      caipNetworkId: local.caipNetworkId,
      timeoutMs: 800,
    })
    expect(outcome).toEqual({ status: 'pending', hash, stage: 'submitted' })
  })

  it('rejects with NetworkRequestError only when the RPC cannot be asked at all', async () => {
    const down = solanaLocalnet({ rpcUrl: 'http://127.0.0.1:9/', genesisHash: devnet.genesisHash })
    const offline = solanaAdapter({ networks: [down] })
    await offline.setup(createTestContext().ctx)
    const hash = getBase58Decoder().decode(new Uint8Array(64).fill(9))
    await expect(
      offline.waitForTransaction({ hash, caipNetworkId: down.caipNetworkId, timeoutMs: 500 }),
    ).rejects.toBeInstanceOf(NetworkRequestError)
    offline.destroy?.()
  })
})
