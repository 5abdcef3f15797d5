import { describe, expect, it, vi } from 'vitest'
import { PorticoError, UserRejectedRequestError, WalletNotConnectedError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { createPortico } from './createPortico.js'

function connected() {
  const adapter = createFakeAdapter()
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
  })
  return { adapter, portico }
}

describe('Host requests live in core state, one entry per request id', () => {
  it('two concurrent requests keep their own entries: pending, then each its own outcome', async () => {
    const { adapter, portico } = connected()
    await portico.connect('fake.wallet')
    const gates: { resolve: () => void; reject: (e: unknown) => void }[] = []
    adapter.signMessage = (params) =>
      new Promise((resolve, reject) => {
        gates.push({ resolve: () => resolve({ signature: `sig:${String(params.message)}` }), reject })
      })
    const first = portico.signMessage({ message: 'one', requestId: 'a' })
    const second = portico.signMessage({ message: 'two', requestId: 'b' })
    // Both are pending once the wallet was asked (the requests module loads on the first call).
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 4_000 })
    expect(portico.getState().requests).toMatchObject({
      a: { kind: 'signMessage', status: 'pending', message: 'one', namespace: 'eip155' },
      b: { kind: 'signMessage', status: 'pending', message: 'two', namespace: 'eip155' },
    })
    gates[1]?.reject(Object.assign(new Error('no'), { code: 4001 }))
    await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(portico.getState().requests.a?.status).toBe('pending')
    expect(portico.getState().requests.b?.status).toBe('rejected')
    gates[0]?.resolve()
    await expect(first).resolves.toBe('sig:one')
    expect(portico.getState().requests.a).toMatchObject({ status: 'success', result: 'sig:one' })
    portico.clearRequest('a')
    expect(Object.keys(portico.getState().requests)).toEqual(['b'])
  })

  it('a request without an id gets a generated one; sendTransaction records the hash', async () => {
    const { portico } = connected()
    await portico.connect('fake.wallet')
    const hash = await portico.sendTransaction({ request: { to: '0x2', value: 1n } })
    const entries = Object.values(portico.getState().requests)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ kind: 'sendTransaction', status: 'success', result: hash })
    expect(entries[0]?.id).toMatch(/^req-/)
  })
})

describe('A wallet request with no wallet connected', () => {
  it('rejects with the typed WalletNotConnectedError ("No wallet is connected"), not the internal "Address or auth connector not found"', async () => {
    const { portico } = connected()
    await portico.ready
    const calls = [
      portico.signMessage({ message: 'hi' }),
      portico.sendTransaction({ request: { to: '0x2', value: 1n } }),
      portico.signTypedData({ typedData: {} }),
    ]
    for (const call of calls) {
      const error = await call.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletNotConnectedError)
      expect(error).toBeInstanceOf(PorticoError)
      expect(error).toMatchObject({
        code: 'WALLET_NOT_CONNECTED',
        shortMessage: 'No wallet is connected',
        namespace: 'eip155',
      })
      expect((error as Error).message).toBe('No wallet is connected\n\nConnect a wallet, then try again.')
      expect((error as Error).message).not.toContain('Address or auth connector not found')
    }
  })

  it('records the error under the request id it was given (the modal shows it instead of waiting forever)', async () => {
    const { portico } = connected()
    await portico.ready
    await expect(portico.signMessage({ message: 'hi', requestId: 'r1' })).rejects.toBeInstanceOf(
      WalletNotConnectedError,
    )
    expect(portico.getState().requests.r1).toMatchObject({
      kind: 'signMessage',
      status: 'error',
      message: 'hi',
    })
    expect(portico.getState().requests.r1?.error).toBeInstanceOf(WalletNotConnectedError)
    // Without an id nothing is left behind in state (the caller could never clear it).
    await expect(portico.signMessage({ message: 'hi' })).rejects.toBeInstanceOf(WalletNotConnectedError)
    expect(Object.keys(portico.getState().requests)).toEqual(['r1'])
  })
})
