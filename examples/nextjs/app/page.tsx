import { headers } from 'next/headers.js'
import { readDevnet } from './devnet.js'
import { PorticoApp } from './portico-app.js'

/** The request's cookies whose (URL-decoded) name starts with `portico:`, raw, as cookie storage reads them. */
function porticoCookies(header: string | null): string {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.slice(0, Math.max(part.indexOf('='), 0))
      try {
        return decodeURIComponent(name).startsWith('portico:')
      } catch {
        return false
      }
    })
    .join('; ')
}

/**
 * The page renders per request (it reads the Cookie header, and the CSP nonce
 * is per request). Only Portico's cookies go to the client component: the
 * server's instance reads the last account from them and draws it, the
 * browser's instance reads the same cookies from document.cookie, so both
 * render alike.
 */
export default async function Page() {
  const cookie = (await headers()).get('cookie')
  return <PorticoApp cookieHeader={porticoCookies(cookie)} devnet={readDevnet()} />
}
