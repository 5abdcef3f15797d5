import type { App } from '../http/app.js'

/**
 * Stops accepting connections and lets requests in flight finish (idle
 * keep-alive sockets close at once); after `timeoutMs`, cuts what is left.
 */
export async function drain(app: App, timeoutMs: number): Promise<void> {
  const timer = setTimeout(() => {
    app.log.warn({ timeoutMs }, 'requests still in flight after the shutdown time-out; connections cut')
    app.server.closeAllConnections()
  }, timeoutMs)
  try {
    await app.close()
  } finally {
    clearTimeout(timer)
  }
}
