import * as net from 'node:net'

/**
 * Records every outgoing TCP connection of this process (net, tls, http,
 * fetch and `ws` all go through `net.Socket#connect`) so a test can assert
 * that nothing left 127.0.0.1. Non-loopback attempts are also refused.
 *
 * @example
 * const guard = watchOutboundConnections()
 * // … run the test …
 * expect(guard.nonLoopback()).toEqual([])
 * guard.restore()
 */
export interface OutboundConnectionWatch {
  /** Every destination seen, as `host:port` (or a socket path). */
  readonly destinations: readonly string[]
  /** Destinations that are not on loopback. */
  nonLoopback(): string[]
  restore(): void
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost|::ffff:127\.\d+\.\d+\.\d+)$/

export function watchOutboundConnections(): OutboundConnectionWatch {
  const destinations: string[] = []
  const blocked: string[] = []
  const original = net.Socket.prototype.connect
  // biome-ignore lint/suspicious/noExplicitAny: net.Socket#connect has many overloads
  net.Socket.prototype.connect = function patched(this: net.Socket, ...args: any[]) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0]
    let dest: string
    let host: string | undefined
    if (first && typeof first === 'object') {
      if ('path' in first && first.path) dest = String(first.path)
      else {
        host = String(first.host ?? 'localhost')
        dest = `${host}:${first.port}`
      }
    } else if (typeof first === 'string' && Number.isNaN(Number(first))) dest = first
    else {
      host = typeof args[1] === 'string' ? args[1] : 'localhost'
      dest = `${host}:${first}`
    }
    destinations.push(dest)
    if (host !== undefined && !LOOPBACK.test(host)) {
      blocked.push(dest)
      process.nextTick(() =>
        this.destroy(new Error(`Outbound connection to ${dest} refused by the loopback guard`)),
      )
      return this
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof original
  return {
    destinations,
    nonLoopback: () => [...blocked],
    restore: () => {
      net.Socket.prototype.connect = original
    },
  }
}
