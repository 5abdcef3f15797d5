import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  formatNativeUrl,
  formatUniversalUrl,
  getLinkTarget,
  getWalletLink,
  isSafeNativeLink,
  isSafeUniversalLink,
  openWalletLink,
} from './deeplink.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?expiryTimestamp=1795298679&relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const ENCODED = encodeURIComponent(URI)

describe('native scheme deep links (scheme://)', () => {
  it.each([
    ['metamask://', `metamask://wc?uri=${ENCODED}`, 'metamask://'],
    ['metamask:', `metamask://wc?uri=${ENCODED}`, 'metamask://'],
    ['trust', `trust://wc?uri=${ENCODED}`, 'trust://'],
    ['rainbow://', `rainbow://wc?uri=${ENCODED}`, 'rainbow://'],
    ['zerion://app', `zerion://app/wc?uri=${ENCODED}`, 'zerion://app/'],
  ])('%s → scheme://wc?uri=<encoded>', (link, redirect, href) => {
    expect(formatNativeUrl(link, URI)).toEqual({ redirect, href, kind: 'native' })
  })

  it('the whole pairing URI survives as one query parameter (its & and = are encoded)', () => {
    const { redirect } = formatNativeUrl('metamask://', URI)!
    expect(redirect).not.toContain('&relay-protocol')
    expect(new URL(redirect).searchParams.get('uri')).toBe(URI)
  })
})

describe('universal links (https://)', () => {
  it.each([
    ['https://metamask.app.link', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['https://link.trustwallet.com/', `https://link.trustwallet.com/wc?uri=${ENCODED}`],
    ['https://rnbwapp.com/', `https://rnbwapp.com/wc?uri=${ENCODED}`],
  ])('%s → https://host/wc?uri=<encoded>', (link, redirect) => {
    expect(formatUniversalUrl(link, URI)).toMatchObject({ redirect, kind: 'universal' })
    // A universal link given to the native formatter stays universal.
    expect(formatNativeUrl(link, URI)).toMatchObject({ redirect, kind: 'universal' })
  })

  it('round-trips any pairing URI through URL parsing (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('https://w.example/', 'wallet://'), (tail, root) => {
        const uri = `wc:ab@2?symKey=${tail}`
        expect(new URL(formatNativeUrl(root, uri)!.redirect).searchParams.get('uri')).toBe(uri)
      }),
    )
  })
})

describe('choosing the link for the platform', () => {
  const wallet = {
    mobile_link: 'metamask://',
    desktop_link: 'metamask-desktop://',
    webapp_link: 'https://portfolio.metamask.io',
  }
  it('mobile → mobile_link; desktop → desktop_link, else webapp_link; none → undefined (QR only)', () => {
    expect(getWalletLink(wallet, URI, { mobile: true })?.redirect).toBe(`metamask://wc?uri=${ENCODED}`)
    expect(getWalletLink(wallet, URI, { mobile: false })?.redirect).toBe(
      `metamask-desktop://wc?uri=${ENCODED}`,
    )
    expect(getWalletLink({ ...wallet, desktop_link: null }, URI, { mobile: false })).toMatchObject({
      redirect: `https://portfolio.metamask.io/wc?uri=${ENCODED}`,
      kind: 'universal',
    })
    expect(getWalletLink({ mobile_link: null }, URI, { mobile: true })).toBeUndefined()
  })

  it('native and mobile links open in place (_top in an iframe); desktop web apps in a new tab', () => {
    const native = formatNativeUrl('metamask://', URI)!
    const universal = formatUniversalUrl('https://metamask.app.link', URI)!
    expect(getLinkTarget(native, { mobile: true, inIframe: false })).toBe('_self')
    expect(getLinkTarget(native, { mobile: true, inIframe: true })).toBe('_top')
    expect(getLinkTarget(universal, { mobile: true, inIframe: false })).toBe('_self')
    expect(getLinkTarget(universal, { mobile: false, inIframe: false })).toBe('_blank')

    const win = { open: vi.fn(), top: null, self: null } as unknown as Window
    openWalletLink(universal, win, { mobile: false })
    expect(win.open).toHaveBeenCalledWith(universal.redirect, '_blank', 'noreferrer noopener')
  })
})

describe('only safe links open (issue 22: directory links are untrusted input)', () => {
  it.each([
    'javascript://%0Aalert(1)',
    'JavaScript://%0Aalert(document.cookie)',
    'javascript:alert(1)',
    'javascript',
    ' javascript://x',
    'data://text/html,<script>alert(1)</script>',
    'vbscript://msgbox',
    'file:///etc/passwd',
    'blob://https://evil.example/x',
    'java\tscript://%0Aalert(1)',
    '1wallet://',
    '://nothing',
    '',
  ])('native link %j gives no link (QR only)', (link) => {
    expect(formatNativeUrl(link, URI)).toBeUndefined()
    expect(getWalletLink({ mobile_link: link }, URI, { mobile: true })).toBeUndefined()
  })

  it('javascript://%0Aalert(1) never reaches window.open on any platform', () => {
    const win = { open: vi.fn(), top: null, self: null } as unknown as Window
    const hostile = {
      mobile_link: 'javascript://%0Aalert(1)',
      desktop_link: 'javascript://%0Aalert(1)',
      webapp_link: 'javascript://%0Aalert(1)',
    }
    for (const mobile of [true, false]) {
      const link = getWalletLink(hostile, URI, { mobile })
      expect(link).toBeUndefined()
    }
    // A link built by hand is checked again before opening.
    const forged = { redirect: 'javascript://%0Aalert(1)', href: 'javascript://', kind: 'native' } as const
    expect(openWalletLink(forged, win)).toBe(false)
    expect(win.open).not.toHaveBeenCalled()
  })

  it.each([
    'http://metamask.app.link',
    'https://',
    'https://user:pass@wallet.example',
    'https:/wallet.example',
  ])('universal link %j gives no link (universal links are https with a host)', (link) => {
    expect(formatUniversalUrl(link, URI)).toBeUndefined()
    expect(getWalletLink({ webapp_link: link }, URI, { mobile: false })).toBeUndefined()
  })

  it.each(['metamask://', 'trust', 'cbwallet:', 'my-wallet+beta.1://app', 'ZERION://'])(
    'scheme %j ([a-z][a-z0-9+.-]*://) is a native link',
    (link) => {
      expect(formatNativeUrl(link, URI)?.kind).toBe('native')
      expect(isSafeNativeLink(formatNativeUrl(link, URI)!.redirect)).toBe(true)
    },
  )

  it('an unsafe desktop_link falls back to the webapp_link', () => {
    const link = getWalletLink(
      { desktop_link: 'javascript://%0Aalert(1)', webapp_link: 'https://app.wallet.example' },
      URI,
      { mobile: false },
    )
    expect(link).toMatchObject({ kind: 'universal', href: 'https://app.wallet.example/' })
  })

  it('any string as a native link yields either nothing or a safe scheme:// link (property)', () => {
    fc.assert(
      fc.property(fc.string(), (link) => {
        const out = formatNativeUrl(link, URI)
        if (!out) return
        if (out.kind === 'native') expect(isSafeNativeLink(out.redirect)).toBe(true)
        else expect(isSafeUniversalLink(out.redirect)).toBe(true)
      }),
    )
  })
})
