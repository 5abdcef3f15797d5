import { personalSign, sendTransaction, signTypedDataV4 } from '@portico/dev-wallets/evm'
import {
  createPublicClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  isAddress,
  isHex,
  parseAbi,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { invalidParams, unauthorized, unrecognizedChain, unsupported } from './errors.js'

/** The eip155 methods the dev WalletConnect wallet answers (no eth_sign: it signs blind hashes). */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
] as const
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const
/** Requests answered without asking the user. */
export const EIP155_READS = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_getCapabilities',
])

export interface Eip155Context {
  /** The signing key (in the Safe-like mode, the contract account's owner). */
  account: PrivateKeyAccount
  /**
   * Safe-like mode: the wallet's account is this contract account (a
   * SimpleAccount the key owns). It is the address the wallet gives, its
   * transactions are the owner's `execute(to, value, data)` calls on it, and
   * its EIP-5792 capabilities say it batches atomically.
   */
  contractAccount?: Hex
  /** CAIP-2 → RPC URL of the chains the wallet knows (grows with wallet_addEthereumChain). */
  rpcUrls: Map<string, string>
  /** Switches every session to the chain (adds it to the session first). */
  switchChain(caipNetworkId: string): Promise<void>
  /** `signature` once after `tamperNext('signature')`. */
  tamper(kind: 'signature'): boolean
}

function isLoopbackHttp(u: unknown): u is string {
  if (typeof u !== 'string') return false
  try {
    const url = new URL(u)
    return /^https?:$/.test(url.protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  } catch {
    return false
  }
}

const chainRef = (chainId: string) => Number(chainId.split(':')[1])
const hexChain = (hex: unknown): string => {
  if (typeof hex !== 'string' || !isHex(hex)) throw invalidParams('chainId')
  return `eip155:${Number.parseInt(hex, 16)}`
}

/** The address the wallet gives: the contract account in the Safe-like mode, else the key's. */
const shownAddress = (ctx: Eip155Context): Hex => ctx.contractAccount ?? ctx.account.address

const EXECUTE_ABI = parseAbi(['function execute(address dest, uint256 value, bytes func)'])

function ownAccount(ctx: Eip155Context, address: unknown): void {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams('address')
  if (address.toLowerCase() !== shownAddress(ctx).toLowerCase()) throw unauthorized('Account not authorized.')
}

const short = (ctx: Eip155Context, signature: Hex): Hex =>
  ctx.tamper('signature') ? (signature.slice(0, -2) as Hex) : signature

/** Answers one eip155 request on `chainId` (CAIP-2) with the wallet's key. */
export async function answerEip155(
  ctx: Eip155Context,
  method: string,
  params: unknown,
  chainId: string,
): Promise<unknown> {
  const p = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign':
      ownAccount(ctx, p[1])
      return short(ctx, await personalSign(ctx.account, p[0]))
    case 'eth_signTypedData_v4':
      ownAccount(ctx, p[0])
      return short(ctx, await signTypedDataV4(ctx.account, p[1]))
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [shownAddress(ctx)]
    case 'wallet_getCapabilities': {
      // EIP-5792 v2: a contract account executes a batch atomically; the plain key's account does not batch here.
      ownAccount(ctx, p[0])
      const asked = Array.isArray(p[1]) ? p[1].filter((c): c is string => typeof c === 'string') : []
      const chains = asked.length ? asked : [`0x${chainRef(chainId).toString(16)}`]
      const status = ctx.contractAccount ? 'supported' : 'unsupported'
      return Object.fromEntries(chains.map((c) => [c, { atomic: { status } }]))
    }
    case 'eth_chainId':
      return `0x${chainRef(chainId).toString(16)}`
    case 'eth_sendTransaction': {
      let tx = (p[0] ?? {}) as Record<string, unknown>
      if (tx.from !== undefined) ownAccount(ctx, tx.from)
      if (ctx.contractAccount) {
        // The contract account acts: its owner calls execute(to, value, data) on it.
        if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false })) throw invalidParams('to')
        if (tx.value !== undefined && (typeof tx.value !== 'string' || !isHex(tx.value)))
          throw invalidParams('value')
        const value = tx.value === undefined ? 0n : BigInt(tx.value)
        const data = (typeof tx.data === 'string' ? tx.data : '0x') as Hex
        if (!isHex(data)) throw invalidParams('data')
        tx = {
          to: ctx.contractAccount,
          data: encodeFunctionData({ abi: EXECUTE_ABI, functionName: 'execute', args: [tx.to, value, data] }),
        }
      }
      const rpcUrl = ctx.rpcUrls.get(chainId)
      if (!rpcUrl) throw unrecognizedChain(`0x${chainRef(chainId).toString(16)}`)
      const chain = defineChain({
        id: chainRef(chainId),
        name: chainId,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      })
      // The one EVM signing core (with the dApp's fee fields when it names them).
      const hash = await sendTransaction(ctx.account, chain, http(rpcUrl), tx)
      // Mined before answering, as a wallet UI would wait for inclusion on a devnet.
      await createPublicClient({ chain, transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
      return hash
    }
    case 'wallet_switchEthereumChain': {
      const hex = (p[0] as { chainId?: unknown } | undefined)?.chainId
      const target = hexChain(hex)
      if (!ctx.rpcUrls.has(target)) throw unrecognizedChain(String(hex))
      await ctx.switchChain(target)
      return null
    }
    case 'wallet_addEthereumChain': {
      // EIP-3085: remember the chain, then (as wallets do) offer to switch to it.
      const add = (p[0] ?? {}) as { chainId?: unknown; rpcUrls?: unknown }
      const target = hexChain(add.chainId)
      // The dev wallet talks to loopback only (a dApp names this URL).
      const rpcUrl = Array.isArray(add.rpcUrls) ? add.rpcUrls.find(isLoopbackHttp) : undefined
      if (!rpcUrl) throw invalidParams('rpcUrls (the dev wallet only adds http(s) RPCs on 127.0.0.1)')
      ctx.rpcUrls.set(target, rpcUrl)
      await ctx.switchChain(target)
      return null
    }
    default:
      throw unsupported(method)
  }
}
