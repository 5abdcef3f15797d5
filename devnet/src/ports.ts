import { createServer } from 'node:net'

/** Asks the OS for a free TCP port on 127.0.0.1 (bind port 0, read it back, release it). */
export async function getFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export async function isPortOpen(port: number): Promise<boolean> {
  const { connect } = await import('node:net')
  return await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
