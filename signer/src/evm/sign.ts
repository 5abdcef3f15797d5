import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { EvmRequest } from './request.js'

/** Signs exactly the parsed request the card showed, with a key the caller rebuilt and wipes after. */
export function signEvm(key: Uint8Array, request: EvmRequest): Promise<Hex> {
  const account = privateKeyToAccount(bytesToHex(key))
  if (request.method === 'personal_sign') return account.signMessage({ message: request.message })
  if (request.method === 'eth_signTypedData_v4')
    return account.signTypedData(request.typedData as Parameters<typeof account.signTypedData>[0])
  return account.signTransaction(request.tx)
}

/** An EIP-191 signature of a text by `key` (the recovery verifier's upgrade, frame/wallet.ts). */
export function signText(key: Uint8Array, message: string): Promise<Hex> {
  return privateKeyToAccount(bytesToHex(key)).signMessage({ message })
}
