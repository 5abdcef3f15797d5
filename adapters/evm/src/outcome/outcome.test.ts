import type { EvmDevnet } from '@portico/devnet'
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeErrorResult,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  size,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import type { EvmNetwork } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'
import { decodeRevert } from './decode.js'

const ERROR_STRING = parseAbi(['error Error(string)'])
const PANIC = parseAbi(['error Panic(uint256)'])

/** Runtime code that reverts every call with `data`: CODECOPY the data that follows the 12-byte prologue, REVERT. */
function revertingCode(data: Hex): Hex {
  const n = size(data)
  if (n > 255) throw new Error('revert data too long for this prologue')
  const len = n.toString(16).padStart(2, '0')
  return concatHex([`0x60${len}600c600039${`60${len}`}6000fd`, data])
}

describe('EVM outcomes against anvil (issue 28): a reverted transaction is failed with its reason', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  const caipNetworkId = 'eip155:31337' as const
  function clients(accountIndex: number) {
    const rpcUrl = devnet.chains[0]!.rpcUrl
    const account = privateKeyToAccount(devnet.fixtures.accounts[accountIndex]!.privateKey)
    const chain = {
      id: 31337,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }
    const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
    const reader = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
    const adapter = evmAdapter({ networks })
    adapter.setup(createTestContext({ isBrowser: false }).ctx)
    return { rpcUrl, account, wallet, reader, adapter }
  }

  /** Installs a contract at `at` that reverts with `data`, and sends it a call with a fixed gas limit (no estimate), so it is mined and reverts. */
  async function minedRevert(c: ReturnType<typeof clients>, at: Address, data: Hex) {
    await c.reader.request({ method: 'anvil_setCode' as never, params: [at, revertingCode(data)] as never })
    return await c.wallet.sendTransaction({ to: at, data: '0x12345678', gas: 100_000n })
  }

  it('Error(string): failed, the revert string as the reason, the selector as code, block and fee charged (gasUsed × effectiveGasPrice)', async () => {
    const c = clients(4)
    const data = encodeErrorResult({
      abi: ERROR_STRING,
      errorName: 'Error',
      args: ['GATE: transfers are paused'],
    })
    const hash = await minedRevert(c, '0x00000000000000000000000000000000000a7e01', data)
    const outcome = await c.adapter.waitForTransaction({ hash, caipNetworkId })
    const receipt = await c.reader.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    expect(outcome).toMatchObject({
      status: 'failed',
      hash,
      block: receipt.blockNumber.toString(),
      reason: { message: 'GATE: transfers are paused', code: '0x08c379a0', raw: data },
      fee: { value: receipt.gasUsed * receipt.effectiveGasPrice, symbol: 'ETH', decimals: 18 },
    })
  })

  it('Panic(0x11): failed, the panic code in words', async () => {
    const c = clients(4)
    const data = encodeErrorResult({ abi: PANIC, errorName: 'Panic', args: [0x11n] })
    const hash = await minedRevert(c, '0x00000000000000000000000000000000000a7e02', data)
    const outcome = await c.adapter.waitForTransaction({ hash, caipNetworkId })
    expect(outcome).toMatchObject({
      status: 'failed',
      reason: { message: 'Panic 0x11: arithmetic overflow or underflow', code: '0x4e487b71' },
    })
  })

  it('a plain transfer: succeeded, and the fee charged is exactly what left the sender beyond the amount', async () => {
    const c = clients(5)
    const before = await c.reader.getBalance({ address: c.account.address })
    const hash = await c.wallet.sendTransaction({
      to: devnet.fixtures.accounts[6]!.address,
      value: parseEther('1'),
    })
    const outcome = await c.adapter.waitForTransaction({ hash, caipNetworkId })
    if (outcome.status !== 'succeeded') throw new Error(`expected succeeded, got ${outcome.status}`)
    const after = await c.reader.getBalance({ address: c.account.address })
    expect(outcome.fee?.value).toBe(before - after - parseEther('1'))
    expect(outcome.block).toMatch(/^[0-9]+$/)
  })

  it('no receipt within timeoutMs: pending (the transaction may still be included later)', async () => {
    const c = clients(5)
    const hash = numberToHex(1n, { size: 32 })
    expect(await c.adapter.waitForTransaction({ hash, caipNetworkId, timeoutMs: 300 })).toEqual({
      status: 'pending',
      hash,
      stage: 'submitted',
    })
  })
})

describe('decodeRevert: the known ABIs, else the selector', () => {
  it('an ERC-20 custom error (ERC-6093) reads by name with its arguments', () => {
    const abi = parseAbi(['error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)'])
    const data = encodeErrorResult({
      abi,
      errorName: 'ERC20InsufficientBalance',
      args: ['0x00000000000000000000000000000000000000aa', 5n, 7n],
    })
    expect(decodeRevert(data).message).toBe(
      'ERC20InsufficientBalance(0x00000000000000000000000000000000000000AA, 5, 7)',
    )
  })

  it('an unknown custom error says its selector; no data says no reason', () => {
    expect(decodeRevert('0xdeadbeef')).toEqual({
      message: 'Reverted with custom error 0xdeadbeef',
      code: '0xdeadbeef',
      raw: '0xdeadbeef',
    })
    expect(decodeRevert(undefined).message).toBe('The transaction reverted without a reason')
  })
})
