import {
  type CaipAddress,
  type CaipNetworkId,
  MethodNotSupportedError,
  type RequestChannel,
  UnsupportedChainError,
} from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { createDevWallet } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { InvalidWalletResponseError } from '../provider/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'

const WC = 'walletConnect'

/**
 * A request channel as a plugin hands it over, whose far end is a real wallet
 * (the dev wallet on anvil): what a WalletConnect session relays. `grant`
 * decides which chains the session covers; `fail` scripts a session error.
 */
function sessionTo(
  wallet: ReturnType<typeof createDevWallet>,
  grant: CaipNetworkId[],
  options: { accounts?: () => readonly CaipAddress[]; fail?: (method: string) => unknown } = {},
) {
  const sent: { method: string; chainId: CaipNetworkId }[] = []
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  const channel: RequestChannel = {
    namespace: 'eip155',
    async request({ method, params, chainId }) {
      sent.push({ method, chainId })
      const failure = options.fail?.(method)
      if (failure) throw failure
      return (await wallet.provider.request({ method, ...(params === undefined ? {} : { params }) })) as never
    },
    accounts: options.accounts ?? (() => grant.map((c) => `${c}:${wallet.address}` as CaipAddress)),
    chains: () => grant,
    on(event, handler) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(handler)
      return () => set.delete(handler)
    },
  }
  const emit = (event: string, payload: unknown) => {
    for (const fn of listeners.get(event) ?? []) fn(payload)
  }
  return { channel, sent, emit, listeners }
}

describe('evmAdapter driving a plugin request channel (WalletConnect session) to a real wallet', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  /** A wallet that approved a session for one devnet account (as a WalletConnect wallet does on approval). */
  async function setup(index: number) {
    const wallet = createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[index]!.privateKey] })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    const adapter = evmAdapter({ networks })
    const t = createTestContext({ isBrowser: false })
    adapter.setup(t.ctx)
    return { wallet, adapter, ...t }
  }

  it('declares what it drives over a channel (no eth_sign) and connects from the session accounts', async () => {
    const { wallet, adapter } = await setup(1)
    expect(adapter.channel.methods).not.toContain('eth_sign')
    expect(adapter.channel.methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']),
    )
    expect(adapter.requestMethods.unsafe).toContain('eth_sendRawTransaction')
    expect(adapter.requestMethods.safe).not.toContain('eth_sendRawTransaction')
    const { channel, sent } = sessionTo(wallet, ['eip155:31337', 'eip155:31338'])
    const result = await adapter.connect({ connectorId: WC, channel, caipNetworkId: 'eip155:31338' })
    expect(result).toEqual({
      accounts: [
        {
          namespace: 'eip155',
          address: wallet.address,
          caipAddress: `eip155:31338:${wallet.address}`,
          type: 'eoa',
        },
      ],
      caipNetworkId: 'eip155:31338',
    })
    // Accounts and chain came from the session; nothing was asked of the wallet.
    expect(sent).toEqual([])
  })

  it('signs with personal_sign over the channel (the signature verifies) and sends a transfer whose hash is validated', async () => {
    const { wallet, adapter } = await setup(2)
    const { channel, sent } = sessionTo(wallet, ['eip155:31337'])
    await adapter.connect({ connectorId: WC, channel })
    const { signature } = await adapter.signMessage({
      connectorId: WC,
      address: wallet.address,
      message: 'hi WC',
    })
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'hi WC',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    const to = devnet.fixtures.accounts[7]!.address
    const hash = await adapter.sendTransaction({
      connectorId: WC,
      address: wallet.address,
      request: { to, value: 1n },
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(
      await adapter.waitForTransaction({ hash: hash as `0x${string}`, caipNetworkId: 'eip155:31337' }),
    ).toMatchObject({ status: 'succeeded' })
    expect(sent.map((s) => s.method)).toEqual(['personal_sign', 'eth_sendTransaction'])
    expect(sent.every((s) => s.chainId === 'eip155:31337')).toBe(true)
  })

  it('switchNetwork is local for a chain in the session; otherwise wallet_switchEthereumChain goes to the wallet', async () => {
    const { wallet, adapter } = await setup(3)
    const both = sessionTo(wallet, ['eip155:31337', 'eip155:31338'])
    const changes: unknown[] = []
    adapter.on('chainChanged', (e) =>
      changes.push([e.connectorId, e.caipNetworkId, e.accounts?.[0]?.caipAddress]),
    )
    await adapter.connect({ connectorId: WC, channel: both.channel })
    const result = await adapter.switchNetwork({ connectorId: WC, caipNetworkId: 'eip155:31338' })
    expect(result).toEqual({
      status: 'switched',
      accounts: [expect.objectContaining({ caipAddress: `eip155:31338:${wallet.address}` })],
    })
    expect(both.sent).toEqual([])
    expect(changes).toEqual([[WC, 'eip155:31338', `eip155:31338:${wallet.address}`]])
    await adapter.disconnect({ connectorId: WC })

    const one = sessionTo(wallet, ['eip155:31337'])
    await adapter.connect({ connectorId: WC, channel: one.channel })
    await adapter.switchNetwork({ connectorId: WC, caipNetworkId: 'eip155:31338' })
    expect(one.sent.map((s) => s.method)).toContain('wallet_switchEthereumChain')
  })

  it('session errors 5001–5003 are unsupported-chain / unsupported-method errors, not a user rejection', async () => {
    const { wallet, adapter } = await setup(4)
    const codes: Record<string, number> = {
      personal_sign: 5002,
      wallet_switchEthereumChain: 5001,
      eth_signTypedData_v4: 5003,
    }
    const { channel } = sessionTo(wallet, ['eip155:31337'], {
      fail: (m) => (codes[m] ? Object.assign(new Error('session says no'), { code: codes[m] }) : undefined),
    })
    await adapter.connect({ connectorId: WC, channel })
    await expect(
      adapter.signMessage({ connectorId: WC, address: wallet.address, message: 'x' }),
    ).rejects.toBeInstanceOf(MethodNotSupportedError)
    await expect(
      adapter.signTypedData({ connectorId: WC, address: wallet.address, typedData: {} }),
    ).rejects.toBeInstanceOf(MethodNotSupportedError)
    await expect(
      adapter.switchNetwork({ connectorId: WC, caipNetworkId: 'eip155:31338' }),
    ).rejects.toBeInstanceOf(UnsupportedChainError)
  })

  it('bad session answers give typed errors: malformed accounts, a session without a configured chain, a bad signature', async () => {
    const { wallet, adapter } = await setup(5)
    const malformed = sessionTo(wallet, ['eip155:31337'], {
      accounts: () => ['eip155:31337:0xnothex' as CaipAddress],
    })
    await expect(adapter.connect({ connectorId: WC, channel: malformed.channel })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    const elsewhere = sessionTo(wallet, ['eip155:1'])
    await expect(adapter.connect({ connectorId: WC, channel: elsewhere.channel })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    const good = sessionTo(wallet, ['eip155:31337'])
    await adapter.connect({ connectorId: WC, channel: good.channel })
    good.channel.request = async () => '0x1234' as never
    await expect(
      adapter.signMessage({ connectorId: WC, address: wallet.address, message: 'x' }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it('session events reach the adapter validated and tagged with the connector; disconnect releases the channel', async () => {
    const { wallet, adapter, warnings } = await setup(6)
    const session = sessionTo(wallet, ['eip155:31337', 'eip155:31338'])
    const seen: unknown[] = []
    adapter.on('accountsChanged', (e) =>
      seen.push(['accounts', e.connectorId, e.accounts.map((a) => a.caipAddress)]),
    )
    adapter.on('chainChanged', (e) => seen.push(['chain', e.connectorId, e.caipNetworkId]))
    await adapter.connect({ connectorId: WC, channel: session.channel })
    const other = devnet.fixtures.accounts[8]!.address
    session.emit('accountsChanged', [`eip155:31337:${other}`])
    session.emit('chainChanged', 'eip155:31338')
    session.emit('chainChanged', 'not a chain')
    expect(seen).toEqual([
      ['accounts', WC, [`eip155:31337:${other}`]],
      ['chain', WC, 'eip155:31338'],
    ])
    expect(warnings.map((w) => w.message)).toContain('Portico: dropped a malformed chainChanged event')
    await adapter.disconnect({ connectorId: WC })
    expect([...session.listeners.values()].reduce((n, s) => n + s.size, 0)).toBe(0)
  })
})
