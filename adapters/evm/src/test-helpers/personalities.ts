// The conformance kit's options for one EVM wallet personality (MetaMask-,
// Rabby- and Coinbase-Wallet-like EIP-6963 providers of
// @portico/dev-wallets/evm/personalities) on a shared anvil pair. Each knows
// only the first anvil at start, so the kit's network switch makes the adapter
// add the second chain (wallet_addEthereumChain) in the wallet's own dialect
// (4902, or -32603 wrapping it) before switching.

import { EVM_PERSONALITIES, type EvmPersonalityId } from '@portico/dev-wallets/evm/personalities'
import type { EvmDevnet } from '@portico/devnet'
import type { DescribeChainAdapterOptions } from '@portico/devnet/conformance'
import { type Address, createPublicClient, type Hex, http, numberToHex } from 'viem'
import { evmAdapter } from '../adapter.js'
import { createWindowStub } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { InvalidWalletResponseError } from '../provider/index.js'

export interface SharedEvmDevnet {
  devnet: EvmDevnet
  networks: [EvmNetwork, EvmNetwork]
}

/** The kit run for personality `id`; `acquire` hands out the anvil pair every personality shares. */
export function evmPersonalityOptions(
  id: EvmPersonalityId,
  acquire: () => Promise<SharedEvmDevnet>,
): DescribeChainAdapterOptions<'eip155'> {
  let shared: SharedEvmDevnet
  let win: ReturnType<typeof createWindowStub>
  const client = () => createPublicClient({ transport: http(shared.devnet.chains[0]!.rpcUrl) })
  const name = EVM_PERSONALITIES[id]({ networks: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }] }).name
  return {
    name: `evmAdapter on anvil, ${name}`,
    namespace: 'eip155',
    matrix: { wallet: name },
    async devnet() {
      shared = await acquire()
      return {
        caipNetworkId: 'eip155:31337',
        receiver: shared.devnet.fixtures.accounts[6]!.address,
        amount: 987_654_321_000n,
        balanceOf: (address) => client().getBalance({ address: address as Address }),
        transferRequest: (to, value) => ({ to: to as Address, value }),
        async feeOf(hash) {
          const receipt = await client().waitForTransactionReceipt({ hash: hash as Hex })
          return receipt.gasUsed * receipt.effectiveGasPrice
        },
        // The file that shares the anvil pair stops it after its last suite.
        stop: async () => {},
      }
    },
    adapter: () => evmAdapter({ networks: shared.networks, window: win, discovery: true }),
    devWallet() {
      win = createWindowStub()
      // Only the first anvil: the second is added by the site (or by the user, below).
      const personality = EVM_PERSONALITIES[id]({ networks: [shared.networks[0]] })
      const { wallet } = personality
      const second = shared.networks[1]
      return {
        connectorId: personality.rdns,
        get address() {
          return wallet.address
        },
        controls: wallet,
        install: () => personality.install(win),
        switchAccount() {
          wallet.selectAccount(1)
          return wallet.address
        },
        async switchChain() {
          // The user adds the second anvil in the wallet (where not yet known), then selects it.
          await wallet.provider.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId: numberToHex(second.id),
                chainName: second.name,
                rpcUrls: [...second.rpcUrls.default.http],
              },
            ],
          })
          wallet.selectChain(second.id)
          return second.caipNetworkId
        },
        disconnect: () => wallet.disconnect(),
        async network() {
          const chainId = (await wallet.provider.request({ method: 'eth_chainId' })) as string
          return `eip155:${Number.parseInt(chainId, 16)}` as const
        },
      }
    },
    checks: {
      // The adapter's own Send flow is checked on the Portico Dev Wallet; `transfer` sends through this wallet.
      omit: ['send'],
      networkSwitch: { to: 'eip155:31338' },
      invalidWalletResponseError: InvalidWalletResponseError,
    },
  }
}
