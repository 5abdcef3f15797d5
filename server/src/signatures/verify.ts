import { type Hex, hashTypedData, recoverTypedDataAddress, type TypedDataDefinition } from 'viem'
import { ApiError, badRequest } from '../http/errors.js'
import { canonicalSignature, NonCanonicalSignatureError } from './canonical.js'

/**
 * Checks that `signature` (canonical form only) is `address`'s EIP-712
 * signature over `typedData`. Gives the typed-data digest, the replay key:
 * it names the signed content, so no re-encoding of the signature escapes it.
 * Throws 400 `non_canonical_signature` or 401 `invalid_signature`.
 */
export async function verifyTypedSignature(
  address: string,
  typedData: TypedDataDefinition,
  signature: string,
): Promise<{ digest: Hex; signature: Hex }> {
  let canonical: Hex
  try {
    canonical = canonicalSignature(signature)
  } catch (error) {
    if (error instanceof NonCanonicalSignatureError)
      throw badRequest(error.message, 'non_canonical_signature')
    throw error
  }
  let signer: string | undefined
  try {
    signer = await recoverTypedDataAddress({ ...typedData, signature: canonical })
  } catch {
    signer = undefined
  }
  if (!signer || signer.toLowerCase() !== address.toLowerCase()) {
    throw new ApiError(401, 'invalid_signature', 'signature does not match the address')
  }
  return { digest: hashTypedData(typedData), signature: canonical }
}
