import type { SiwxMessageFields } from '@portico/core'
import { SiwxMessageError } from '@portico/core'

/**
 * The EIP-4361 (Sign-In with Ethereum) text for CAIP-122 fields, written by
 * viem's `createSiweMessage` (checksummed address, numeric chain id). viem's
 * SIWE module loads on first use, so it is not on the page's first load.
 * Throws `SiwxMessageError` when a field breaks the EIP-4361 grammar.
 *
 * @example
 * const text = await formatEvmSignInMessage({ domain: 'example.com', address, uri: 'https://example.com',
 *   version: '1', caipNetworkId: 'eip155:1', nonce, issuedAt: new Date().toISOString() })
 */
export async function formatEvmSignInMessage(fields: SiwxMessageFields): Promise<string> {
  const [namespace, reference] = fields.caipNetworkId.split(':')
  if (namespace !== 'eip155' || !/^[0-9]{1,15}$/.test(reference ?? ''))
    throw new SiwxMessageError(`not an eip155 network: ${fields.caipNetworkId}`)
  const { createSiweMessage } = await import('viem/siwe')
  const time = (value: string | undefined, field: string) => {
    if (value === undefined) return undefined
    const ms = Date.parse(value)
    if (!Number.isFinite(ms)) throw new SiwxMessageError(`${field} must be an ISO 8601 time`)
    return new Date(ms)
  }
  try {
    return createSiweMessage({
      domain: fields.domain,
      address: fields.address as `0x${string}`,
      ...(fields.statement ? { statement: fields.statement } : {}),
      uri: fields.uri,
      version: fields.version,
      chainId: Number(reference),
      nonce: fields.nonce,
      issuedAt: time(fields.issuedAt, 'issuedAt')!,
      ...(fields.expirationTime ? { expirationTime: time(fields.expirationTime, 'expirationTime')! } : {}),
      ...(fields.notBefore ? { notBefore: time(fields.notBefore, 'notBefore')! } : {}),
      ...(fields.requestId ? { requestId: fields.requestId } : {}),
      ...(fields.resources?.length ? { resources: [...fields.resources] } : {}),
    })
  } catch (error) {
    if (error instanceof SiwxMessageError) throw error
    throw new SiwxMessageError((error as { shortMessage?: string }).shortMessage ?? String(error))
  }
}
