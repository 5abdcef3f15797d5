/**
 * Deep links that hand a WalletConnect URI to a wallet app. Two kinds exist:
 * native links (`metamask://`, `trust:` — a custom scheme the app registers)
 * and universal / app links (`https://metamask.app.link`), which open the app
 * when installed and the wallet's site (or store) otherwise. Both carry the
 * pairing URI as `wc?uri=<encodeURIComponent(wcUri)>` under the link's root.
 */

export interface WalletLink {
  /** The URL that opens the wallet with the pairing URI. */
  redirect: string
  /** The wallet link itself, normalised (what "Open" falls back to). */
  href: string
  kind: 'native' | 'universal'
}

/** True for `http://` and `https://` URLs (universal links); false for custom schemes. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim())
}

/**
 * Schemes a directory entry may never name, even as a "native" app scheme:
 * they run script or read local data in the page instead of opening an app.
 */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'http', 'https'])
const NATIVE_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//

/**
 * True when `href` is a native app link Portico may open: `scheme://…` with an
 * RFC 3986 scheme (`[a-z][a-z0-9+.-]*`, compared in lower case) that is not
 * one that runs script or reads local data (javascript:, data:, vbscript:,
 * file:, blob:). Directory links are untrusted input (SPEC §3).
 */
export function isSafeNativeLink(href: string): boolean {
  const scheme = NATIVE_SCHEME.exec(href.toLowerCase())?.[1]
  return scheme !== undefined && !FORBIDDEN_SCHEMES.has(scheme)
}

/** True when `href` is an `https://` URL with a host (universal links are https only). */
export function isSafeUniversalLink(href: string): boolean {
  if (!/^https:\/\//i.test(href)) return false
  try {
    const url = new URL(href)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/**
 * A native-scheme deep link: `metamask://wc?uri=…`. A bare scheme (`trust`,
 * `trust:` or `trust://`) is completed to `trust://`; an `https` link is
 * formatted as a universal link instead. Undefined for a link Portico must not
 * open (a `javascript:`/`data:`/… scheme, or not a scheme at all): the wallet
 * is then offered by QR code only.
 *
 * @example
 * formatNativeUrl('metamask://', 'wc:abc@2?relay-protocol=irn&symKey=x')
 * // { redirect: 'metamask://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn%26symKey%3Dx', href: 'metamask://', kind: 'native' }
 */
export function formatNativeUrl(appUrl: string, wcUri: string): WalletLink | undefined {
  if (isHttpUrl(appUrl)) return formatUniversalUrl(appUrl, wcUri)
  let href = appUrl.trim()
  if (!href.includes('://')) {
    // Only a bare scheme (`trust`, `trust:`, `trust:/`) is completed; anything else is not a link.
    const bare = /^([a-z][a-z0-9+.-]*):?\/?$/i.exec(href)?.[1]
    if (!bare) return undefined
    href = `${bare}://`
  }
  if (!isSafeNativeLink(href)) return undefined
  if (!href.endsWith('/')) href = `${href}/`
  return { redirect: `${href}wc?uri=${encodeURIComponent(wcUri)}`, href, kind: 'native' }
}

/**
 * A universal / app link: `https://metamask.app.link/wc?uri=…` (a trailing
 * slash is added to the root; a custom scheme is formatted as a native link).
 * Undefined for a link that is not `https://` with a host (plain `http://`
 * included: a universal link is https only).
 *
 * @example
 * formatUniversalUrl('https://link.trustwallet.com', uri)?.redirect
 * // 'https://link.trustwallet.com/wc?uri=wc%3A…'
 */
export function formatUniversalUrl(appUrl: string, wcUri: string): WalletLink | undefined {
  if (!isHttpUrl(appUrl)) return formatNativeUrl(appUrl, wcUri)
  let href = appUrl.trim()
  if (!isSafeUniversalLink(href)) return undefined
  if (!href.endsWith('/')) href = `${href}/`
  return { redirect: `${href}wc?uri=${encodeURIComponent(wcUri)}`, href, kind: 'universal' }
}

/** The directory fields a link is chosen from (SPEC §3 wallet directory entry). */
export interface WalletLinks {
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

/**
 * The link to open a wallet with a pairing URI on this platform: on mobile the
 * wallet's `mobile_link` (native or universal); on desktop its `desktop_link`
 * (a desktop app's scheme), else its `webapp_link`. Undefined when the wallet
 * has no link for the platform (show the QR code instead).
 *
 * @example
 * getWalletLink(entry, uri, { mobile: true })?.redirect
 */
export function getWalletLink(
  wallet: WalletLinks,
  wcUri: string,
  platform: { mobile: boolean },
): WalletLink | undefined {
  if (platform.mobile) return wallet.mobile_link ? formatNativeUrl(wallet.mobile_link, wcUri) : undefined
  const desktop = wallet.desktop_link ? formatNativeUrl(wallet.desktop_link, wcUri) : undefined
  if (desktop) return desktop
  return wallet.webapp_link ? formatUniversalUrl(wallet.webapp_link, wcUri) : undefined
}

/**
 * Where to open a link: native schemes and mobile universal links replace the
 * current page (`_self`; `_top` inside an iframe, where a frame can't hand a
 * URL to the OS) — a new tab would be blocked as a pop-up after the async
 * pairing, or leave an empty tab behind. Desktop web apps open in a new tab.
 */
export function getLinkTarget(
  link: WalletLink,
  env: { mobile: boolean; inIframe: boolean },
): '_self' | '_top' | '_blank' {
  if (link.kind === 'universal' && !env.mobile) return '_blank'
  return env.inIframe ? '_top' : '_self'
}

/**
 * Opens a wallet link in a browser (call from a user gesture). Checks the
 * link again (a `WalletLink` can be built by hand) and opens nothing for an
 * unsafe one; returns whether it opened.
 *
 * @example
 * button.onclick = () => openWalletLink(getWalletLink(entry, uri, { mobile: true })!, window)
 */
export function openWalletLink(
  link: WalletLink,
  win: Pick<Window, 'open' | 'top' | 'self'>,
  env: { mobile: boolean } = { mobile: false },
): boolean {
  const safe = link.kind === 'native' ? isSafeNativeLink(link.redirect) : isSafeUniversalLink(link.redirect)
  if (!safe) return false
  const target = getLinkTarget(link, { mobile: env.mobile, inIframe: win.top !== win.self })
  win.open(link.redirect, target, target === '_blank' ? 'noreferrer noopener' : undefined)
  return true
}
