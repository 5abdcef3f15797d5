import { createRequire } from 'node:module'
import type { Abi, Address, Hex } from 'viem'

/** An artifact of `@account-abstraction/contracts@0.7.0` (Hardhat format: abi + creation code). */
export interface AaArtifact {
  abi: Abi
  bytecode: Hex
}

type AaArtifactName = 'EntryPoint' | 'SimpleAccountFactory' | 'SimpleAccount' | 'VerifyingPaymaster'

const require = createRequire(import.meta.url)
let loaded: Record<AaArtifactName, AaArtifact> | undefined

/**
 * The official ERC-4337 v0.7 artifacts, compiled by the eth-infinitism
 * project and shipped in `@account-abstraction/contracts@0.7.0`. Loaded on
 * first use (EntryPoint alone is ~16 KB of code).
 */
export function aaArtifacts(): Record<AaArtifactName, AaArtifact> {
  loaded ??= {
    EntryPoint: require('@account-abstraction/contracts/artifacts/EntryPoint.json'),
    SimpleAccountFactory: require('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json'),
    SimpleAccount: require('@account-abstraction/contracts/artifacts/SimpleAccount.json'),
    VerifyingPaymaster: require('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json'),
  }
  return loaded
}

/**
 * The deterministic CREATE2 deployer ("Arachnid's proxy") anvil has at genesis;
 * the EntryPoint's canonical address comes from it.
 */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The salt eth-infinitism deployed EntryPoint v0.7 with (the artifact + this salt = the canonical address). */
export const ENTRY_POINT_V07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/** EntryPoint v0.7 on every chain (mainnet, testnets, and this devnet). */
export const ENTRY_POINT_V07_ADDRESS: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** The devnet's SimpleAccountFactory (and VerifyingPaymaster) CREATE2 salt. */
export const AA_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000'
