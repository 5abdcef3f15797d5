import type { SignedMessage } from '@portico/core'
import type { EvmClients } from './adapter-clients.js'
import { type Eip1193Provider, parseSignature, walletRequest } from './provider/index.js'

/** What signing needs: the wallet behind a connector id and, for text, viem's hex encoding. */
export interface SigningDeps {
  clients: Pick<EvmClients, 'runtime'>
  providerOf: (connectorId: string) => Eip1193Provider
}

/** `personal_sign` of the message (text as UTF-8, bytes as given), hex-encoded for the wallet. */
export async function signPersonalMessage(
  deps: SigningDeps,
  { connectorId, address, message }: { connectorId: string; address: string; message: string | Uint8Array },
): Promise<SignedMessage> {
  const provider = deps.providerOf(connectorId)
  const rt = await deps.clients.runtime()
  const data = typeof message === 'string' ? rt.stringToHex(message) : rt.bytesToHex(message)
  const sig = await walletRequest(provider, 'personal_sign', [data, address])
  return { signature: parseSignature('personal_sign', sig) }
}

/** `eth_signTypedData_v4` of EIP-712 typed data; bigints travel as decimal strings in the JSON. */
export async function signTypedDataV4(
  deps: Pick<SigningDeps, 'providerOf'>,
  { connectorId, address, typedData }: { connectorId: string; address: string; typedData: unknown },
): Promise<string> {
  const json = JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
  const sig = await walletRequest(deps.providerOf(connectorId), 'eth_signTypedData_v4', [address, json])
  return parseSignature('eth_signTypedData_v4', sig)
}
