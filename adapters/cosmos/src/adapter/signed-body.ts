import { InvalidWalletResponseError } from '../errors/index.js'

/** JSON with object keys sorted at every level (amino sign docs compare by content, not key order). */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * A wallet may change the fee it signs (its own fee choice) but never the
 * messages or the memo: the signed body is what gets broadcast. Direct mode
 * compares the body bytes, amino mode the messages and memo.
 */
export function assertKeptDirectBody(signed: unknown, asked: Uint8Array, method: string): void {
  const body = (signed as { bodyBytes?: unknown } | undefined)?.bodyBytes
  if (!(body instanceof Uint8Array) || !sameBytes(body, asked))
    throw new InvalidWalletResponseError(`${method}: the wallet signed another transaction body`)
}

export function assertKeptAminoContent(
  signed: unknown,
  asked: { msgs: unknown; memo: unknown },
  method: string,
): void {
  const doc = signed as { msgs?: unknown; memo?: unknown } | undefined
  if (!doc || sortedJson(doc.msgs) !== sortedJson(asked.msgs) || doc.memo !== asked.memo)
    throw new InvalidWalletResponseError(`${method}: the wallet signed other messages or memo`)
}
