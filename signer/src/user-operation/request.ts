import { type Address, decodeFunctionData, getAddress, type Hex, isAddress, parseAbi } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'

/** The method the embedded wallet's EVM channel sends for a smart account's user operation (issue 30). */
export const USER_OPERATION_METHOD = 'portico_signUserOperation'

/** EntryPoint v0.7's canonical address: the only one whose hash layout this frame computes. */
export const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** SimpleAccount v0.7's call encodings (eth-infinitism): the only account calls this frame reads. */
const ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const FACTORY_ABI = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])

/** One call the smart account makes, as its `execute` / `executeBatch` carries it. */
export interface AccountCall {
  to: Address
  value: bigint
  data: Hex
}

/**
 * A user operation parsed strictly, once: the card renders this object and
 * the key signs `hash`, which the frame computed from this object (never a
 * hash the page sent).
 */
export interface UserOperationRequest {
  chainId: number
  entryPoint: Address
  operation: UserOperation<'0.7'>
  calls: AccountCall[]
  /** The account gets deployed by this operation (its first): the factory's `createAccount` owner and salt. */
  deploys?: { factory: Address; owner: Address; salt: bigint }
  /**
   * The name the site gives itself for "Sponsored by <name>" (its app
   * metadata), as claimed by the page: the card shows it beside the origin
   * the frame knows itself. Only read when a paymaster pays.
   */
  sponsorName?: string
  hash: Hex
}

export class UserOperationWireError extends Error {
  override name = 'UserOperationWireError'
}

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
const BYTES = /^0x([0-9a-fA-F]{2})*$/
/** The v0.7 JSON-RPC fields (ERC-7769); `signature` is allowed and ignored (it is not part of the hash). */
const FIELDS = new Set([
  'sender',
  'nonce',
  'factory',
  'factoryData',
  'callData',
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'paymaster',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
  'paymasterData',
  'signature',
])
const MAX_UINT128 = (1n << 128n) - 1n
const MAX_UINT256 = (1n << 256n) - 1n

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value) || !isAddress(value, { strict: false }))
    throw new UserOperationWireError(`${field} is not an address`)
  return getAddress(value)
}

function quantity(value: unknown, field: string, max: bigint): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw new UserOperationWireError(`${field} is not a hex quantity`)
  const n = BigInt(value)
  // The packed v0.7 operation holds gas fields in 128 bits: a wider one would hash as something else.
  if (n > max) throw new UserOperationWireError(`${field} is too large`)
  return n
}

function bytes(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !BYTES.test(value) || value.length > 2 + 2 * 65_536)
    throw new UserOperationWireError(`${field} is not hex bytes`)
  return value.toLowerCase() as Hex
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The calls inside SimpleAccount v0.7 call data; anything else is refused (no blind user operations). */
export function accountCalls(callData: Hex): AccountCall[] {
  let decoded: ReturnType<typeof decodeFunctionData<typeof ACCOUNT_ABI>>
  try {
    decoded = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData })
  } catch {
    throw new UserOperationWireError('callData is not a SimpleAccount execute or executeBatch')
  }
  if (decoded.functionName === 'execute') {
    const [to, value, data] = decoded.args
    return [{ to: getAddress(to), value, data }]
  }
  const [targets, values, datas] = decoded.args
  // SimpleAccount v0.7 accepts an empty value array (all zero); any other length mismatch reverts on chain.
  if (datas.length !== targets.length || (values.length !== 0 && values.length !== targets.length))
    throw new UserOperationWireError('executeBatch arrays differ in length')
  if (targets.length === 0) throw new UserOperationWireError('executeBatch has no calls')
  return targets.map((to, i) => ({ to: getAddress(to), value: values[i] ?? 0n, data: datas[i]! }))
}

/** The longest site name the card shows (a page's claim, shown as text). */
export const MAX_SPONSOR_NAME = 80

/** `{ sponsorName }`, the optional third parameter: short plain text, nothing else. */
function options(value: unknown): { sponsorName?: string } {
  if (value === undefined) return {}
  if (!isRecord(value)) throw new UserOperationWireError('the third parameter is not an object')
  for (const key of Object.keys(value))
    if (key !== 'sponsorName') throw new UserOperationWireError(`${key} is not a known option`)
  const name = value.sponsorName
  if (name === undefined) return {}
  if (typeof name !== 'string') throw new UserOperationWireError('sponsorName is not text')
  const trimmed = name.trim()
  // Control and bidi-override characters could disguise the name or the lines around it.
  if (!trimmed || trimmed.length > MAX_SPONSOR_NAME || /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(trimmed))
    throw new UserOperationWireError(`sponsorName is not a name of 1 to ${MAX_SPONSOR_NAME} plain characters`)
  return { sponsorName: trimmed }
}

/**
 * Parses `[operation, entryPoint, { sponsorName }?]` of `portico_signUserOperation` on
 * `chainId`; throws `UserOperationWireError` for anything not exactly
 * representable: an unknown field, a paymaster or factory half given, call
 * data the frame cannot read, another EntryPoint, a deployment for an owner
 * that is not `owner` (this wallet's key).
 */
export function parseUserOperationRequest(
  params: unknown[],
  chainId: number,
  owner: string,
): UserOperationRequest {
  if (params.length > 3) throw new UserOperationWireError('too many parameters')
  const [raw, entry, extra] = params
  const { sponsorName } = options(extra)
  if (!isRecord(raw)) throw new UserOperationWireError('user operation is not an object')
  for (const key of Object.keys(raw))
    if (!FIELDS.has(key)) throw new UserOperationWireError(`${key} is not a v0.7 user operation field`)
  const entryPoint = address(entry, 'entryPoint')
  if (entryPoint !== ENTRY_POINT_V07) throw new UserOperationWireError('only EntryPoint v0.7 is supported')
  const callData = bytes(raw.callData, 'callData')
  const operation: UserOperation<'0.7'> = {
    sender: address(raw.sender, 'sender'),
    nonce: quantity(raw.nonce, 'nonce', MAX_UINT256),
    callData,
    callGasLimit: quantity(raw.callGasLimit, 'callGasLimit', MAX_UINT128),
    verificationGasLimit: quantity(raw.verificationGasLimit, 'verificationGasLimit', MAX_UINT128),
    preVerificationGas: quantity(raw.preVerificationGas, 'preVerificationGas', MAX_UINT256),
    maxFeePerGas: quantity(raw.maxFeePerGas, 'maxFeePerGas', MAX_UINT128),
    maxPriorityFeePerGas: quantity(raw.maxPriorityFeePerGas, 'maxPriorityFeePerGas', MAX_UINT128),
    signature: '0x',
  }
  let deploys: UserOperationRequest['deploys']
  if (raw.factory !== undefined || raw.factoryData !== undefined) {
    const factory = address(raw.factory, 'factory')
    const factoryData = bytes(raw.factoryData, 'factoryData')
    let args: readonly [Address, bigint]
    try {
      args = decodeFunctionData({ abi: FACTORY_ABI, data: factoryData }).args
    } catch {
      throw new UserOperationWireError('factoryData is not createAccount(owner, salt)')
    }
    // This key signs for the account it owns; deploying someone else's account is not its to approve.
    if (args[0].toLowerCase() !== owner.toLowerCase())
      throw new UserOperationWireError('factoryData deploys an account this wallet does not own')
    deploys = { factory, owner: getAddress(args[0]), salt: args[1] }
    Object.assign(operation, { factory, factoryData })
  }
  const paymasterFields = [
    'paymaster',
    'paymasterVerificationGasLimit',
    'paymasterPostOpGasLimit',
    'paymasterData',
  ] as const
  const given = paymasterFields.filter((k) => raw[k] !== undefined)
  if (given.length > 0) {
    if (given.length !== paymasterFields.length)
      throw new UserOperationWireError('paymaster fields are incomplete')
    Object.assign(operation, {
      paymaster: address(raw.paymaster, 'paymaster'),
      paymasterVerificationGasLimit: quantity(
        raw.paymasterVerificationGasLimit,
        'paymasterVerificationGasLimit',
        MAX_UINT128,
      ),
      paymasterPostOpGasLimit: quantity(raw.paymasterPostOpGasLimit, 'paymasterPostOpGasLimit', MAX_UINT128),
      paymasterData: bytes(raw.paymasterData, 'paymasterData'),
    })
  }
  const calls = accountCalls(callData)
  const hash = getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint,
    entryPointVersion: '0.7',
    userOperation: operation,
  })
  return {
    chainId,
    entryPoint,
    operation,
    calls,
    ...(deploys ? { deploys } : {}),
    ...(sponsorName ? { sponsorName } : {}),
    hash,
  }
}

/** The most the operation can cost whoever pays its gas: every gas limit at `maxFeePerGas`. */
export function worstCaseGasCost(op: UserOperation<'0.7'>): bigint {
  const gas =
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  return gas * op.maxFeePerGas
}
