import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, fakeNetwork } from '../test-helpers/index.js'
import { createDefaultAccountState, createStore, patchObject } from './index.js'

/** Every field of SPEC §3 "Account state, per chain". */
const SPEC_ACCOUNT_FIELDS = [
  'caipAddress',
  'address',
  'status',
  'balance',
  'balanceSymbol',
  'profileName',
  'profileImage',
  'user',
  'addressExplorerUrl',
  'smartAccountDeployed',
  'currentTab',
  'tokenBalance',
  'addressLabels',
  'allAccounts',
  'connectedWalletInfo',
  'preferredAccountTypes',
  'socialProvider',
  'socialWindow',
  'farcasterUrl',
  'shouldUpdateToAddress',
  'balanceLoading',
  'lastRetry',
]

describe('State (SPEC §3)', () => {
  it('account state has every SPEC §3 field; currentTab 0, tokenBalance [], balanceLoading false by default', () => {
    const account = createDefaultAccountState()
    for (const field of SPEC_ACCOUNT_FIELDS) expect(Object.keys(account)).toContain(field)
    expect(account).toMatchObject({
      status: 'disconnected',
      currentTab: 0,
      tokenBalance: [],
      addressLabels: {},
      allAccounts: [],
      balanceLoading: false,
    })
  })

  it('one account state per adapter namespace; modal state has loading, per-namespace loading, open, shake, namespace', () => {
    const portico = createPortico({
      adapters: [
        createFakeAdapter({ namespace: 'eip155' }),
        createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] }),
      ],
      storage: createMemoryStorage(),
    })
    const state = portico.getState()
    expect(Object.keys(state.accounts).sort()).toEqual(['eip155', 'solana'])
    expect(state.modal).toEqual({
      open: false,
      loading: false,
      loadingByNamespace: {},
      shake: false,
      namespace: undefined,
    })
  })

  it('a namespace update replaces only that namespace (structural sharing)', async () => {
    const portico = createPortico({
      adapters: [
        createFakeAdapter({ namespace: 'eip155' }),
        createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] }),
      ],
      storage: createMemoryStorage(),
    })
    const before = portico.getState()
    portico.setAccountTab?.(1, 'eip155')
    const after = portico.getState()
    expect(after.accounts.eip155?.currentTab).toBe(1)
    expect(after.accounts.solana).toBe(before.accounts.solana)
    expect(after.modal).toBe(before.modal)
    portico.setAccountTab?.(1, 'eip155')
    expect(portico.getState()).toBe(after)
  })

  it('snapshots are never mutated: an old snapshot keeps its values', () => {
    const store = createStore({ a: { n: 1 }, b: { n: 2 } })
    const first = store.getState()
    store.setState((s) => ({ ...s, a: patchObject(s.a, { n: 5 }) }))
    expect(first.a.n).toBe(1)
    expect(store.getState().b).toBe(first.b)
  })

  it('subscribe gets (state, previous) and unsubscribes; an updater returning the same snapshot notifies nobody', () => {
    const store = createStore({ n: 0 })
    const seen: [number, number][] = []
    const off = store.subscribe((s, prev) => seen.push([prev.n, s.n]))
    store.setState((s) => ({ n: s.n + 1 }))
    store.setState((s) => s)
    off()
    store.setState((s) => ({ n: s.n + 1 }))
    expect(seen).toEqual([[0, 1]])
  })
})
