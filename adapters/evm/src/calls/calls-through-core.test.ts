// Issue 30: EIP-5792 through core (portico.getCallsCapabilities / sendCalls / getCallsStatus /
// waitForCalls / showCallsStatus) on a real createPortico with the EVM adapter, driving the dev
// wallets' one EVM signing core on real anvil: the MetaMask emulation runs a batch atomically
// (one EIP-7702 transaction through the devnet's PorticoBatchExecutor), the Rabby emulation has no
// EIP-5792 and answers -32601 "method not found".
import { createPortico, InvalidCallsError, MAX_CALLS_PER_BATCH, type Portico } from '@portico/core'
import { DEV_BATCH_EXECUTOR } from '@portico/dev-wallets/evm'
import { EVM_PERSONALITIES, type EvmPersonalityId } from '@portico/dev-wallets/evm/personalities'
import type { EvmDevnet } from '@portico/devnet'
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import type { EvmNetwork } from '../networks/index.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'
import { AtomicBatchUnsupportedError } from './calls.js'

const quiet = { debug() {}, info() {}, warn() {}, error() {} }
let devnet: EvmDevnet
let networks: [EvmNetwork, EvmNetwork]
let portico: Portico | undefined

beforeAll(async () => {
  ;({ devnet, networks } = await startDevnetNetworks())
}, 120_000)
afterEach(() => {
  portico?.destroy()
  portico = undefined
})
afterAll(async () => {
  await devnet?.stop()
})

const client = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
const usdc = () => devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!.address as Address
const usdcOf = (owner: Address) =>
  client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const transfer = (to: Address, amount: bigint) => ({
  to: usdc(),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

async function start(id: EvmPersonalityId, account: number) {
  const personality = EVM_PERSONALITIES[id]({ networks })
  personality.wallet.selectAccount(account)
  portico = createPortico({
    adapters: [
      evmAdapter({
        networks,
        connectors: [{ id: personality.rdns, name: personality.name, provider: personality.wallet.provider }],
      }),
    ],
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(personality.rdns, { caipNetworkId: 'eip155:31337' })
  return { personality, p: portico, address: portico.getState().accounts.eip155!.address as Address }
}

describe('EIP-5792 through core on anvil (issue 30)', () => {
  it('the devnet deploys the dev wallets’ EIP-7702 batch executor at DEV_BATCH_EXECUTOR', async () => {
    expect(devnet.fixtures.accountAbstraction.batchExecutor).toBe(DEV_BATCH_EXECUTOR)
    expect(await client().getCode({ address: DEV_BATCH_EXECUTOR })).toMatch(/^0x[0-9a-f]{100,}$/)
  })

  it('MetaMask (emulated): capabilities say atomic "supported"; two transfers land in one transaction; waitForCalls reports 200 from the real receipt; showCallsStatus reaches the wallet', async () => {
    const { personality, p, address } = await start('metamask', 3)
    expect(await p.getCallsCapabilities()).toEqual({ atomic: 'supported', paymasterService: false })
    const a = devnet.fixtures.accounts[7]!.address as Address
    const b = devnet.fixtures.accounts[8]!.address as Address
    const [beforeA, beforeB, beforeMe] = await Promise.all([usdcOf(a), usdcOf(b), usdcOf(address)])
    const sent = await p.sendCalls({
      calls: [transfer(a, 1_000_000n), transfer(b, 2_000_000n)],
      requestId: 'batch-1',
    })
    expect(sent).toMatchObject({ namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(p.getState().requests['batch-1']).toMatchObject({
      kind: 'sendCalls',
      status: 'success',
      result: sent.id,
    })
    const status = await p.waitForCalls({ id: sent.id })
    expect(status.status).toBe(200)
    expect(status.atomic).toBe(true)
    expect(status.outcome?.status).toBe('succeeded')
    // One transaction carried both calls, from the account itself (EIP-7702: type 4, sent to itself).
    const tx = await client().getTransaction({ hash: status.outcome!.hash as `0x${string}` })
    expect(tx.type).toBe('eip7702')
    expect(tx.to?.toLowerCase()).toBe(address.toLowerCase())
    expect(await usdcOf(a)).toBe(beforeA + 1_000_000n)
    expect(await usdcOf(b)).toBe(beforeB + 2_000_000n)
    expect(await usdcOf(address)).toBe(beforeMe - 3_000_000n)
    await p.showCallsStatus({ id: sent.id })
    expect(personality.wallet.calls.shown).toEqual([sent.id])
  }, 60_000)

  it('an atomic batch whose second call would revert is refused by the wallet’s simulation: nothing lands, the first call’s transfer included', async () => {
    const { p, address } = await start('metamask', 4)
    const a = devnet.fixtures.accounts[7]!.address as Address
    const [beforeA, beforeMe] = await Promise.all([usdcOf(a), usdcOf(address)])
    await expect(
      p.sendCalls({ calls: [transfer(a, 1_000_000n), transfer(a, beforeMe * 10n + 1n)] }),
    ).rejects.toThrow()
    expect(await usdcOf(a)).toBe(beforeA)
    expect(await usdcOf(address)).toBe(beforeMe)
  }, 60_000)

  it('Rabby (emulated) has no EIP-5792: the wallet answers -32601, capabilities say "unsupported", an atomic batch is refused typed before anything is sent', async () => {
    const { personality, p } = await start('rabby', 5)
    const raw = await personality.wallet.provider
      .request({ method: 'wallet_getCapabilities', params: [personality.wallet.address] })
      .catch((e: unknown) => e)
    expect(raw).toMatchObject({ code: -32601 })
    expect(await p.getCallsCapabilities()).toEqual({ atomic: 'unsupported', paymasterService: false })
    const a = devnet.fixtures.accounts[7]!.address as Address
    await expect(p.sendCalls({ calls: [transfer(a, 1n)] })).rejects.toBeInstanceOf(
      AtomicBatchUnsupportedError,
    )
    expect(personality.wallet.requests).not.toContain('wallet_sendCalls')
  }, 60_000)

  it(`bad calls are InvalidCallsError and the wallet is never asked (empty, over ${MAX_CALLS_PER_BATCH}, a non-address target, a negative value, non-hex data, an empty id)`, async () => {
    const { personality, p } = await start('metamask', 6)
    const a = devnet.fixtures.accounts[7]!.address
    const bad: unknown[] = [
      [],
      Array.from({ length: MAX_CALLS_PER_BATCH + 1 }, () => ({ to: a })),
      [{ to: 'alice.eth' }],
      [{ to: a, value: -1n }],
      [{ to: a, data: 'zz' }],
    ]
    for (const calls of bad) {
      await expect(p.sendCalls({ calls: calls as never })).rejects.toBeInstanceOf(InvalidCallsError)
    }
    await expect(p.getCallsStatus({ id: '' })).rejects.toBeInstanceOf(InvalidCallsError)
    expect(personality.wallet.requests).not.toContain('wallet_sendCalls')
    expect(personality.wallet.requests).not.toContain('wallet_getCallsStatus')
  }, 60_000)
})
