// The Portico adapter conformance kit (@portico/devnet/conformance) on the EVM
// adapter: real anvil, the Portico Dev Wallet announced over EIP-6963 on a
// window stub, inside a real createPortico.
import { describeChainAdapter } from '@portico/devnet/conformance'
import { type Address, createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { evmAdapter } from './adapter.js'
import { createDevWallet, createWindowStub } from './dev-wallet/index.js'
import type { EvmNetwork } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

let networks: [EvmNetwork, EvmNetwork]
let win: ReturnType<typeof createWindowStub>

describeChainAdapter({
  name: 'evmAdapter on anvil',
  namespace: 'eip155',
  async devnet() {
    const started = await startDevnetNetworks()
    networks = started.networks
    const { devnet } = started
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    return {
      caipNetworkId: 'eip155:31337',
      receiver: devnet.fixtures.accounts[5]!.address,
      amount: 1_234_567_890_000n,
      balanceOf: (address) => client.getBalance({ address: address as Address }),
      transferRequest: (to, value) => ({ to: to as Address, value }),
      async feeOf(hash) {
        const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex })
        return receipt.gasUsed * receipt.effectiveGasPrice
      },
      verifyMessage: ({ address, message, signed }) =>
        verifyMessage({ address: address as Address, message, signature: signed.signature as Hex }),
      stop: () => devnet.stop(),
    }
  },
  adapter: () => evmAdapter({ networks, window: win, discovery: true } as Parameters<typeof evmAdapter>[0]),
  devWallet() {
    win = createWindowStub()
    const wallet = createDevWallet({ networks })
    return {
      connectorId: 'dev.portico.wallet',
      get address() {
        return wallet.address
      },
      controls: wallet,
      install: () => wallet.announce(win),
      switchAccount() {
        wallet.selectAccount(1)
        return wallet.address
      },
      switchChain() {
        wallet.selectChain(31338)
        return 'eip155:31338'
      },
      disconnect: () => wallet.disconnect(),
    }
  },
})
