import { sanitizeWalletIcon, sanitizeWalletName } from '@portico/core'
import type { Eip1193Provider, Eip6963ProviderDetail, Eip6963ProviderInfo } from '../provider/index.js'

const MAX_RDNS_LENGTH = 253
const MAX_UUID_LENGTH = 128

const RDNS = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))+$/i

/** A sanitized announcement: safe to show as text and `<img src>`. */
export interface SafeWalletInfo {
  uuid: string
  name: string
  /** Undefined when the announced icon was not an acceptable `data:image/…` URI. */
  icon: string | undefined
  rdns: string
}

function isProvider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/** Validates an `eip6963:announceProvider` detail; undefined when it must be dropped. */
export function sanitizeAnnouncement(
  detail: unknown,
): { info: SafeWalletInfo; provider: Eip1193Provider } | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined
  const { info, provider } = detail as Partial<Eip6963ProviderDetail>
  if (!info || typeof info !== 'object' || !isProvider(provider)) return undefined
  const raw = info as Partial<Eip6963ProviderInfo>
  const name = sanitizeWalletName(raw.name)
  const rdns =
    typeof raw.rdns === 'string' && raw.rdns.length <= MAX_RDNS_LENGTH ? raw.rdns.toLowerCase() : ''
  const uuid = typeof raw.uuid === 'string' && raw.uuid.length <= MAX_UUID_LENGTH ? raw.uuid : ''
  if (!name || !RDNS.test(rdns) || !uuid) return undefined
  return { info: { uuid, name, rdns, icon: sanitizeWalletIcon(raw.icon) }, provider }
}
