// Loaded with `await import()` on a smart account's first use: viem/account-abstraction stays out of the first bundle.
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  parseAbi,
  recoverMessageAddress,
} from 'viem'
import {
  entryPoint07Abi,
  formatUserOperationRequest,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'

export const SIMPLE_ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
export const SIMPLE_ACCOUNT_FACTORY_ABI = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** Where SimpleAccount v0.7 of `owner` lives (deployed or not): the factory's own `getAddress`. */
export async function simpleAccountAddress(
  client: PublicClient,
  p: { factory: Address; owner: Address; salt: bigint },
): Promise<Address> {
  return await client.readContract({
    address: p.factory,
    abi: SIMPLE_ACCOUNT_FACTORY_ABI,
    functionName: 'getAddress',
    args: [p.owner, p.salt],
  })
}

/**
 * eth-infinitism's SimpleAccount v0.7 as a viem smart account whose owner is a
 * wallet: `signHash` asks it for `personal_sign` of the user operation's hash
 * (the EIP-191 message SimpleAccount v0.7 checks). It has no ERC-1271, so
 * message signing is refused.
 */
export async function toWalletSimpleAccount(p: {
  client: PublicClient
  address: Address
  owner: Address
  factory: Address
  entryPoint: Address
  salt: bigint
  signHash: (hash: Hex) => Promise<Hex>
  /**
   * An owner that signs the whole operation itself (the embedded wallet's
   * frame, which shows its calls and computes the hash): given the operation
   * in its JSON-RPC form, it answers the owner's signature of `hash`, which
   * is checked here before it is used.
   */
  signOperation?: (operation: Record<string, unknown>, hash: Hex) => Promise<Hex>
}): Promise<SmartAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: p.entryPoint, version: '0.7' } as const
  return await toSmartAccount({
    client: p.client,
    entryPoint,
    async decodeCalls(data) {
      const r = decodeFunctionData({ abi: SIMPLE_ACCOUNT_ABI, data })
      if (r.functionName === 'execute') return [{ to: r.args[0], value: r.args[1], data: r.args[2] }]
      return r.args[0].map((to, i) => ({ to, value: r.args[1][i] ?? 0n, data: r.args[2][i] ?? '0x' }))
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const c = calls[0]!
        return encodeFunctionData({
          abi: SIMPLE_ACCOUNT_ABI,
          functionName: 'execute',
          args: [c.to, c.value ?? 0n, c.data ?? '0x'],
        })
      }
      return encodeFunctionData({
        abi: SIMPLE_ACCOUNT_ABI,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async getAddress() {
      return p.address
    },
    async getFactoryArgs() {
      return {
        factory: p.factory,
        factoryData: encodeFunctionData({
          abi: SIMPLE_ACCOUNT_FACTORY_ABI,
          functionName: 'createAccount',
          args: [p.owner, p.salt],
        }),
      }
    },
    async getStubSignature() {
      // Well-formed (ECDSA recovery must not revert during estimation), signed by nobody.
      return '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
    },
    async signMessage() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign messages')
    },
    async signTypedData() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign typed data')
    },
    async signUserOperation(parameters) {
      const { chainId = p.client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new Error('signUserOperation needs a chain id')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: p.entryPoint,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: p.address },
      })
      if (!p.signOperation) return await p.signHash(hash)
      const { signature: _stub, ...unsigned } = userOperation as typeof userOperation & { signature?: Hex }
      const operation = formatUserOperationRequest({ ...unsigned, sender: p.address })
      const signature = await p.signOperation(operation as Record<string, unknown>, hash)
      // The owner signed what it was shown; a signature of anything else is refused here, not by the bundler.
      const signer = await recoverMessageAddress({ message: { raw: hash }, signature }).catch(() => undefined)
      if (!signer || signer.toLowerCase() !== p.owner.toLowerCase())
        throw new Error('The wallet signed something other than this user operation')
      return signature
    },
  })
}
