/** base58 / base64 of @solana/kit (loaded on first use). */
export async function solanaCodec(): Promise<Codec> {
  const kit = await import('@solana/kit')
  return {
    toBase58: (b) => kit.getBase58Decoder().decode(b),
    fromBase58: (s) => new Uint8Array(kit.getBase58Encoder().encode(s)),
    toBase64: (b) => kit.getBase64Decoder().decode(b),
    fromBase64: (s) => new Uint8Array(kit.getBase64Encoder().encode(s)),
  }
}

export type Codec = {
  toBase58(b: Uint8Array): string
  fromBase58(s: string): Uint8Array
  toBase64(b: Uint8Array): string
  fromBase64(s: string): Uint8Array
}
