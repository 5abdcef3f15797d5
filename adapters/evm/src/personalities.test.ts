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
import { WalletRequestPendingError } from './provider/index.js'
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

function setup(id: EvmPersonalityId) {
  // The wallet knows only the first anvil.
  const personality = EVM_PERSONALITIES[id]({ networks: [networks[0]] })
  const adapter = evmAdapter({
    networks,
    connectors: [{ id: personality.rdns, name: personality.name, provider: personality.wallet.provider }],
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
  })
}
