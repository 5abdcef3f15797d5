/**
 * @portico/dev-wallets/evm/personalities — thin emulations of the EVM wallets
 * visitors use (MetaMask, Rabby, Coinbase Wallet), each an EIP-6963 provider
 * on the one EVM signing core (`@portico/dev-wallets/evm`) answering in its
 * wallet's documented dialect, labelled "(emulated)" and never with the
 * wallet's icon or rdns. Browser-safe: the demo installs them too.
 *
 * Sources (read, not copied):
 * - MetaMask: docs.metamask.io JSON-RPC reference (`wallet_switchEthereumChain`
 *   answers 4902 for a chain it does not know; `wallet_addEthereumChain` asks to
 *   switch to the added chain), metamask-extension PR #11030 (the 4902 code),
 *   MetaMask's `-32002` "Request of type 'wallet_requestPermissions' already
 *   pending" for a second connect while one waits (permission controller).
 * - Coinbase Wallet: docs.cdp.coinbase.com "switching or adding EVM chains"
 *   (`wallet_addEthereumChain` switches the user to the network after approval)
 *   and coinbase-wallet-sdk issue #915 (extension 3.25: an unknown chain answers
 *   -32603, the 4902 inside), the shape MetaMask Mobile answers too
 *   (metamask-mobile #2944): `-32603` with `data.originalError.code === 4902`.
 * - Rabby: its provider follows MetaMask's RPC errors (4902 for an unknown chain,
 *   -32002 for a second pending connect); it adds a chain without switching.
 * - EIP-5792 (batched calls): MetaMask documents `wallet_sendCalls` /
 *   `wallet_getCapabilities` (atomic batches through its EIP-7702 upgrade) and
 *   Coinbase Wallet documents them too; the emulations answer them (atomic
 *   through the devnet's PorticoBatchExecutor). The Rabby emulation answers
 *   -32601 "method not found" for them: it stands for the wallets without
 *   EIP-5792 (this is the emulation's choice, not a claim about Rabby today).
 */
import type { DevWalletNetworkInput, Eip6963Target, EvmWalletDialect } from '../signer/index.js'
import { createDevWallet, type DevWallet } from '../signer/index.js'

export type EvmPersonalityId = 'metamask' | 'rabby' | 'coinbase'

export interface EvmPersonalityOptions {
  /** Networks the wallet knows at first; others the site adds with `wallet_addEthereumChain`. */
  networks: readonly DevWalletNetworkInput[]
  /** Starting chain (default: the first network). */
  chainId?: number
}

/** An installed personality: what a test (the conformance kit) or the demo drives it with. */
export interface EvmPersonality {
  readonly id: EvmPersonalityId
  /** The label a visitor sees: the wallet's name and "(emulated)". */
  readonly name: string
  /** The EIP-6963 rdns it announces (a Portico one: never the real wallet's). */
  readonly rdns: string
  /** The wallet (signing core, approve / reject / hold / tamper switch, wallet-side actions). */
  readonly wallet: DevWallet
  /** The dialect it answers in, for tests that check each quirk. */
  readonly dialect: EvmWalletDialect
  /** Announces the wallet through EIP-6963 on `target` (default `window`); returns the stop. */
  install(target?: Eip6963Target): () => void
}

interface Spec {
  name: string
  letter: string
  dialect: EvmWalletDialect
}

const SPECS: Record<EvmPersonalityId, Spec> = {
  metamask: {
    name: 'MetaMask (emulated)',
    letter: 'M',
    dialect: { pendingRejected: ['eth_requestAccounts'], unknownChain: 4902, addSwitches: true },
  },
  rabby: {
    name: 'Rabby (emulated)',
    letter: 'R',
    dialect: {
      pendingRejected: ['eth_requestAccounts'],
      unknownChain: 4902,
      addSwitches: false,
      calls: false,
    },
  },
  coinbase: {
    name: 'Coinbase Wallet (emulated)',
    letter: 'C',
    dialect: { pendingRejected: ['eth_requestAccounts'], unknownChain: -32603, addSwitches: true },
  },
}

/** A neutral icon (a letter on a grey tile): never a real wallet's logo. */
function letterIcon(letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b6472"/><text x="16" y="22" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#fff">${letter}</text></svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

function createEvmPersonality(id: EvmPersonalityId, options: EvmPersonalityOptions): EvmPersonality {
  const spec = SPECS[id]
  const rdns = `dev.portico.emulated.${id}`
  const wallet = createDevWallet({
    networks: options.networks,
    ...(options.chainId !== undefined ? { chainId: options.chainId } : {}),
    info: { name: spec.name, icon: letterIcon(spec.letter), rdns },
    dialect: spec.dialect,
  })
  return {
    id,
    name: spec.name,
    rdns,
    wallet,
    dialect: spec.dialect,
    install: (target) => wallet.announce(target),
  }
}

export const createMetaMaskPersonality = (options: EvmPersonalityOptions) =>
  createEvmPersonality('metamask', options)
export const createRabbyPersonality = (options: EvmPersonalityOptions) =>
  createEvmPersonality('rabby', options)
export const createCoinbasePersonality = (options: EvmPersonalityOptions) =>
  createEvmPersonality('coinbase', options)

/** Every EVM personality by id, in the order the compatibility matrix lists them. */
export const EVM_PERSONALITIES: Record<EvmPersonalityId, (options: EvmPersonalityOptions) => EvmPersonality> =
  {
    metamask: createMetaMaskPersonality,
    rabby: createRabbyPersonality,
    coinbase: createCoinbasePersonality,
  }
