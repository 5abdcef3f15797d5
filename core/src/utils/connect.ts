/**
 * Connect-view rules (SPEC §2): connect-method order, Telegram social-provider
 * filtering and the connected-account email display.
 */

import { EMAIL_DISPLAY_MAX_LENGTH } from '../constants/index.js'
import type { SocialProvider } from '../contracts/account.js'

/** SPEC §2 supported social providers, in display order. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = /* @__PURE__ */ Object.freeze([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])

export type PlatformOs = 'ios' | 'android' | 'macos' | 'windows' | 'linux' | 'other'

/** Where the modal runs: inside a Telegram mini app or not, and on which OS. */
export interface Platform {
  telegram: boolean
  os: PlatformOs
}

const TELEGRAM_DROPS: Readonly<Partial<Record<PlatformOs, readonly SocialProvider[]>>> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
}

/**
 * SPEC §2: inside Telegram, iOS drops google, macOS drops x, Android drops
 * facebook and x. Elsewhere the list is returned as given (order kept).
 *
 * @example
 * filterSocialProviders(['google', 'x', 'apple'], { telegram: true, os: 'ios' }) // ['x', 'apple']
 */
export function filterSocialProviders<P extends string>(
  providers: readonly P[],
  platform: Platform | null | undefined,
): P[] {
  const drops: readonly string[] = (platform?.telegram && TELEGRAM_DROPS[platform.os]) || []
  return providers.filter((p) => !drops.includes(p))
}

export type ConnectMethod = 'email' | 'social' | 'wallet'

/**
 * SPEC §2: email, social, wallet by default; wallet, email, social when
 * installed browser wallets exist.
 *
 * @example
 * getConnectMethodsOrder({ hasInstalledWallets: true }) // ['wallet', 'email', 'social']
 */
export function getConnectMethodsOrder(options: { hasInstalledWallets: boolean }): ConnectMethod[] {
  return options.hasInstalledWallets ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}

/** Local-part characters kept before the ellipsis when the domain is kept whole. */
const MIN_LOCAL_KEPT = 4

/**
 * SPEC §2: an email longer than 30 characters is shortened with an ellipsis to
 * exactly 30 characters. The domain is kept whole when at least 4 characters of
 * the local part still fit (`averylongname…@example.com`); otherwise the middle
 * is cut (`start…end`). Counts Unicode characters, not UTF-16 units.
 *
 * @example
 * shortenEmail('someone.with.a.really.long.name@example.com') // 'someone.with.a.rea…@example.com'
 */
export function shortenEmail(email: string): string {
  if (typeof email !== 'string') return ''
  const chars = Array.from(email)
  const max = EMAIL_DISPLAY_MAX_LENGTH
  if (chars.length <= max) return email
  const at = chars.lastIndexOf('@')
  const domain = at >= 0 ? chars.slice(at) : []
  const keep = max - 1 - domain.length
  if (at >= 0 && keep >= MIN_LOCAL_KEPT) return `${chars.slice(0, keep).join('')}…${domain.join('')}`
  const head = Math.ceil((max - 1) / 2)
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`
}
