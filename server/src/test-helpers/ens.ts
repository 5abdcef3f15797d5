// Deploys @portico/devnet's test-only PorticoEnsResolver (a minimal ENS Universal
// Resolver: primary names, text records, a registry table and addr records) on an anvil node, and sets records.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  namehash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { normalize } from 'viem/ens'

const devnetDir = dirname(createRequire(import.meta.url).resolve('@portico/devnet/package.json'))
const artifact = JSON.parse(
  readFileSync(join(devnetDir, 'src/evm/artifacts/PorticoEnsResolver.json'), 'utf8'),
) as { abi: Abi; bytecode: Hex }

export interface EnsFixture {
  address: Address
  /** Sets the primary name of `account` (and, with `avatar`, the name's avatar text record). */
  setPrimary(account: Address, name: string, avatar?: string): Promise<void>
  /** Sets the forward record `addr(namehash(name))` (the stand-in becomes the name's resolver). */
  setAddr(name: string, target: Address): Promise<void>
  /** Points `name` at another resolver contract (its registry entry). */
  setResolver(name: string, resolver: Address): Promise<void>
}

export async function deployEnsResolver(
  rpcUrl: string,
  chainId: number,
  deployerKey: Hex,
): Promise<EnsFixture> {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(deployerKey)
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const address = receipt.contractAddress!
  const send = async (functionName: string, args: unknown[]) => {
    const tx = await wallet.writeContract({ address, abi: artifact.abi, functionName, args })
    const r = await client.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
    if (r.status !== 'success') throw new Error(`${functionName} reverted`)
  }
  return {
    address,
    async setPrimary(who, name, avatar) {
      await send('setName', [who, name])
      if (avatar !== undefined) await send('setText', [namehash(normalize(name)), 'avatar', avatar])
    },
    setAddr: (name, target) => send('setAddr', [namehash(normalize(name)), target]),
    setResolver: (name, resolver) => send('setResolver', [namehash(normalize(name)), resolver]),
  }
}
