import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { Bip39, EnglishMnemonic, Secp256k1, Slip10, Slip10Curve, stringToPath } from '@cosmjs/crypto'
import { toBech32, toHex } from '@cosmjs/encoding'

/** A derived secp256k1 key: what a Keplr-style wallet holds for one HD index. */
export interface CosmosDevKey {
  hdPath: string
  privateKey: Uint8Array
  /** Compressed (33 bytes). */
  publicKey: Uint8Array
  /** The 20-byte account address (ripemd160(sha256(pubkey))). */
  rawAddress: Uint8Array
}

/** Derives `m/44'/118'/0'/0/<index>` from a mnemonic, as CosmJS's HD wallets do. */
export async function deriveCosmosKey(mnemonic: string, index: number): Promise<CosmosDevKey> {
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(mnemonic))
  const hdPath = `m/44'/118'/0'/0/${index}`
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(hdPath))
  const { pubkey } = await Secp256k1.makeKeypair(privkey)
  const publicKey = Secp256k1.compressPubkey(pubkey)
  return { hdPath, privateKey: privkey, publicKey, rawAddress: rawSecp256k1PubkeyToRawAddress(publicKey) }
}

/** The bech32 address of a key on a chain. */
export function cosmosAddress(key: Pick<CosmosDevKey, 'rawAddress'>, prefix: string): string {
  return toBech32(prefix, key.rawAddress)
}

export { toHex }
