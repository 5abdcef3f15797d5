// Keys for sign-in tests: fresh secp256k1 keys (viem), bech32 addresses and the ADR-036 doc, written
// here from the specs (BIP-173, ADR-036) so the gateway is checked against an independent signer.
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts'

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
/** Bech32 (BIP-173) of 8-bit data under `prefix` (Cosmos accounts), or of a segwit v0 program with `witness`. */
export function bech32(prefix: string, data: Uint8Array, witness = false): string {
  const words: number[] = witness ? [0] : []
  let acc = 0
  let bits = 0
  for (const b of data) {
    acc = (acc << 8) | b
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words.push((acc >> bits) & 31)
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31)
  const polymod = (values: number[]) => {
    const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
    let chk = 1
    for (const v of values) {
      const top = chk >> 25
      chk = ((chk & 0x1ffffff) << 5) ^ v
      for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= gen[i]!
    }
    return chk
  }
  const hrp = [...prefix].map((c) => c.charCodeAt(0))
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31)]
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31)
  return `${prefix}1${[...words, ...checksum].map((w) => BECH32[w]).join('')}`
}

/** A secp256k1 key: compressed public key and 64-byte r‖s (low S) signatures of a 32-byte hash. */
export function secpKey() {
  const privateKey = generatePrivateKey()
  const account = privateKeyToAccount(privateKey)
  const full = Buffer.from(account.publicKey.slice(2), 'hex')
  const publicKey = Buffer.concat([Buffer.of(full[64]! & 1 ? 3 : 2), full.subarray(1, 33)])
  const signHash = async (hash: Uint8Array) => {
    const s = await sign({ hash: `0x${Buffer.from(hash).toString('hex')}`, privateKey, to: 'object' })
    return Buffer.from(`${s.r.slice(2).padStart(64, '0')}${s.s.slice(2).padStart(64, '0')}`, 'hex')
  }
  return { publicKey, ethAddress: Buffer.from(account.address.slice(2), 'hex'), signHash }
}

/** The ADR-036 sign doc as sorted JSON (what Keplr's `signArbitrary` signs). */
export function adr036Doc(signer: string, message: string): Uint8Array {
  const data = Buffer.from(message, 'utf8').toString('base64')
  return Buffer.from(
    `{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"${data}","signer":"${signer}"}}],"sequence":"0"}`,
    'utf8',
  )
}
