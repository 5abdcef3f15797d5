import {
  type Address,
  type Chain,
  type Client,
  decodeFunctionData,
  encodeFunctionData,
  type JsonRpcAccount,
  type LocalAccount,
  parseAbi,
  type Transport,
} from 'viem'
import {
  entryPoint07Abi,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { getAaFixtures } from './deploy.js'

const SIMPLE_ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const FACTORY_ABI = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/**
 * eth-infinitism's SimpleAccount v0.7 (one owner key, deployed by the devnet's
 * SimpleAccountFactory on first use) as a viem smart account, for the bundler
 * and paymaster clients of `viem/account-abstraction`. The account signs the
 * user-operation hash as an EIP-191 message (what SimpleAccount v0.7 checks).
 * SimpleAccount v0.7 has no ERC-1271, so message signing is refused.
 */
export async function toDevnetSimpleAccount(opts: {
  client: Client<Transport, Chain | undefined, JsonRpcAccount | LocalAccount | undefined>
  owner: LocalAccount
  salt?: bigint
  factory?: Address
}): Promise<SmartAccount> {
  const fx = getAaFixtures()
  const factory = opts.factory ?? fx.simpleAccountFactory
  const salt = opts.salt ?? 0n
  const entryPoint = { abi: entryPoint07Abi, address: fx.entryPoint, version: '0.7' } as const
  let address: Address | undefined
  return await toSmartAccount({
    client: opts.client,
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
      address ??= await readContract(opts.client, {
        address: factory,
        abi: FACTORY_ABI,
        functionName: 'getAddress',
        args: [opts.owner.address, salt],
      })
      return address
    },
    async getFactoryArgs() {
      return {
        factory,
        factoryData: encodeFunctionData({
          abi: FACTORY_ABI,
          functionName: 'createAccount',
          args: [opts.owner.address, salt],
        }),
      }
    },
    async getStubSignature() {
      // Well-formed (OpenZeppelin's ECDSA would revert on a malformed one during estimation), signed by nobody.
      return '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
    },
    async signMessage() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign messages')
    },
    async signTypedData() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign typed data')
    },
    async signUserOperation(parameters) {
      const { chainId = opts.client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new Error('signUserOperation needs a chain id')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      return await opts.owner.signMessage({ message: { raw: hash } })
    },
  })
}
