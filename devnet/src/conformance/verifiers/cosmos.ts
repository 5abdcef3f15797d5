import { makeSignDoc, pubkeyToAddress, type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { keccak256, Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, fromBech32, fromHex, toBase64, toBech32 } from '@cosmjs/encoding'
import type { SignedMessage } from '@portico/core'

/**
 * The ADR-036 sign doc of `message` by `signer`, built here from the ADR's
 * text with CosmJS's amino `makeSignDoc` (not by the adapter under test): one
 * `sign/MsgSignData` with the data in base64, empty chain id and memo, zero
 * account number, sequence and fee.
 */
export function adr036SignDoc(signer: string, message: string): StdSignDoc {
  const msg = {
    type: 'sign/MsgSignData',
    value: { signer, data: toBase64(new TextEncoder().encode(message)) },
  }
  return makeSignDoc([msg], { gas: '0', amount: [] }, '', '', 0, 0)
}

const ETHSECP256K1 = /ethsecp256k1/

/**
 * ADR-036 (Keplr `signArbitrary`): the key must belong to `address` and the
 * 64-byte signature must verify over the sign doc's canonical JSON — SHA-256
 * for a `secp256k1` key, Keccak-256 for an `ethsecp256k1` one (whose address
 * is the Ethereum one under the chain's prefix).
 */
export async function verifyCosmosAdr036(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  const { address, message, signed } = args
  if (!signed.publicKey) return false
  let prefix: string
  try {
    // An explicit length limit: @cosmjs/encoding 0.39's default (Infinity) is refused by the bech32 decoder it uses.
    prefix = fromBech32(address, 1023).prefix
  } catch {
    return false
  }
  const pubkey = fromHex(signed.publicKey.replace(/^0x/, ''))
  const eth = ETHSECP256K1.test(signed.publicKeyType ?? '')
  const derived = eth
    ? toBech32(prefix, keccak256(Secp256k1.uncompressPubkey(pubkey).slice(1)).slice(-20))
    : pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: toBase64(pubkey) }, prefix)
  if (derived !== address) return false
  const bytes = serializeSignDoc(adr036SignDoc(address, message))
  let signature: Secp256k1Signature
  try {
    signature = Secp256k1Signature.fromFixedLength(fromBase64(signed.signature))
  } catch {
    return false
  }
  return await Secp256k1.verifySignature(signature, eth ? keccak256(bytes) : sha256(bytes), pubkey)
}
