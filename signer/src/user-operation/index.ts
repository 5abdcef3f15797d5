import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Card } from '../approve/card.js'
import { describeUserOperation } from './describe.js'
import { parseUserOperationRequest, UserOperationWireError } from './request.js'

export { describeUserOperation } from './describe.js'
export {
  type AccountCall,
  ENTRY_POINT_V07,
  parseUserOperationRequest,
  USER_OPERATION_METHOD,
  type UserOperationRequest,
  UserOperationWireError,
  worstCaseGasCost,
} from './request.js'

/** What the frame lends a user-operation signature: its session, its shares, its card, the requesting origin. */
export interface UserOperationFrameDeps {
  token(): string | undefined
  wallet(token: string): Promise<{ address: string; auth: string }>
  loadDeviceShare(address: string): Promise<string | undefined>
  reassemble(address: string, a: string, b: string): Promise<Uint8Array>
  /** Shows the card as given (it names the origin itself); true on Approve. */
  approve(what: Card): Promise<boolean>
  refuse(code: number | string, message: string): Error
  /** The dApp page's origin (the frame's pinned parent). */
  origin: string
}

/** The EIP-191 signature of `hash` by `key` (what SimpleAccount v0.7's `validateUserOp` checks). */
export async function signUserOperationHash(key: Uint8Array, hash: Hex): Promise<Hex> {
  return await privateKeyToAccount(bytesToHex(key)).signMessage({ message: { raw: hash } })
}

/**
 * `portico_signUserOperation`: parses the operation (refusing what it cannot
 * show exactly), shows its card, and on Approve signs the hash it computed
 * itself from that parsed operation, with the wallet's key.
 */
export async function signUserOperation(
  deps: UserOperationFrameDeps,
  params: unknown[],
  chainId: number,
): Promise<Hex> {
  const t = deps.token()
  if (!t) throw deps.refuse(4100, 'Action not allowed')
  const w = await deps.wallet(t)
  let request: ReturnType<typeof parseUserOperationRequest>
  try {
    request = parseUserOperationRequest(params, chainId, w.address)
  } catch (error) {
    if (error instanceof UserOperationWireError) {
      console.warn('[portico signer] user operation refused', error.message)
      throw deps.refuse(-32602, 'Invalid request')
    }
    throw error
  }
  if (!(await deps.approve(describeUserOperation(request, deps.origin))))
    throw deps.refuse(4001, 'Signature declined')
  const device = await deps.loadDeviceShare(w.address)
  if (!device) throw deps.refuse(4100, 'Action not allowed')
  const key = await deps.reassemble(w.address, device, w.auth)
  try {
    return await signUserOperationHash(key, request.hash)
  } finally {
    key.fill(0)
  }
}
