import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
} from 'viem'
import { multicall3Abi, type TokenBalances, type TokenQuery, toBalance } from '../balances/index.js'
import type { EvmNetwork } from '../networks/index.js'

const erc20MetaAbi = [...erc20Abi] as const

/** The Multicall3 balance read behind `readTokenBalances` (see balances/). */
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
