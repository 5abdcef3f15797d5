import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  namehash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { normalize } from 'viem/ens'
import { rpc } from './anvil.js'
import ensArtifact from './artifacts/PorticoEnsResolver.json' with { type: 'json' }

/** The devnet's ENS stand-in (a Universal Resolver with a registry table and `addr` records). */
export const ensResolverArtifact = ensArtifact as { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

/**
 * The key that deploys the devnet's ENS stand-in. DEVELOPMENT ONLY — published
 * here. Not one of anvil's ten dev accounts: deploying moves no nonce or
 * balance other tests rely on, and the contract lands at its nonce-0 address.
 */
export const ENS_DEPLOYER_KEY: Hex = '0x3e1d5c7a9b0f2e4d6c8a1b3f5e7d9c0b2a4f6e8d1c3b5a7f9e0d2c4b6a8f1e3d'

/** The devnet's ENS Universal Resolver stand-in (same address on 31337 and 31338). */
export const ENS_UNIVERSAL_RESOLVER_ADDRESS: Address = getContractAddress({
  from: privateKeyToAccount(ENS_DEPLOYER_KEY).address,
  nonce: 0n,
})

/** The address `alice.eth` resolves to on the devnet (no dev account: sending to it moves no test's balance). */
export const ENS_ALICE_ADDRESS: Address = '0xA11ce0000000000000000000000000000000E7e5'

export interface EnsFixture {
  /** Give it to the gateway as the network's `ens.universalResolver`. */
  universalResolver: Address
  /** Forward records: ENS name → address (`addr(bytes32)`). */
  names: Record<string, Address>
}

/** The fixture, computed without a node. */
export function getEnsFixture(): EnsFixture {
  return { universalResolver: ENS_UNIVERSAL_RESOLVER_ADDRESS, names: { 'alice.eth': ENS_ALICE_ADDRESS } }
}

/**
 * Deploys the ENS stand-in (contracts/PorticoEnsResolver.sol) from
 * `ENS_DEPLOYER_KEY` and sets the fixture's forward records (`alice.eth`).
 * Idempotent: a node that has the contract keeps it.
 */
export async function installEnsFixture(rpcUrl: string, chainId: number): Promise<EnsFixture> {
  const fixture = getEnsFixture()
  const code = await rpc<Hex>(rpcUrl, 'eth_getCode', [fixture.universalResolver, 'latest'])
  if (code && code !== '0x') return fixture
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(ENS_DEPLOYER_KEY)
  await rpc(rpcUrl, 'anvil_setBalance', [account.address, '0x56bc75e2d63100000'])
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
  const { abi, bytecode } = ensResolverArtifact
  const hashes: Hex[] = [await wallet.deployContract({ abi, bytecode, nonce: 0, gas: 3_000_000n })]
  let nonce = 1
  for (const [name, target] of Object.entries(fixture.names)) {
    hashes.push(
      await wallet.writeContract({
        address: fixture.universalResolver,
        abi,
        functionName: 'setAddr',
        args: [namehash(normalize(name)), target],
        nonce: nonce++,
        gas: 200_000n,
      }),
    )
  }
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`ENS fixture transaction ${hash} failed on ${chainId}`)
  }
  return fixture
}
