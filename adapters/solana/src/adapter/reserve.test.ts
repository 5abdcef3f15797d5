import { randomBytes } from 'node:crypto'
import { BelowMinimumBalanceError, walletStandardConnectorId } from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { address, createSolanaRpc, getBase58Decoder } from '@solana/kit'
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
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnet.rpcUrl)
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

/** The adapter's transferRequest as a promise (it may answer synchronously). */
const transfer = async (params: Parameters<NonNullable<SolanaAdapter['transferRequest']>>[0]) =>
  await adapter.transferRequest!(params)

const newAddress = () => getBase58Decoder().decode(randomBytes(32))
const lamportsOf = async (a: string) => (await rpc.getBalance(address(a)).send()).value

describe('Solana rent-exempt minimum: Max keeps it, sends that break it are refused before signing', () => {
  it('getReserve of a wallet is the rent-exempt minimum for 0 bytes of data, as the cluster computes it', async () => {
    const minimum = await rpc.getMinimumBalanceForRentExemption(0n).send()
    const reserve = await adapter.getReserve({
      address: devnet.fixtures.devKeypairs[0]!.address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(reserve).toMatchObject({ kind: 'rent-exempt-minimum', keep: { value: minimum, symbol: 'SOL' } })
    expect(reserve?.reason).toBe('Solana keeps 0.00089088 SOL in every account (rent-exempt minimum)')
    // An SPL send keeps nothing in the token.
    expect(
      await adapter.getReserve({
        address: devnet.fixtures.devKeypairs[0]!.address,
        caipNetworkId: local.caipNetworkId,
        token: devnet.fixtures.splMint.mint,
      }),
    ).toBeUndefined()
  })

  it('SOL to a new account below the minimum is refused with BelowMinimumBalanceError naming it; at the minimum it lands', async () => {
    const from = devnet.fixtures.devKeypairs[0]!.address
    const to = newAddress()
    const minimum = await rpc.getMinimumBalanceForRentExemption(0n).send()
    const refused = await transfer({
      from,
      to,
      caipNetworkId: local.caipNetworkId,
      amount: minimum - 1n,
    }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(BelowMinimumBalanceError)
    expect(refused).toMatchObject({ account: 'receiver', minimum: '0.00089088 SOL' })
    const request = await transfer({
      from,
      to,
      caipNetworkId: local.caipNetworkId,
      amount: minimum,
    })
    const hash = await adapter.sendTransaction({ connectorId, request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })).status).toBe(
      'succeeded',
    )
    expect(await lamportsOf(to)).toBe(minimum)
  })

  it('a sender keeping less than the minimum is refused; Max (balance − fee − reserve) lands and leaves exactly the minimum', async () => {
    const from = devnet.fixtures.devKeypairs[2]!.address
    const to = devnet.fixtures.devKeypairs[1]!.address
    const caipNetworkId = local.caipNetworkId
    const balance = await lamportsOf(from)
    const fee = await adapter.estimateFee({ caipNetworkId, request: { from, to, value: 1n } })
    const reserve = (await adapter.getReserve({ address: from, caipNetworkId }))!
    await expect(
      transfer({ from, to, caipNetworkId, amount: balance - fee.value - 1000n }),
    ).rejects.toMatchObject({ name: 'BelowMinimumBalanceError', account: 'sender' })
    const max = balance - fee.value - reserve.keep.value
    const request = await transfer({ from, to, caipNetworkId, amount: max })
    const hash = await adapter.sendTransaction({ connectorId, request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId })).status).toBe('succeeded')
    expect(await lamportsOf(from)).toBe(reserve.keep.value)
  })
})
