import {
  ChainDisconnectedError,
  InternalRpcError,
  MethodNotSupportedError,
  ProviderDisconnectedError,
  UnauthorizedError,
  UnknownError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import { describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { anvil31337, anvil31338 } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { InvalidWalletResponseError } from './errors.js'
import type { Eip1193Provider } from './types.js'

const ADDR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A misbehaving wallet: answers each method from a table (a value, or a function that may throw). */
function badWallet(answers: Record<string, unknown>) {
  const listeners = new Map<string, ((...a: unknown[]) => void)[]>()
  const provider: Eip1193Provider = {
    async request({ method }) {
      const a = answers[method]
      return typeof a === 'function' ? (a as () => unknown)() : a
    },
    on(event, l) {
      listeners.set(event, [...(listeners.get(event) ?? []), l])
    },
    removeListener(event, l) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((x) => x !== l),
      )
    },
  }
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args)
  }
  const t = createTestContext({ isBrowser: false })
  const adapter = evmAdapter({
    networks: [anvil31337, anvil31338],
    connectors: [{ id: 'bad', name: 'Bad', provider }],
  })
  adapter.setup(t.ctx)
  return { adapter, emit, warnings: t.warnings }
}

const good = { eth_requestAccounts: [ADDR], eth_accounts: [ADDR], eth_chainId: '0x7a69' }

describe('bad wallet responses give typed errors or are dropped', () => {
  it.each([
    ['not an array', 'hello'],
    ['a non-address entry', [ADDR, 'nope']],
    ['an object', [{ address: ADDR }]],
    ['too many accounts', Array.from({ length: 1000 }, () => ADDR)],
    ['no accounts', []],
  ])('connect: malformed accounts (%s) → InvalidWalletResponseError', async (_, accounts) => {
    const { adapter } = badWallet({ ...good, eth_requestAccounts: accounts })
    await expect(adapter.connect({ connectorId: 'bad' })).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it.each([['31337'], [31337], ['0xZZ'], ['0x0'], [null], ['0x1fffffffffffffff']])(
    'connect: chain id %j → InvalidWalletResponseError',
    async (chainId) => {
      const { adapter } = badWallet({ ...good, eth_chainId: chainId })
      const error = await adapter.connect({ connectorId: 'bad' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidWalletResponseError)
      expect((error as InvalidWalletResponseError).method).toBe('eth_chainId')
    },
  )

  it('getAccounts never throws: a failing or malformed wallet gives empty accounts and a warning (SPEC §7)', async () => {
    const { adapter, warnings } = badWallet({
      ...good,
      eth_accounts: () => {
        throw Object.assign(new Error('boom'), { code: -32603 })
      },
    })
    expect(await adapter.getAccounts({ connectorId: 'bad' })).toEqual({ accounts: [] })
    const malformed = badWallet({ ...good, eth_accounts: 'x' })
    expect(await malformed.adapter.getAccounts({ connectorId: 'bad' })).toEqual({ accounts: [] })
    expect(await adapter.getAccounts({ connectorId: 'missing' })).toEqual({ accounts: [] })
    expect(warnings.length).toBeGreaterThanOrEqual(2)
  })

  it('a non-hex signature, a bad transaction hash → InvalidWalletResponseError', async () => {
    const { adapter } = badWallet({ ...good, personal_sign: '<script>', eth_sendTransaction: 'done!' })
    await expect(
      adapter.signMessage({ connectorId: 'bad', address: ADDR, message: 'hi' }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    await expect(
      adapter.sendTransaction({ connectorId: 'bad', request: { from: ADDR, to: ADDR, value: 1n } }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it('EIP-1193 errors are mapped by code, including codes nested in data.originalError', async () => {
    const { adapter } = badWallet({
      ...good,
      eth_requestAccounts: () => {
        throw {
          code: -32603,
          message: 'Internal',
          data: { originalError: { code: 4001, message: 'denied' } },
        }
      },
      wallet_switchEthereumChain: () => {
        throw { code: 4902, message: 'unknown chain' }
      },
      wallet_addEthereumChain: () => {
        throw { code: 4001, message: 'no' }
      },
      personal_sign: () => {
        throw 'a string, not an error'
      },
    })
    await expect(adapter.connect({ connectorId: 'bad' })).rejects.toBeInstanceOf(UserRejectedRequestError)
    // 4902 → add chain → the user refuses the add: the rejection surfaces, typed.
    await expect(
      adapter.switchNetwork({ connectorId: 'bad', caipNetworkId: 'eip155:31338' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(
      adapter.signMessage({ connectorId: 'bad', address: ADDR, message: 'x' }),
    ).rejects.toBeInstanceOf(UnknownError)
  })

  it.each([
    [4001, UserRejectedRequestError],
    [4100, UnauthorizedError],
    [4200, MethodNotSupportedError],
    [4900, ProviderDisconnectedError],
    [4901, ChainDisconnectedError],
    [4902, UnrecognizedChainError],
    [-32603, InternalRpcError],
  ])('EIP-1193 code %i from the wallet → %o (by code, whatever the message)', async (code, ErrorClass) => {
    const { adapter } = badWallet({
      ...good,
      eth_signTypedData_v4: () => {
        throw { code, message: 'User rejected the request' }
      },
    })
    const error = await adapter
      .signTypedData({ connectorId: 'bad', address: ADDR, typedData: {} })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ErrorClass)
    expect((error as { code: number }).code).toBe(code)
  })

  it('a wallet that keeps answering 4902 after the add gives UnrecognizedChainError', async () => {
    const { adapter } = badWallet({
      ...good,
      wallet_switchEthereumChain: () => {
        throw { code: 4902, message: 'unknown chain' }
      },
      wallet_addEthereumChain: null,
    })
    await expect(
      adapter.switchNetwork({ connectorId: 'bad', caipNetworkId: 'eip155:31338' }),
    ).rejects.toBeInstanceOf(UnrecognizedChainError)
  })

  it('malformed accountsChanged / chainChanged events are dropped with a warning, good ones pass', async () => {
    const { adapter, emit, warnings } = badWallet(good)
    await adapter.connect({ connectorId: 'bad' })
    const seen: unknown[] = []
    adapter.on('accountsChanged', (p) => seen.push(p.accounts.map((a) => a.address)))
    adapter.on('chainChanged', (p) => seen.push(p.caipNetworkId))
    emit('accountsChanged', 'garbage')
    emit('accountsChanged', [{}])
    emit('chainChanged', 'one')
    emit('chainChanged', 5)
    emit('chainChanged', '0x7a6a')
    emit('accountsChanged', [ADDR.toLowerCase()])
    expect(seen).toEqual(['eip155:31338', [ADDR]])
    // One warning per dropped event (the connect's contract-wallet check, with no node here, warns apart).
    expect(warnings.filter((w) => /^Portico: dropped a malformed/.test(w.message))).toHaveLength(4)
  })

  it('an unknown connector id is a typed error', async () => {
    const { adapter } = badWallet(good)
    await expect(adapter.connect({ connectorId: 'nope' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
  })
})
