import { type Balance, formatBalance, formatUnits, type TokenHolding } from '@portico/core'
import type { Address, PublicClient } from 'viem'
import type { EvmNetwork } from '../networks/index.js'
import { loadEvmRuntime } from '../runtime/index.js'

/** A token the integrator lists for a network. */
export interface EvmToken {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** One ERC-20 holding (the core `TokenHolding`, with the checksummed address and a success flag). */
export interface TokenBalanceResult extends TokenHolding {
  address: Address
  name: string
  /** False when the token contract call failed (the balance then reads 0). */
  ok: boolean
}

export interface TokenBalances {
  native: Balance
  tokens: TokenBalanceResult[]
}

/** A token to read: a known token, or just an address (symbol, name and decimals are then read on-chain, in the same call). */
export type TokenQuery = EvmToken | string

/** The part of the Multicall3 ABI Portico uses. */
export const multicall3Abi = [
  {
    type: 'function',
    name: 'aggregate3',
    // payable on chain; declared view so it can be read with eth_call
    stateMutability: 'view',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
  },
  {
    type: 'function',
    name: 'getEthBalance',
    stateMutability: 'view',
    inputs: [{ name: 'addr', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
] as const

export function toBalance(value: bigint, decimals: number, symbol: string): Balance {
  return { value, decimals, symbol, formatted: formatBalance(formatUnits(value, decimals)) }
}

/**
 * Native + ERC-20 balances in one RPC round trip: a single `eth_call` to
 * Multicall3 `aggregate3` with `getEthBalance` and one `balanceOf` per token
 * (plus `symbol`/`name`/`decimals` for tokens given by address only). A failing
 * token reads as 0 with `ok: false`. Without Multicall3 on the network, the
 * reads go as one JSON-RPC batch instead. viem's encoding and decoding load on
 * the first call (`await import()`), not with this module.
 *
 * @example
 * const { native, tokens } = await readTokenBalances(client, mainnet, owner, [usdc])
 */
export async function readTokenBalances(
  client: PublicClient,
  network: EvmNetwork,
  owner: Address,
  tokens: readonly TokenQuery[],
): Promise<TokenBalances> {
  return await (await loadEvmRuntime()).readTokenBalances(client, network, owner, tokens)
}
