import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { getFreePort } from '../ports.js'
import { spawnWalletConnectRelay, type WalletConnectRelayServiceInfo } from './service.js'

describe('walletconnect devnet service', () => {
  let info: WalletConnectRelayServiceInfo | undefined
  afterAll(() => {
    for (const pid of info?.pids ?? []) process.kill(pid, 'SIGTERM')
  })

  it('spawns the relay as its own process on the given port and reports its URL', async () => {
    const port = await getFreePort()
    info = await spawnWalletConnectRelay({ port, detached: false })
    expect(info.url).toBe(`ws://127.0.0.1:${port}`)
    const socket = new WebSocket(info.url)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    socket.send('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"x"}}')
    const reply = await new Promise<string>((r) => socket.once('message', (m) => r(m.toString())))
    expect(JSON.parse(reply).id).toBe(1)
    socket.close()
  })
})
