import { createHash } from 'node:crypto'
import { type Address, getBase58Decoder } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LiteSVM } from 'litesvm'
import { deterministicKeypair, type SolanaKeypair } from './keys.js'

export const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * Genesis hash of the local SVM. litesvm has no genesis block, so the devnet
 * names one deterministically; its first 32 characters are the CAIP-2
 * reference (`solana:<prefix>`), as for mainnet/devnet/testnet.
 */
export const SOLANA_LOCAL_GENESIS_HASH: string = getBase58Decoder().decode(
  createHash('sha256').update('portico-local-svm-genesis').digest(),
)
export const SOLANA_LOCAL_CAIP_NETWORK_ID = `solana:${SOLANA_LOCAL_GENESIS_HASH.slice(0, 32)}` as const

export interface SolanaDevAccount extends SolanaKeypair {
  /** Lamports the account holds at start. */
  lamports: bigint
}

export interface SolanaSplFixture {
  mint: Address
  name: string
  symbol: string
  decimals: number
  /** Mint (and freeze) authority: dev account 0. */
  mintAuthority: Address
  supply: bigint
  /** Dev account 0's associated token account and what it holds. */
  devTokenAccount: Address
  devTokenAmount: bigint
}

export interface SolanaFixtures {
  /** Funded dev keypairs; index 0 is "the" dev account (holds the SPL fixture too). */
  devKeypairs: SolanaDevAccount[]
  splMint: SolanaSplFixture
}

const DEV_LAMPORTS = [1_000n * LAMPORTS_PER_SOL, 100n * LAMPORTS_PER_SOL, 10n * LAMPORTS_PER_SOL]
const SPL_DECIMALS = 6
// 1234.5 PUSD, all of it held by dev account 0.
const SPL_DEV_AMOUNT = 1_234_500_000n
const SPL_SUPPLY = SPL_DEV_AMOUNT

/** Writes the deterministic fixtures (funded dev accounts, an SPL mint and dev 0's token account) into `svm`. */
export async function seedSolanaFixtures(svm: LiteSVM): Promise<SolanaFixtures> {
  const devKeypairs = DEV_LAMPORTS.map((lamports, i) => ({
    ...deterministicKeypair(`portico-solana-dev-${i}`),
    lamports,
  }))
  for (const dev of devKeypairs) {
    svm.setAccount({
      address: dev.address,
      lamports: dev.lamports as never,
      programAddress: '11111111111111111111111111111111' as Address,
      executable: false,
      data: new Uint8Array(0),
      space: 0n,
    })
  }
  const owner = devKeypairs[0]!
  const mint = deterministicKeypair('portico-solana-spl-mint').address
  const mintData = getMintEncoder().encode({
    mintAuthority: owner.address,
    supply: SPL_SUPPLY,
    decimals: SPL_DECIMALS,
    isInitialized: true,
    freezeAuthority: owner.address,
  })
  svm.setAccount({
    address: mint,
    lamports: svm.minimumBalanceForRentExemption(BigInt(mintData.length)) as never,
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    data: new Uint8Array(mintData),
    space: BigInt(mintData.length),
  })
  const [devTokenAccount] = await findAssociatedTokenPda({
    owner: owner.address,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const tokenData = getTokenEncoder().encode({
    mint,
    owner: owner.address,
    amount: SPL_DEV_AMOUNT,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  })
  svm.setAccount({
    address: devTokenAccount,
    lamports: svm.minimumBalanceForRentExemption(BigInt(tokenData.length)) as never,
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    data: new Uint8Array(tokenData),
    space: BigInt(tokenData.length),
  })
  return {
    devKeypairs,
    splMint: {
      mint,
      name: 'Portico USD',
      symbol: 'PUSD',
      decimals: SPL_DECIMALS,
      mintAuthority: owner.address,
      supply: SPL_SUPPLY,
      devTokenAccount,
      devTokenAmount: SPL_DEV_AMOUNT,
    },
  }
}
