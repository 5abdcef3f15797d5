import type { SignedMessage } from '@portico/core'
import { type Address, type Hex, isAddress, isHex, verifyMessage } from 'viem'

/** EIP-191 `personal_sign`: viem recovers the signer of the message (or checks ERC-1271 / ERC-6492 where a client is given). */
export async function verifyEip155Message(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  const { address, message, signed } = args
  if (!isAddress(address, { strict: false }) || !isHex(signed.signature)) return false
  return await verifyMessage({ address: address as Address, message, signature: signed.signature as Hex })
}
