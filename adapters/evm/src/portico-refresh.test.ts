import { createPortico, type Portico } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import type { EvmNetwork } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('balances refresh by themselves after a transaction sent through Portico (real anvil, SPEC §3, §9)', () => {
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

  /** Portico without apiUrl, the dev wallet (one devnet key) as a configured connector, the devnet tokens listed. */
  function start(key: number) {
    const wallet = createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[key]!.privateKey] })
    const adapter = evmAdapter({
      networks,
      tokens: Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.fixtures.tokens])),
      connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
    })
    const waits: string[] = []
    const wait = adapter.waitForTransaction.bind(adapter)
    adapter.waitForTransaction = async (params) => {
      waits.push(params.hash)
      return await wait(params)
    }
    portico = createPortico({ adapters: [adapter], storage: 'memory', logger: quiet })
    return { portico, waits }
  }
  const account = (p: Portico) => p.getState().accounts.eip155
  const numeric = (p: Portico, symbol: string) =>
    account(p)?.tokenBalance.find((t) => t.symbol === symbol)?.quantity.numeric

  it('0.5 ETH then 12.5 USDC via portico.sendTransaction: balance and tokenBalance change without refreshBalance()', async () => {
    const { portico, waits } = start(6)
    const receiver = devnet.fixtures.accounts[7]!.address as Address
    const usdc = devnet.fixtures.tokens[0]!
    await portico.connect(ID)
    await vi.waitFor(() => expect(numeric(portico, 'USDC')).toBe('1000000'))
    expect(account(portico)).toMatchObject({
      balance: '10000.000',
      balanceSymbol: 'ETH',
      balanceLoading: false,
    })
    expect(numeric(portico, 'ETH')).toBe('10000')

    const loading: boolean[] = []
    portico.subscribe((s, prev) => {
      const now = s.accounts.eip155?.balanceLoading
      if (now !== undefined && now !== prev.accounts.eip155?.balanceLoading) loading.push(now)
    })

    const ethHash = await portico.sendTransaction!({ request: { to: receiver, value: parseEther('0.5') } })
    expect(waits).toEqual([ethHash])
    // 10000 - 0.5 - gas: the display truncates to 3 decimals.
    await vi.waitFor(() => expect(account(portico)?.balance).toBe('9999.499'), { timeout: 10_000 })
    await vi.waitFor(() => expect(Number(numeric(portico, 'ETH'))).toBeLessThan(9999.5))
    expect(Number(numeric(portico, 'ETH'))).toBeGreaterThan(9999.49)
    expect(numeric(portico, 'USDC')).toBe('1000000')

    const usdcHash = await portico.sendTransaction!({
      request: {
        to: usdc.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver, parseUnits('12.5', usdc.decimals)],
        }),
      },
    })
    expect(waits).toEqual([ethHash, usdcHash])
    await vi.waitFor(() => expect(numeric(portico, 'USDC')).toBe('999987.5'), { timeout: 10_000 })
    await vi.waitFor(() => expect(account(portico)?.balanceLoading).toBe(false))
    // Each transaction: one token read, with balanceLoading on and off.
    expect(loading).toEqual([true, false, true, false])
    expect(account(portico)?.lastRetry).toBeUndefined()
  })
})
