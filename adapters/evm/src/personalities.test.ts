// The EVM adapter against each wallet personality's documented quirks
// (@portico/dev-wallets/evm/personalities) on real anvil: the unknown-chain
// answer of each (4902, or -32603 wrapping 4902 in data.originalError) makes
// the adapter add the chain, then switch; a second connect while one waits
// in the wallet (-32002) is a typed WalletRequestPendingError, never UnknownError.
import { UnknownError } from '@portico/core'
import { EVM_PERSONALITIES, type EvmPersonalityId } from '@portico/dev-wallets/evm/personalities'
import type { EvmDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from './adapter.js'
import type { EvmNetwork } from './networks/index.js'
import {
  type Eip1193Provider,
  InvalidWalletResponseError,
  WalletRequestPendingError,
} from './provider/index.js'
import { createTestContext } from './test-helpers/context.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

let devnet: EvmDevnet
let networks: [EvmNetwork, EvmNetwork]
beforeAll(async () => {
  ;({ devnet, networks } = await startDevnetNetworks())
})
afterAll(async () => {
  await devnet?.stop()
})

/** How a test bends one method's answer of the real personality (the request itself still runs in it). */
type Reshape = Partial<Record<string, (answer: unknown) => unknown>>

/** The personality's own EIP-1193 provider, with the answers of the methods in `reshape` bent. */
function answering(provider: Eip1193Provider, reshape: Reshape): Eip1193Provider {
  return {
    async request(args) {
      const answer = await provider.request(args)
      const bend = reshape[args.method]
      return bend ? bend(answer) : answer
    },
    on: (event, listener) => provider.on?.(event, listener),
    removeListener: (event, listener) => provider.removeListener?.(event, listener),
  }
}

function setup(id: EvmPersonalityId, reshape?: Reshape) {
  // The wallet knows only the first anvil.
  const personality = EVM_PERSONALITIES[id]({ networks: [networks[0]] })
  const provider = reshape ? answering(personality.wallet.provider, reshape) : personality.wallet.provider
  const adapter = evmAdapter({
    networks,
    connectors: [{ id: personality.rdns, name: personality.name, provider }],
  })
  adapter.setup(createTestContext({ isBrowser: false }).ctx)
  return { personality, adapter, connectorId: personality.rdns }
}

for (const id of Object.keys(EVM_PERSONALITIES) as EvmPersonalityId[]) {
  describe(`evmAdapter with ${id} (emulated) on anvil`, () => {
    it('is labelled "(emulated)" and announces a Portico rdns, never the real wallet’s', () => {
      const { personality } = setup(id)
      expect(personality.name).toMatch(/ \(emulated\)$/)
      expect(personality.wallet.info.rdns).toBe(`dev.portico.emulated.${id}`)
      expect(personality.wallet.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    })

    it('an unknown chain answers in the wallet’s dialect, and the adapter adds it, then switches', async () => {
      const { personality, adapter, connectorId } = setup(id)
      const raw = await personality.wallet.provider
        .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
        .catch((e: unknown) => e)
      if (personality.dialect.unknownChain === -32603) {
        expect(raw).toMatchObject({ code: -32603, data: { originalError: { code: 4902 } } })
      } else expect(raw).toMatchObject({ code: 4902 })

      await adapter.connect({ connectorId })
      const changes: unknown[] = []
      personality.wallet.provider.on('chainChanged', (c) => changes.push(c))
      await adapter.switchNetwork({ connectorId, caipNetworkId: 'eip155:31338' })
      expect(await personality.wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      expect(personality.wallet.requests).toContain('wallet_addEthereumChain')
      // chainChanged once per real change, whether the add switched (MetaMask, Coinbase) or the switch did (Rabby).
      expect(changes).toEqual(['0x7a6a'])
    })

    it('a second connect while one waits in the wallet answers -32002: WalletRequestPendingError', async () => {
      const { personality, adapter, connectorId } = setup(id)
      personality.wallet.holdNext()
      const first = adapter.connect({ connectorId })
      const held = await personality.wallet.nextHeld()
      const second = await adapter.connect({ connectorId }).catch((e: unknown) => e)
      expect(second).toBeInstanceOf(WalletRequestPendingError)
      expect(second).not.toBeInstanceOf(UnknownError)
      expect((second as WalletRequestPendingError).method).toBe('eth_requestAccounts')
      held.release()
      const result = await first
      expect(result.accounts[0]?.address.toLowerCase()).toBe(personality.wallet.address.toLowerCase())
    })

    /** The malformed answer must fail as InvalidWalletResponseError for `method`, naming the wallet. */
    async function expectNamedInvalid(run: Promise<unknown>, method: string) {
      const error = await run.then(
        () => new Error('the malformed answer was accepted'),
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidWalletResponseError)
      const invalid = error as InvalidWalletResponseError
      expect(invalid.method).toBe(method)
      expect(invalid.wallet).toBe(EVM_PERSONALITIES[id]({ networks: [networks[0]] }).name)
      expect(invalid.shortMessage).toBe(`${invalid.wallet} returned an invalid response.`)
    }

    it.each([
      ['an account list that is not a list', (a: unknown) => (a as string[])[0]],
      ['an extra entry that is not an address', (a: unknown) => [...(a as string[]), 'nope']],
      [
        'accounts as objects (another encoding)',
        (a: unknown) => (a as string[]).map((address) => ({ address })),
      ],
      ['no accounts at all (the field missing)', () => undefined],
      ['an address one byte short', (a: unknown) => (a as string[]).map((x) => x.slice(0, -2))],
    ])('connect: %s → InvalidWalletResponseError naming the wallet', async (_, bend) => {
      const { adapter, connectorId } = setup(id, { eth_requestAccounts: bend })
      await expectNamedInvalid(adapter.connect({ connectorId }), 'eth_requestAccounts')
    })

    it.each([
      ['decimal', (c: unknown) => String(Number.parseInt(c as string, 16))],
      ['a number', (c: unknown) => Number.parseInt(c as string, 16)],
      ['missing', () => null],
    ])('connect: a chain id that is %s → InvalidWalletResponseError naming the wallet', async (_, bend) => {
      const { adapter, connectorId } = setup(id, { eth_chainId: bend })
      await expectNamedInvalid(adapter.connect({ connectorId }), 'eth_chainId')
    })

    it.each([
      ['not hex', () => 'signed!'],
      ['base64 instead of hex', (s: unknown) => btoa(s as string)],
      ['one byte short', (s: unknown) => (s as string).slice(0, -2)],
      ['an object', (signature: unknown) => ({ signature })],
    ])(
      'signMessage: a signature that is %s → InvalidWalletResponseError naming the wallet',
      async (_, bend) => {
        const { personality, adapter, connectorId } = setup(id, { personal_sign: bend })
        await adapter.connect({ connectorId })
        await expectNamedInvalid(
          adapter.signMessage({ connectorId, address: personality.wallet.address, message: 'hello' }),
          'personal_sign',
        )
      },
    )

    it('sendTransaction: a transaction hash that is not 32-byte hex → InvalidWalletResponseError naming the wallet', async () => {
      const { personality, adapter, connectorId } = setup(id, {
        eth_sendTransaction: (hash) => (hash as string).slice(0, 40),
      })
      await adapter.connect({ connectorId })
      const from = personality.wallet.address as `0x${string}`
      await expectNamedInvalid(
        adapter.sendTransaction({ connectorId, request: { from, to: from, value: 1n } }),
        'eth_sendTransaction',
      )
    })

    it('the untouched personality passes the same calls (the bends above are what fail)', async () => {
      const { personality, adapter, connectorId } = setup(id)
      await adapter.connect({ connectorId })
      const signed = await adapter.signMessage({
        connectorId,
        address: personality.wallet.address,
        message: 'hello',
      })
      expect(signed.signature).toMatch(/^0x[0-9a-f]{130}$/i)
    })
  })
}
