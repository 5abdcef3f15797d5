import { describe, expect, it } from 'vitest'
import {
  type StandardWalletLike,
  type StandardWalletRegistry,
  walletStandardConnectorId,
  watchWalletStandard,
} from './discovery.js'

const wallet = (
  name: string,
  icon = 'data:image/png;base64,AAAA',
  chains = ['test:1'],
): StandardWalletLike => ({
  name,
  icon,
  chains,
  features: { 'standard:connect': {} },
})

function registry(initial: StandardWalletLike[] = []) {
  const wallets = [...initial]
  const listeners = { register: new Set<() => void>(), unregister: new Set<() => void>() }
  const r: StandardWalletRegistry & { add(w: StandardWalletLike): void } = {
    get: () => wallets,
    on(event, fn) {
      listeners[event].add(fn as () => void)
      return () => listeners[event].delete(fn as () => void)
    },
    add(w) {
      wallets.push(w)
      for (const fn of listeners.register) fn()
    },
  }
  return r
}

describe('Wallet Standard connector identity (a wallet cannot take over an id by its name)', () => {
  it('the id is stable for the same name and icon and differs when only the name matches', () => {
    const a = walletStandardConnectorId(wallet('Phantom'))
    expect(a).toMatch(/^wallet-standard:phantom-[0-9a-f]{8}$/)
    expect(walletStandardConnectorId(wallet('Phantom'))).toBe(a)
    expect(walletStandardConnectorId(wallet('Phantom', 'data:image/png;base64,BBBB'))).not.toBe(a)
  })

  it('on a collision (same name and icon) the first wallet keeps the id, is flagged, and the later one is left out', () => {
    const first = wallet('Twin')
    const impostor = wallet('Twin')
    const conflicts: StandardWalletLike[] = []
    const seen: string[][] = []
    const watch = watchWalletStandard({
      registry: registry([first, impostor]),
      accept: () => true,
      onChange: (entries) => seen.push(entries.map((e) => e.id)),
      onConflict: (_entry, ignored) => conflicts.push(ignored),
    })
    const [entry] = watch.entries()
    expect(watch.entries()).toHaveLength(1)
    expect(entry?.wallet).toBe(first)
    expect(entry?.conflict).toMatch(/same name and icon/)
    expect(conflicts).toEqual([impostor])
    expect(seen).toHaveLength(1)
  })

  it('follows registrations, lists extra wallets first and only accepted ones; stop detaches', () => {
    const reg = registry([wallet('B')])
    const seen: string[][] = []
    const watch = watchWalletStandard({
      registry: reg,
      extra: [wallet('A')],
      accept: (w) => w.chains.some((c) => c.startsWith('test:')),
      onChange: (entries) => seen.push(entries.map((e) => e.wallet.name)),
    })
    reg.add(wallet('C', 'x', ['other:1']))
    reg.add(wallet('D'))
    expect(seen).toEqual([
      ['A', 'B'],
      ['A', 'B'],
      ['A', 'B', 'D'],
    ])
    watch.stop()
    reg.add(wallet('E'))
    expect(seen).toHaveLength(3)
  })
})
