import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Card } from './approve/card.js'
import type { ChainType } from './chain-keys.js'
import { chainFrame } from './chain-session.js'
import { CHAIN_TYPES } from './chains.js'
import { loadChainKeys } from './testing/chain-modules.js'

const HUB = 'cosmos:portico-hub-1'
const secret = Uint8Array.from({ length: 32 }, (_, i) => 200 - i)

/** The frame origin's localStorage, as a Map (this runs in Node). */
const stored = new Map<string, string>()
beforeAll(() => {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, String(v)),
    removeItem: (k: string) => void stored.delete(k),
  })
})
afterAll(() => vi.unstubAllGlobals())

class Refusal extends Error {
  constructor(
    readonly code: number | string,
    message: string,
  ) {
    super(message)
  }
}

function frame(
  opts: { approve?: boolean; load?: (type: ChainType) => ReturnType<typeof loadChainKeys> } = {},
) {
  const approvals: Card[] = []
  const rebuilt = { count: 0 }
  const chains = chainFrame(
    {
      token: () => 'session-token',
      wallet: async () => ({ address: '0xabc', auth: 'auth-share' }),
      loadDeviceShare: async () => 'device-share',
      reassemble: async () => {
        rebuilt.count++
        return Uint8Array.from(secret)
      },
      approve: async (what) => {
        approvals.push(what)
        return opts.approve ?? true
      },
      refuse: (code, message) => new Refusal(code, message),
    },
    CHAIN_TYPES,
    opts.load ?? loadChainKeys,
  )
  return { chains, approvals, rebuilt }
}

describe('the frame’s Bitcoin, Cosmos and Polkadot requests (chain-session)', () => {
  it('a payload its namespace’s module refuses is answered -32602 "Invalid request" before any key is rebuilt or card shown', async () => {
    stored.clear()
    const { chains, approvals, rebuilt } = frame()
    await expect(
      chains.handle({
        type: 'cosmos',
        payload: { type: 'cosmos', method: 'cosmos_signDirect', params: {}, chainId: HUB },
      }),
    ).rejects.toMatchObject({ code: -32602, message: 'Invalid request' })
    expect(approvals).toHaveLength(0)
    expect(rebuilt.count).toBe(0)
  })

  it('an account request is answered from the public key without a card; the public key is remembered, so the next one rebuilds no key', async () => {
    stored.clear()
    const { chains, approvals, rebuilt } = frame()
    const ask = () =>
      chains.handle({
        type: 'cosmos',
        payload: {
          type: 'cosmos',
          method: 'cosmos_getAccounts',
          params: { bech32Prefix: 'cosmos' },
          chainId: HUB,
        },
      })
    const first = (await ask()) as { address: string }[]
    expect(first[0]?.address).toMatch(/^cosmos1/)
    expect(rebuilt.count).toBe(1)
    expect(await ask()).toEqual(first)
    expect(rebuilt.count).toBe(1)
    expect(approvals).toHaveLength(0)
  })

  it('a signature needs Approve: Reject answers 4001 "Signature declined" and signs nothing', async () => {
    stored.clear()
    const { chains, approvals, rebuilt } = frame({ approve: false })
    const signing = chains.handle({
      type: 'polkadot',
      payload: {
        type: 'polkadot',
        method: 'polkadot_signMessage',
        params: { address: await polkadotAddress(), message: 'hello' },
        chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      },
    })
    await expect(signing).rejects.toMatchObject({ code: 4001, message: 'Signature declined' })
    // The message is shown whole in the card's details (never cut into its short lines).
    expect(approvals[0]?.details?.map((d) => d.text)).toContain('hello')
    // Only the public key was derived (once); no key was rebuilt to sign.
    expect(rebuilt.count).toBe(1)
  })

  it('the export lists each namespace’s key, and says so when one could not be derived (never leaves it out silently)', async () => {
    const { chains } = frame({
      load: async (type) => {
        const keys = await loadChainKeys(type)
        return type === 'polkadot'
          ? {
              ...keys,
              exportKey: async () => {
                throw new DOMException('no Ed25519', 'NotSupportedError')
              },
            }
          : keys
      },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const keys = await chains.exportKeys(secret)
    expect(keys.map((k) => [k.name, 'failed' in k])).toEqual([
      ['Bitcoin', false],
      ['Cosmos', false],
      ['Polkadot', true],
    ])
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

async function polkadotAddress(): Promise<string> {
  const keys = await loadChainKeys('polkadot')
  const request = keys.parse({
    type: 'polkadot',
    method: 'polkadot_getAccounts',
    params: { ss58Prefix: 0 },
    chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  })
  const [account] = keys.answerPublic(request!, await keys.publicKey(secret)) as { address: string }[]
  return account!.address
}
