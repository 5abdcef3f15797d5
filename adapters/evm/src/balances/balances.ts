import { type Balance, formatBalance, type TokenHolding } from '@portico/core'
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  type PublicClient,
} from 'viem'
import type { EvmNetwork } from '../networks/index.js'

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

const erc20MetaAbi = [...erc20Abi] as const

/**
 * Native + ERC-20 balances in one RPC round trip: a single `eth_call` to
 * Multicall3 `aggregate3` with `getEthBalance` and one `balanceOf` per token
 * (plus `symbol`/`name`/`decimals` for tokens given by address only). A failing
 * token reads as 0 with `ok: false`. Without Multicall3 on the network, the
 * reads go as one JSON-RPC batch instead.
 */
export async function readTokenBalances(
  client: PublicClient,
  network: EvmNetwork,
  owner: Address,
  tokens: readonly TokenQuery[],
): Promise<TokenBalances> {
  const { symbol, decimals } = network.nativeCurrency
  const queries = tokens.map((t) =>
    typeof t === 'string' ? { address: getAddress(t) } : { ...t, address: getAddress(t.address) },
  )
  type Read = { index: number; field: 'balance' | 'symbol' | 'name' | 'decimals' }
  const reads: (Read & { target: Address; callData: Hex })[] = []
  for (const [index, q] of queries.entries()) {
    reads.push({
      index,
      field: 'balance',
      target: q.address,
      callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    })
    if (!('decimals' in q)) {
      for (const field of ['symbol', 'name', 'decimals'] as const) {
        reads.push({
          index,
          field,
          target: q.address,
          callData: encodeFunctionData({ abi: erc20Abi, functionName: field }),
        })
      }
    }
  }
  const multicall = network.contracts?.multicall3?.address
  let nativeValue: bigint
  let raw: ({ success: boolean; returnData: Hex } | undefined)[]
  if (multicall) {
    const results = await client.readContract({
      address: multicall,
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [
        [
          {
            target: multicall,
            allowFailure: false,
            callData: encodeFunctionData({
              abi: multicall3Abi,
              functionName: 'getEthBalance',
              args: [owner],
            }),
          },
          ...reads.map((r) => ({ target: r.target, allowFailure: true, callData: r.callData })),
        ],
      ],
    })
    const [first, ...rest] = results
    nativeValue = ((first && decode(erc20MetaAbi, 'balanceOf', first.returnData)) as bigint | undefined) ?? 0n
    raw = rest
  } else {
    const [native, ...rest] = await Promise.all([
      client.getBalance({ address: owner }),
      ...reads.map((r) =>
        client
          .call({ to: r.target, data: r.callData })
          .then((res) => ({ success: true, returnData: res.data ?? '0x' }) as const)
          .catch(() => ({ success: false, returnData: '0x' }) as const),
      ),
    ])
    nativeValue = native as bigint
    raw = rest as { success: boolean; returnData: Hex }[]
  }
  const values = queries.map(() => ({}) as Partial<Record<Read['field'], unknown>>)
  for (const [i, r] of reads.entries()) {
    const res = raw[i]
    if (!res?.success) continue
    const fn = r.field === 'balance' ? 'balanceOf' : r.field
    const v = decode(erc20MetaAbi, fn, res.returnData)
    if (v !== undefined) (values[r.index] as Record<string, unknown>)[r.field] = v
  }
  return {
    native: toBalance(nativeValue, decimals, symbol),
    tokens: queries.map((q, i) => {
      const v = values[i] as Partial<Record<Read['field'], unknown>>
      const dec = 'decimals' in q ? q.decimals : typeof v.decimals === 'number' ? v.decimals : 18
      const sym = 'symbol' in q ? q.symbol : typeof v.symbol === 'string' ? v.symbol.slice(0, 32) : '???'
      const name = 'name' in q ? q.name : typeof v.name === 'string' ? v.name.slice(0, 64) : sym
      const balance = typeof v.balance === 'bigint' ? v.balance : undefined
      return {
        ...toBalance(balance ?? 0n, dec, sym),
        token: q.address,
        address: q.address,
        name,
        ok: balance !== undefined,
      }
    }),
  }
}

function decode(abi: typeof erc20MetaAbi, functionName: string, data: Hex): unknown {
  if (!data || data === '0x') return undefined
  try {
    return decodeFunctionResult({ abi, functionName, data } as Parameters<typeof decodeFunctionResult>[0])
  } catch {
    return undefined
  }
}
