import type { Address, Hex, PublicClient } from 'viem'
import type { EvmTransactionRequest } from '../contract/index.js'
import type { EvmRuntime } from '../runtime/index.js'
import type { EvmFeeFields } from './fee-fields.js'

/** The OP-stack `GasPriceOracle` predeploy, at the same address on every OP-stack chain. */
export const GAS_PRICE_ORACLE_ADDRESS = '0x420000000000000000000000000000000000000F' as const

export const gasPriceOracleAbi = [
  {
    type: 'function',
    name: 'getL1Fee',
    stateMutability: 'view',
    inputs: [{ name: '_data', type: 'bytes' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

/**
 * The L1 data fee an OP-stack chain adds to a transaction: `getL1Fee` of the
 * `GasPriceOracle` predeploy over the unsigned serialized transaction (the
 * oracle adds the signature's bytes itself), as OP wallets do. It is priced
 * at inclusion from the L1 fees of that moment: no transaction field caps it.
 */
export async function readL1DataFee(params: {
  client: PublicClient
  rt: Pick<EvmRuntime, 'serializeTransaction'>
  chainId: number
  request: EvmTransactionRequest
  from?: string
  gas: bigint
  fields: EvmFeeFields
}): Promise<bigint> {
  const { client, rt, request, fields } = params
  const nonce = params.from
    ? await client.getTransactionCount({ address: params.from as Address, blockTag: 'pending' })
    : 0
  const common = {
    chainId: params.chainId,
    nonce,
    gas: params.gas,
    ...(request.to ? { to: request.to as Address } : {}),
    ...(request.value !== undefined ? { value: request.value } : {}),
    ...(request.data ? { data: request.data as Hex } : {}),
  }
  const serialized =
    fields.type === 'eip1559'
      ? rt.serializeTransaction({
          ...common,
          type: 'eip1559',
          maxFeePerGas: fields.maxFeePerGas,
          maxPriorityFeePerGas: fields.maxPriorityFeePerGas,
        })
      : rt.serializeTransaction({ ...common, type: 'legacy', gasPrice: fields.gasPrice })
  return await client.readContract({
    address: GAS_PRICE_ORACLE_ADDRESS,
    abi: gasPriceOracleAbi,
    functionName: 'getL1Fee',
    args: [serialized],
  })
}
