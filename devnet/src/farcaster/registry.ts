import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../evm/anvil.js'
import registryArtifact from '../evm/artifacts/PorticoIdRegistry.json' with { type: 'json' }

/** The devnet's ID registry (`idOf(address) → fid`, `register()`), compiled from contracts/PorticoIdRegistry.sol. */
export const idRegistryArtifact = registryArtifact as { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

/**
 * Where the devnet installs its ID registry (with `anvil_setCode`, so no dev
 * account's nonce moves and the other fixtures keep their addresses). Not
 * Farcaster's Optimism address on purpose: nothing here pretends to be it.
 */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000000000000000000000000000000f1d00'

/**
 * The dev Farcaster user's custody key. DEVELOPMENT ONLY — published here, so
 * anything it owns is anyone's. It is not one of anvil's ten dev accounts, so
 * registering it changes no balance or nonce other tests rely on.
 */
export const FARCASTER_DEV_CUSTODY_KEY: Hex =
  '0x5a1f0c2b8e7d4a3f9c6b1e0d2f4a8c7b3e5d9f1a2c4b6d8e0f1a3c5e7b9d0f21'

/** The dev custody key's address. */
export const FARCASTER_DEV_CUSTODY: Address = privateKeyToAccount(FARCASTER_DEV_CUSTODY_KEY).address

const idOfAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'register',
    stateMutability: 'nonpayable',
    inputs: [],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
] as const

/**
 * Installs the ID registry on one anvil and registers a custody key (the dev
 * one by default) with a real `register()` transaction from it, funded with
 * `anvil_setBalance`. Idempotent: a key that already has an fid keeps it.
 * Resolves to that fid.
 */
export async function installIdRegistry(
  rpcUrl: string,
  custodyKey: Hex = FARCASTER_DEV_CUSTODY_KEY,
): Promise<bigint> {
  const code = await rpc<Hex>(rpcUrl, 'eth_getCode', [ID_REGISTRY_ADDRESS, 'latest'])
  if (code === '0x')
    await rpc(rpcUrl, 'anvil_setCode', [ID_REGISTRY_ADDRESS, idRegistryArtifact.deployedBytecode])
  const chainId = Number(await rpc<Hex>(rpcUrl, 'eth_chainId'))
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const pub = createPublicClient({ chain, transport: http(rpcUrl) })
  const account = privateKeyToAccount(custodyKey)
  const existing = await fidOf(rpcUrl, account.address)
  if (existing > 0n) return existing
  const balance = await pub.getBalance({ address: account.address })
  if (balance < 10n ** 17n) await rpc(rpcUrl, 'anvil_setBalance', [account.address, '0xde0b6b3a7640000'])
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account })
  const hash = await wallet.writeContract({
    address: ID_REGISTRY_ADDRESS,
    abi: idOfAbi,
    functionName: 'register',
  })
  const receipt = await pub.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error('ID registry register() reverted')
  return fidOf(rpcUrl, account.address)
}

/** `idOf(custody)` on the devnet registry: 0 when the address has no fid. */
export async function fidOf(rpcUrl: string, custody: Address): Promise<bigint> {
  const pub = createPublicClient({ transport: http(rpcUrl) })
  return pub.readContract({
    address: ID_REGISTRY_ADDRESS,
    abi: idOfAbi,
    functionName: 'idOf',
    args: [custody],
  })
}
