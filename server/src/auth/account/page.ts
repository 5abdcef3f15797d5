import { createHash } from 'node:crypto'

/**
 * The device-approval page the mailed link opens, on the signer origin. GET
 * only shows it (mail scanners that prefetch links approve nothing); the
 * Approve button posts the form. No script; the one style block is pinned by
 * its hash in the CSP.
 */
const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:Canvas;color:CanvasText}
main{max-inline-size:360px;padding-block:24px;padding-inline:24px;border:1px solid GrayText;border-radius:16px;text-align:center}
h1{font-size:1.25rem;margin-block:0 12px}
p{line-height:1.5;margin-block:0 16px}
button{font:inherit;padding-block:10px;padding-inline:20px;border-radius:999px;border:0;background:#2563eb;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

export const DEVICE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/** The page with the Approve button; `token` was checked against the link format before. */
export function approvePage(token: string): string {
  return page(
    'Approve this device?',
    `<p>A login to your wallet from a new device is waiting. Approve it only if that login was yours.</p><form method="post" action="/v1/auth/device/approve"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve device</button></form>`,
  )
}

export function approvedPage(): string {
  return page(
    'Device approved',
    '<p>Go back to the site where you logged in: it continues on its own. You can close this tab.</p>',
  )
}

export function refusedPage(message: string): string {
  return page('This link cannot be used', `<p>${escapeHtml(message)}</p>`)
}
