import type { BrowserContext } from 'playwright-core'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** True for URLs the pages may reach: loopback hosts and non-network schemes. */
export function isAllowedUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return true
  return LOOPBACK.has(url.hostname)
}

export interface NetworkGuard {
  /** Every non-loopback request the page tried, in order (each was aborted). */
  readonly blocked: readonly string[]
  /** Throws when any non-loopback request was attempted. */
  assertNoOutbound(): void
  /** Forgets what was recorded (for a test that provokes a blocked request on purpose). */
  clear(): void
}

/**
 * Intercepts every request of the context (pages, workers, WebSockets): loopback
 * goes through, anything else is aborted and recorded so the test fails.
 */
export async function guardNetwork(context: BrowserContext): Promise<NetworkGuard> {
  const blocked: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (isAllowedUrl(url)) return route.continue()
    blocked.push(url)
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(/.*/, (ws) => {
    if (isAllowedUrl(ws.url())) {
      ws.connectToServer()
      return
    }
    blocked.push(ws.url())
    ws.close({ code: 1008, reason: 'outbound blocked by e2e guard' })
  })
  return {
    blocked,
    assertNoOutbound() {
      if (blocked.length > 0) {
        throw new Error(`page made ${blocked.length} non-loopback request(s):\n  ${blocked.join('\n  ')}`)
      }
    },
    clear() {
      blocked.length = 0
    },
  }
}
