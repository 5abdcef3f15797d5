import type { Abi, Address, Hex } from 'viem'
import { rpc } from './anvil.js'
import accountArtifact from './artifacts/PorticoSmartAccount.json' with { type: 'json' }
import factoryArtifact from './artifacts/PorticoSmartAccountFactory.json' with { type: 'json' }

/**
 * Where every devnet chain has `PorticoSmartAccountFactory` (installed with
 * `anvil_setCode`, like Multicall3, so no dev account's nonce moves and every
 * other fixture keeps its address). `getAddress(owner, salt)` answers an
 * account's CREATE2 address before it exists; `createAccount(owner, salt)`
 * deploys it.
 */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = '0x00000000000000000000000000000000005aFac7'

/** ABIs and code of the devnet smart account (ERC-1271, one owner key) and its CREATE2 factory. */
export const smartAccountArtifacts = {
  PorticoSmartAccount: accountArtifact as { abi: Abi; bytecode: Hex; deployedBytecode: Hex },
  PorticoSmartAccountFactory: factoryArtifact as { abi: Abi; deployedBytecode: Hex },
}

/** Installs the factory at SMART_ACCOUNT_FACTORY_ADDRESS on one anvil (idempotent). */
export async function installSmartAccountFactory(rpcUrl: string): Promise<void> {
  await rpc(rpcUrl, 'anvil_setCode', [
    SMART_ACCOUNT_FACTORY_ADDRESS,
    smartAccountArtifacts.PorticoSmartAccountFactory.deployedBytecode,
  ])
}
