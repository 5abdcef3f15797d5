import { personalSign, sendTransaction, signTypedDataV4 } from '@portico/dev-wallets/evm'
import { createPublicClient, defineChain, type Hex, http, isAddress, isHex } from 'viem'
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
] as const
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const
/** Requests answered without asking the user. */
export const EIP155_READS = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId'])

export interface Eip155Context {
  account: PrivateKeyAccount
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

function ownAccount(ctx: Eip155Context, address: unknown): void {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams('address')
  if (address.toLowerCase() !== ctx.account.address.toLowerCase())
    throw unauthorized('Account not authorized.')
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
      return [ctx.account.address]
    case 'eth_chainId':
      return `0x${chainRef(chainId).toString(16)}`
    case 'eth_sendTransaction': {
      const tx = (p[0] ?? {}) as Record<string, unknown>
      if (tx.from !== undefined) ownAccount(ctx, tx.from)
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
