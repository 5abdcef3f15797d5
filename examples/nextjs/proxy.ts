import { type NextRequest, NextResponse } from 'next/server.js'
import { readDevnet } from './app/devnet.js'

/**
 * A fresh nonce per request and a strict Content-Security-Policy: scripts only
 * with the nonce (Next.js puts it on its own scripts), styles from this origin
 * or with the nonce (Portico's modal uses constructable stylesheets, which need
 * neither), no eval, connections only to this origin and the devnet's RPC
 * nodes. Wallet icons are data: URIs (EIP-6963), so img-src allows data:.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64')
  const rpcOrigins = [...new Set(readDevnet().chains.map((c) => new URL(c.rpcUrl).origin))]
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${rpcOrigins.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const headers = new Headers(request.headers)
  headers.set('x-nonce', nonce)
  // Next.js reads the nonce from the request's CSP header while rendering.
  headers.set('Content-Security-Policy', csp)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', csp)
  return response
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
}
