// The conformance kit's options for the EVM adapter (real anvil, the Portico
// Dev Wallet announced over EIP-6963 on a window stub), shared by the kit
// run (evm.conformance.test.ts) and the kit's own test, which breaks the
// adapter one behaviour at a time (conformance-kit.test.ts).
import { createDevWcWallet, type EvmDevnet, startWalletConnectRelay } from '@portico/devnet'
import type { DescribeChainAdapterOptions } from '@portico/devnet/conformance'
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, type Hex, http } from 'viem'
import { evmAdapter } from '../adapter.js'
import { createDevWallet, createWindowStub } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { InvalidWalletResponseError } from '../provider/index.js'
import type { EvmAdapter } from '../types.js'
import { startDevnetNetworks } from './devnet.js'

/** The kit options with every check the EVM adapter offers (it has no getReserve — EVM accounts keep no minimum — and no signTransaction). */
export function evmConformanceOptions(): DescribeChainAdapterOptions<'eip155'> & {
  /** A fresh, unbroken adapter for the current dev wallet's window. */
  realAdapter(): EvmAdapter
} {
  let networks: [EvmNetwork, EvmNetwork]
  let devnet: EvmDevnet
  let win: ReturnType<typeof createWindowStub>
  const rpcClient = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  const usdc = () => devnet.fixtures.tokens[0]!
  const realAdapter = () => evmAdapter({ networks, window: win, discovery: true })
  return {
    name: 'evmAdapter on anvil',
    namespace: 'eip155',
    realAdapter,
    async devnet() {
      const started = await startDevnetNetworks()
      networks = started.networks
      devnet = started.devnet
      const client = rpcClient()
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
        stop: () => devnet.stop(),
      }
    },
    adapter: realAdapter,
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
        // The wallet's own chain (its eth_chainId answer), for the networkSwitch check.
        async network() {
          const chainId = (await wallet.provider.request({ method: 'eth_chainId' })) as string
          return `eip155:${Number.parseInt(chainId, 16)}` as const
        },
      }
    },
    checks: {
      // The fee shown is the worst case (2 × base fee + tip per gas): at most 2.5 × what anvil charges.
      fees: { overAtMost: 2.5 },
      outcomes: {
        // An ERC-20 transfer of more than the sender holds, with its own gas limit so the wallet
        // sends it without estimating: it is mined, and reverts.
        failingRequest: (_devnet, address) => ({
          to: usdc().address,
          gas: 100_000n,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [address as Address, 10n ** 30n],
          }),
        }),
      },
      // The devnet's second anvil (chain id 31338): the wallet is asked to switch, and follows.
      networkSwitch: { to: 'eip155:31338' },
      tokens: {
        get token() {
          return usdc().address
        },
        decimals: 6,
        symbol: 'USDC',
        amount: 1_500_000n,
        balanceOf: (address, token) =>
          rpcClient().readContract({
            address: token as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address as Address],
          }),
      },
      restore: true,
      walletConnect: {
        async open() {
          const relay = await startWalletConnectRelay()
          const wallet = await createDevWcWallet({
            relayUrl: relay.url,
            rpcUrls: { 'eip155:31337': devnet.chains[0]!.rpcUrl },
          })
          return {
            relayUrl: relay.url,
            wallet,
            address: wallet.address,
            async stop() {
              await wallet.stop()
              await relay.stop()
            },
          }
        },
      },
      invalidWalletResponseError: InvalidWalletResponseError,
    },
  }
}
