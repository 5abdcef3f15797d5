import type { SolanaFixtures } from './fixtures.js'

/** Fixtures as JSON (devnet.json, the demo page): bigints as decimal strings, keys as byte arrays. */
export interface SolanaFixturesJson {
  devKeypairs: { address: string; publicKey: number[]; secretKey: number[]; lamports: string }[]
  splMint: {
    mint: string
    name: string
    symbol: string
    decimals: number
    mintAuthority: string
    supply: string
    devTokenAccount: string
    devTokenAmount: string
  }
}

export function solanaFixturesToJson(f: SolanaFixtures): SolanaFixturesJson {
  return {
    devKeypairs: f.devKeypairs.map((k) => ({
      address: k.address,
      publicKey: Array.from(k.publicKey),
      secretKey: Array.from(k.secretKey),
      lamports: k.lamports.toString(),
    })),
    splMint: {
      ...f.splMint,
      supply: f.splMint.supply.toString(),
      devTokenAmount: f.splMint.devTokenAmount.toString(),
    },
  }
}
