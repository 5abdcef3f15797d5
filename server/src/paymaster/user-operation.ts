import {
  type Address,
  concatHex,
  decodeFunctionData,
  encodeAbiParameters,
  type Hex,
  isAddress,
  isHex,
  keccak256,
  parseAbi,
  size,
  slice,
} from 'viem'

/** An EntryPoint v0.7 user operation as JSON-RPC carries it (ERC-7769: quantities as hex strings). */
export interface RpcUserOperation {
  sender: Address
  nonce: Hex
  factory?: Address | null
  factoryData?: Hex | null
  callData: Hex
  callGasLimit: Hex
  verificationGasLimit: Hex
  preVerificationGas: Hex
  maxFeePerGas: Hex
  maxPriorityFeePerGas: Hex
  paymaster?: Address | null
  paymasterVerificationGasLimit?: Hex | null
  paymasterPostOpGasLimit?: Hex | null
  paymasterData?: Hex | null
  signature?: Hex
}

/** The fields the paymaster signs over, parsed. */
export interface ParsedUserOperation {
  sender: Address
  nonce: bigint
  initCode: Hex
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

const U128 = 2n ** 128n
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/

/** A typed reason a user operation was not accepted (its text goes in the JSON-RPC error). */
export class UserOperationError extends Error {}

function quantity(op: Record<string, unknown>, field: string, max = 2n ** 256n): bigint {
  const v = op[field]
  if (typeof v !== 'string' || !QUANTITY.test(v))
    throw new UserOperationError(`${field} must be a hex quantity`)
  const n = BigInt(v)
  if (n >= max) throw new UserOperationError(`${field} is too large`)
  return n
}

function bytes(op: Record<string, unknown>, field: string, maxBytes: number): Hex {
  const v = op[field]
  if (typeof v !== 'string' || !isHex(v, { strict: true }) || v.length % 2 !== 0)
    throw new UserOperationError(`${field} must be hex bytes`)
  if (size(v) > maxBytes) throw new UserOperationError(`${field} is longer than ${maxBytes} bytes`)
  return v
}

/**
 * Reads and checks a v0.7 user operation from untrusted JSON (a wallet's
 * ERC-7677 call). Gas fields must fit their packed 128-bit slots.
 */
export function parseUserOperation(input: unknown): ParsedUserOperation {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new UserOperationError('the user operation must be an object')
  const op = input as Record<string, unknown>
  if (typeof op.sender !== 'string' || !isAddress(op.sender, { strict: false }))
    throw new UserOperationError('sender must be an address')
  let initCode: Hex = '0x'
  if (op.factory !== undefined && op.factory !== null) {
    if (typeof op.factory !== 'string' || !isAddress(op.factory, { strict: false }))
      throw new UserOperationError('factory must be an address')
    initCode = concatHex([op.factory as Address, bytes(op, 'factoryData', 64 * 1024)])
  }
  return {
    sender: op.sender as Address,
    nonce: quantity(op, 'nonce'),
    initCode,
    callData: bytes(op, 'callData', 128 * 1024),
    callGasLimit: quantity(op, 'callGasLimit', U128),
    verificationGasLimit: quantity(op, 'verificationGasLimit', U128),
    preVerificationGas: quantity(op, 'preVerificationGas'),
    maxFeePerGas: quantity(op, 'maxFeePerGas', U128),
    maxPriorityFeePerGas: quantity(op, 'maxPriorityFeePerGas', U128),
  }
}

/** What the VerifyingPaymaster (v0.7 sample) hashes: `getHash(userOp, validUntil, validAfter)`. */
export function verifyingPaymasterHash(args: {
  op: ParsedUserOperation
  chainId: bigint
  paymaster: Address
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
  validUntil: number
  validAfter: number
}): Hex {
  const { op } = args
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(op.initCode),
        keccak256(op.callData),
        // accountGasLimits: verificationGasLimit (high 128 bits) | callGasLimit.
        op.verificationGasLimit * U128 + op.callGasLimit,
        // paymasterAndData[20:52]: paymasterVerificationGasLimit | paymasterPostOpGasLimit.
        args.paymasterVerificationGasLimit * U128 + args.paymasterPostOpGasLimit,
        op.preVerificationGas,
        // gasFees: maxPriorityFeePerGas | maxFeePerGas.
        op.maxPriorityFeePerGas * U128 + op.maxFeePerGas,
        args.chainId,
        args.paymaster,
        args.validUntil,
        args.validAfter,
      ],
    ),
  )
}

/** `paymasterData` of the VerifyingPaymaster: abi.encode(validUntil, validAfter) ‖ signature. */
export function encodePaymasterData(validUntil: number, validAfter: number, signature: Hex): Hex {
  return concatHex([
    encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter]),
    signature,
  ])
}

/** The worst-case gas cost of an operation (every limit used at the max fee), in wei. */
export function maxGasCost(op: ParsedUserOperation, pmVerification: bigint, pmPostOp: bigint): bigint {
  const gas = op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + pmVerification + pmPostOp
  return gas * op.maxFeePerGas
}

const SIMPLE_ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])

/** One call inside an operation: where to, and the method selector (`0x` for a plain transfer). */
export interface InnerCall {
  to: Address
  value: bigint
  selector: Hex
}

/**
 * The calls a SimpleAccount-style `execute` / `executeBatch` makes. Other
 * account call data cannot be read: undefined (a policy with target rules then refuses).
 */
export function innerCalls(callData: Hex): InnerCall[] | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof SIMPLE_ACCOUNT_ABI>>
  try {
    decoded = decodeFunctionData({ abi: SIMPLE_ACCOUNT_ABI, data: callData })
  } catch {
    return undefined
  }
  const selectorOf = (data: Hex): Hex => (size(data) >= 4 ? slice(data, 0, 4) : '0x')
  if (decoded.functionName === 'execute') {
    const [to, value, data] = decoded.args
    return [{ to, value, selector: selectorOf(data) }]
  }
  const [tos, values, datas] = decoded.args
  // v0.7 executeBatch: an empty value array means no value on any call.
  if (datas.length !== tos.length || (values.length !== 0 && values.length !== tos.length)) return undefined
  return tos.map((to, i) => ({ to, value: values[i] ?? 0n, selector: selectorOf(datas[i]!) }))
}
