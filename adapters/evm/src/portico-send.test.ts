import {
  AmountAndReceiverRequiredError,
  AmountExceedsBalanceError,
  createPortico,
  InvalidReceiverAddressError,
  PENDING_TRANSACTIONS_LIMIT,
  PendingTransactionsLimitError,
  type Portico,
  TokenRequiredError,
} from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { type Address, createPublicClient, erc20Abi, getAddress, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import type { EvmNetwork } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const ETH = { decimals: 18, symbol: 'ETH' }

describe('Send through core + evmAdapter on real anvil (issue 17; SPEC §5 texts, §9 pending limit 99)', () => {
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

  const rpc = () => devnet.chains[0]!.rpcUrl
  const client = () => createPublicClient({ transport: http(rpc()) })
  const account = (i: number) => devnet.fixtures.accounts[i]!.address as Address
  const usdc = () => devnet.fixtures.tokens[0]!

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

  it("SPEC §5: no amount or no receiver is 'An amount and receiver address are required'; no token is 'A token is required'", async () => {
    const p = await start(0)
    await expect(p.prepareSend({ token: ETH, amount: '', to: account(1) })).rejects.toThrow(
      new AmountAndReceiverRequiredError().message,
    )
    await expect(p.prepareSend({ token: ETH, amount: '1', to: '  ' })).rejects.toBeInstanceOf(
      AmountAndReceiverRequiredError,
    )
    await expect(p.prepareSend({ token: undefined, amount: '1', to: account(1) })).rejects.toThrow(
      'A token is required',
    )
    await expect(p.prepareSend({ token: undefined, amount: '1', to: account(1) })).rejects.toBeInstanceOf(
      TokenRequiredError,
    )
    await expect(p.prepareSend({ token: ETH, amount: '0', to: account(1) })).rejects.toBeInstanceOf(
      AmountAndReceiverRequiredError,
    )
    await expect(p.prepareSend({ token: ETH, amount: '1.2.3', to: account(1) })).rejects.toMatchObject({
      code: 'INVALID_DECIMAL_NUMBER',
    })
  })

  it('a receiver that is not an EVM address, or a mixed-case address with a wrong EIP-55 checksum, is refused before any wallet prompt', async () => {
    const p = await start(0)
    const good = getAddress(account(1))
    // One letter's case flipped: still 40 hex digits, but the checksum no longer matches.
    const i = [...good].findIndex((c, k) => k > 1 && /[a-f]/i.test(c))
    const flipped =
      good.slice(0, i) +
      (good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()) +
      good.slice(i + 1)
    for (const to of ['abc', `${good}00`, 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', flipped]) {
      const error = await p.prepareSend({ token: ETH, amount: '1', to }).catch((e: unknown) => e)
      expect(error, to).toBeInstanceOf(InvalidReceiverAddressError)
      expect((error as Error).message).toContain('Not a valid receiver address for this network')
    }
    expect(Object.keys(p.getState().requests)).toEqual([])
    // The same address all lower case, or without 0x (SPEC §5), is accepted.
    await expect(p.prepareSend({ token: ETH, amount: '1', to: good.toLowerCase() })).resolves.toBeTruthy()
    await expect(p.prepareSend({ token: ETH, amount: '1', to: good.slice(2) })).resolves.toBeTruthy()
  })

  it('sends 1.5 ETH: the fee is shown before sending, and the receiver holds exactly 1.5 ETH more once mined', async () => {
    const p = await start(0)
    const before = await client().getBalance({ address: account(1) })
    const prepared = await p.prepareSend({ token: ETH, amount: '1.5', to: account(1) })
    expect(prepared.fee?.symbol).toBe('ETH')
    expect(prepared.fee!.value).toBeGreaterThan(0n)
    expect(prepared.amount).toBe(parseEther('1.5'))
    const hash = await p.send({ token: ETH, amount: '1.5', to: account(1) })
    const receipt = await client().waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await client().getBalance({ address: account(1) })).toBe(before + parseEther('1.5'))
  })

  it('sends 12.5 USDC (6 decimals) with an ERC-20 transfer; more than the balance is refused', async () => {
    const p = await start(0)
    const token = { token: usdc().address, decimals: 6, symbol: 'USDC', value: 1_000_000_000_000n }
    const read = () =>
      client().readContract({
        address: usdc().address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account(3)],
      })
    const before = await read()
    const hash = await p.send({ token, amount: '12.5', to: account(3) })
    await client().waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(await read()).toBe(before + 12_500_000n)
    await expect(
      p.prepareSend({ token: { ...token, value: 1n }, amount: '1', to: account(3) }),
    ).rejects.toBeInstanceOf(AmountExceedsBalanceError)
  })

  it('"Max" on ETH keeps the fee: the whole balance is refused, the max amount is sent and leaves only fee change', async () => {
    const p = await start(4)
    const balance = await client().getBalance({ address: account(4) })
    const native = { ...ETH, value: balance }
    await expect(p.prepareSend({ token: native, amount: '10000', to: account(5) })).rejects.toBeInstanceOf(
      AmountExceedsBalanceError,
    )
    const max = await p.getMaxSendAmount({ token: native, to: account(5) })
    expect(max).toBeLessThan(balance)
    expect(balance - max).toBeLessThan(parseEther('0.01'))
    const amount = (Number(max) / 1e18).toFixed(18).replace(/0+$/, '')
    const hash = await p.send({ token: native, amount, to: account(5) })
    expect((await client().waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success')
    const left = await client().getBalance({ address: account(4) })
    expect(left).toBeGreaterThanOrEqual(0n)
    expect(left).toBeLessThan(parseEther('0.01'))
    // A token's Max is its whole balance.
    expect(
      await p.getMaxSendAmount({ token: { token: usdc().address, decimals: 6, symbol: 'USDC', value: 42n } }),
    ).toBe(42n)
  })

  it(`at most PENDING_TRANSACTIONS_LIMIT (${PENDING_TRANSACTIONS_LIMIT}) sends wait for inclusion; the next is refused until a block includes them`, async () => {
    const p = await start(6)
    const node = createPublicClient({ transport: http(rpc()) })
    await node.request({ method: 'evm_setAutomine' as never, params: [false] as never })
    try {
      for (let i = 0; i < PENDING_TRANSACTIONS_LIMIT; i++)
        await p.send({ token: ETH, amount: '0.001', to: account(7) })
      const refused = await p.send({ token: ETH, amount: '0.001', to: account(7) }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(PendingTransactionsLimitError)
      expect((refused as Error).message).toContain('99')
      await node.request({ method: 'evm_mine' as never })
      await expect
        .poll(
          () =>
            p.send({ token: ETH, amount: '0.001', to: account(7) }).then(
              () => 'sent',
              (e: Error) => e.name,
            ),
          {
            timeout: 30_000,
            interval: 500,
          },
        )
        .toBe('sent')
    } finally {
      await node.request({ method: 'evm_setAutomine' as never, params: [true] as never })
    }
  }, 120_000)
})
