import {
  type Chain,
  createWalletClient,
  getAddress,
  type Hex,
  hexToBigInt,
  isHex,
  type LocalAccount,
  type Transport,
} from 'viem'
import { invalidParams } from './errors.js'

/** personal_sign: a 0x-hex message is signed as raw bytes, anything else as UTF-8 text. */
export async function personalSign(account: LocalAccount, message: unknown): Promise<Hex> {
  if (typeof message !== 'string') throw invalidParams('message')
  return await account.signMessage({ message: isHex(message) ? { raw: message } : message })
}

/** eth_signTypedData_v4: the typed data as JSON text or an object. */
export async function signTypedDataV4(account: LocalAccount, data: unknown): Promise<Hex> {
  let typed: unknown
  try {
    typed = typeof data === 'string' ? JSON.parse(data) : data
  } catch {
    throw invalidParams('typed data is not JSON')
  }
  const t = typed as {
    domain?: object
    types?: Record<string, unknown>
    primaryType?: string
    message?: object
  }
  if (!t?.types || !t.primaryType || !t.message) throw invalidParams('typed data')
  const { EIP712Domain: _domain, ...types } = t.types
  const sign = account.signTypedData as (p: unknown) => Promise<Hex>
  return await sign({ domain: t.domain ?? {}, types, primaryType: t.primaryType, message: t.message })
}

/** eth_sendTransaction: signs locally and sends through the chain's RPC, with the site's fee fields when it names them (as wallets offer "site suggested"). */
export async function sendTransaction(
  account: LocalAccount,
  chain: Chain,
  transport: Transport,
  tx: Record<string, unknown>,
): Promise<Hex> {
  const quantity = (v: unknown) => (typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined)
  const client = createWalletClient({ account, chain, transport })
  const gas = quantity(tx.gas)
  const nonce = quantity(tx.nonce)
  const maxFeePerGas = quantity(tx.maxFeePerGas)
  const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas)
  const gasPrice = quantity(tx.gasPrice)
  const fees =
    maxFeePerGas !== undefined
      ? { maxFeePerGas, ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}) }
      : gasPrice !== undefined
        ? { gasPrice }
        : {}
  return await client.sendTransaction({
    to: typeof tx.to === 'string' ? getAddress(tx.to) : undefined,
    value: quantity(tx.value),
    data: typeof tx.data === 'string' && isHex(tx.data) ? tx.data : undefined,
    ...(gas !== undefined ? { gas } : {}),
    ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
    ...fees,
  } as never)
}
