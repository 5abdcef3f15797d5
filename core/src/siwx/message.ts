import type { CaipNetworkId } from '../contracts/index.js'
import { PorticoError } from '../errors/index.js'

/**
 * The fields of a CAIP-122 sign-in message (the chain-neutral form of
 * EIP-4361 "Sign-In with Ethereum"). Times are ISO 8601 strings.
 */
export interface SiwxMessageFields {
  /** RFC 3986 authority of the site asking (host, or host:port). */
  domain: string
  /** The account's address in its chain's native form (not CAIP-10). */
  address: string
  /** One line shown to the visitor; never contains a line break. */
  statement?: string
  /** The site the session is for. */
  uri: string
  version: '1'
  /** CAIP-2 network the account signs on; the message carries its reference as "Chain ID". */
  caipNetworkId: CaipNetworkId
  /** The gateway's one-time value: at least 8 letters or digits. */
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/** A message or field that breaks the CAIP-122 grammar (bad input from the host, a wallet or a client). */
export class SiwxMessageError extends PorticoError {
  override name = 'SiwxMessageError'
  constructor(details: string) {
    super('The sign-in message is not valid', { code: 'SIWX_INVALID_MESSAGE', details })
  }
}

const NONCE = /^[A-Za-z0-9]{8,}$/
const AUTHORITY = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

function check(fields: SiwxMessageFields): void {
  const bad = (what: string) => {
    throw new SiwxMessageError(what)
  }
  if (!AUTHORITY.test(fields.domain)) bad(`domain must be an RFC 3986 authority: ${fields.domain}`)
  if (!/^[^\s]{1,128}$/.test(fields.address)) bad('address must be one word of at most 128 characters')
  if (fields.statement !== undefined && /[\r\n]/.test(fields.statement)) bad('statement must be one line')
  if (!URI.test(fields.uri)) bad(`uri must be an RFC 3986 URI: ${fields.uri}`)
  if (fields.version !== '1') bad('version must be 1')
  if (!CAIP2.test(fields.caipNetworkId)) bad(`caipNetworkId must be CAIP-2: ${fields.caipNetworkId}`)
  if (!NONCE.test(fields.nonce)) bad('nonce must be at least 8 letters or digits')
  for (const key of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const v = fields[key]
    if ((key === 'issuedAt' || v !== undefined) && !(ISO.test(v ?? '') && Number.isFinite(Date.parse(v!))))
      bad(`${key} must be an ISO 8601 time`)
  }
  if (fields.requestId !== undefined && /[\r\n]/.test(fields.requestId)) bad('requestId must be one line')
  for (const r of fields.resources ?? []) if (!URI.test(r)) bad(`resource must be a URI: ${r}`)
}

/**
 * Writes the CAIP-122 text a wallet signs, e.g. for Solana
 * `example.com wants you to sign in with your Solana account:`. `chainName`
 * names the chain family in the first line ("Ethereum" makes it EIP-4361,
 * byte for byte what viem's `createSiweMessage` writes for a checksummed
 * address). Throws `SiwxMessageError` on any field outside the grammar.
 *
 * @example
 * formatSiwxMessage(fields, 'Solana')
 */
export function formatSiwxMessage(fields: SiwxMessageFields, chainName: string): string {
  check(fields)
  if (!/^[A-Za-z0-9 ]{1,32}$/.test(chainName)) throw new SiwxMessageError('chain name must be a short word')
  const reference = fields.caipNetworkId.split(':')[1]
  const statement = fields.statement ? `${fields.statement}\n` : ''
  let text = `${fields.domain} wants you to sign in with your ${chainName} account:\n${fields.address}\n\n${statement}\n`
  text += `URI: ${fields.uri}\nVersion: ${fields.version}\nChain ID: ${reference}\nNonce: ${fields.nonce}\nIssued At: ${fields.issuedAt}`
  if (fields.expirationTime) text += `\nExpiration Time: ${fields.expirationTime}`
  if (fields.notBefore) text += `\nNot Before: ${fields.notBefore}`
  if (fields.requestId) text += `\nRequest ID: ${fields.requestId}`
  if (fields.resources?.length) text += `\nResources:${fields.resources.map((r) => `\n- ${r}`).join('')}`
  return text
}

/** What `parseSiwxMessage` reads back: the fields, the chain family and the bare chain reference. */
export interface ParsedSiwxMessage extends Omit<SiwxMessageFields, 'caipNetworkId'> {
  chainName: string
  /** The "Chain ID" line: a CAIP-2 reference (`1`, `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`…). */
  chainReference: string
}

const TAGS: Record<string, keyof ParsedSiwxMessage> = {
  'URI: ': 'uri',
  'Version: ': 'version',
  'Chain ID: ': 'chainReference',
  'Nonce: ': 'nonce',
  'Issued At: ': 'issuedAt',
  'Expiration Time: ': 'expirationTime',
  'Not Before: ': 'notBefore',
  'Request ID: ': 'requestId',
}
const REQUIRED = ['uri', 'version', 'chainReference', 'nonce', 'issuedAt'] as const

/** Options of `parseSiwxMessage`. */
export interface ParseSiwxMessageOptions {
  /**
   * Also accept the compact layout wallets write for Sign In With Solana
   * (`solana:signIn`): without a statement, a single blank line separates
   * the address from the URI line (CAIP-122 has two). Default false.
   */
  compact?: boolean
}

/**
 * Reads a CAIP-122 message strictly: the header, the address, an optional
 * statement and the tagged lines in their order. Anything else (a missing or
 * repeated line, a tag out of order, trailing text) throws
 * `SiwxMessageError`, so what a server verifies is exactly what it read.
 *
 * @example
 * parseSiwxMessage(text).nonce
 */
export function parseSiwxMessage(text: string, options: ParseSiwxMessageOptions = {}): ParsedSiwxMessage {
  if (typeof text !== 'string' || text.length > 8192) throw new SiwxMessageError('message must be text')
  const lines = text.split('\n')
  const head =
    /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?(\S+) wants you to sign in with your ([A-Za-z0-9 ]{1,32}) account:$/.exec(
      lines[0] ?? '',
    )
  if (!head) throw new SiwxMessageError('the first line is not a CAIP-122 header')
  const address = lines[1] ?? ''
  if (lines[2] !== '') throw new SiwxMessageError('a blank line must follow the address')
  let i = 3
  let statement: string | undefined
  if (lines[i] !== '' && !lines[i]?.startsWith('URI: ')) {
    statement = lines[i]
    i++
  }
  const compact = options.compact === true && statement === undefined && lines[i]?.startsWith('URI: ')
  if (!compact) {
    if (lines[i] !== '') throw new SiwxMessageError('a blank line must precede the URI')
    i++
  }
  const out: Partial<Record<keyof ParsedSiwxMessage, string>> = {}
  const order = Object.keys(TAGS)
  let last = -1
  let resources: string[] | undefined
  for (; i < lines.length; i++) {
    const line = lines[i]!
    if (line === 'Resources:') {
      resources = []
      for (i++; i < lines.length; i++) {
        if (!lines[i]!.startsWith('- ')) throw new SiwxMessageError('resources must be "- <uri>" lines')
        resources.push(lines[i]!.slice(2))
      }
      break
    }
    const at = order.findIndex((tag) => line.startsWith(tag))
    if (at <= last) throw new SiwxMessageError(`unexpected line: ${line.slice(0, 40)}`)
    last = at
    out[TAGS[order[at]!]!] = line.slice(order[at]!.length)
  }
  for (const key of REQUIRED) if (out[key] === undefined) throw new SiwxMessageError(`${key} is missing`)
  const parsed: ParsedSiwxMessage = {
    domain: head[1]!,
    chainName: head[2]!,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri: out.uri!,
    version: out.version as '1',
    chainReference: out.chainReference!,
    nonce: out.nonce!,
    issuedAt: out.issuedAt!,
    ...(out.expirationTime !== undefined ? { expirationTime: out.expirationTime } : {}),
    ...(out.notBefore !== undefined ? { notBefore: out.notBefore } : {}),
    ...(out.requestId !== undefined ? { requestId: out.requestId } : {}),
    ...(resources ? { resources } : {}),
  }
  // The same grammar as formatting (a made-up namespace stands in: only the reference is checked here).
  check({ ...parsed, caipNetworkId: `xxx:${parsed.chainReference}` as CaipNetworkId })
  return parsed
}
