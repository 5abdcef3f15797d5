// Heavy RPC calls cost what they cost: the RPC call limit counts weights, not calls; eth_getLogs has a
// block-range cap; debug_-class reads stay refused. Over real HTTP against a gateway in front of anvil.
import { type AnvilProcess, getFreePort, startAnvil } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { bodyWeight, callWeight, DEFAULT_CALL_WEIGHTS, logsRangeRefusal } from './weights.js'

const W = DEFAULT_CALL_WEIGHTS
const ZERO = `0x${'0'.repeat(40)}`

describe('call weights and the eth_getLogs range cap', () => {
  it('a plain read weighs 1; getLogs, getProgramAccounts and an eth_call with state overrides weigh more', () => {
    expect(callWeight('eth_getBalance', [ZERO, 'latest'], W)).toBe(1)
    expect(callWeight('eth_call', [{ to: ZERO }, 'latest'], W)).toBe(1)
    expect(callWeight('eth_call', [{ to: ZERO }, 'latest', { [ZERO]: { balance: '0x1' } }], W)).toBe(
      W.stateOverride,
    )
    expect(callWeight('eth_getLogs', [{}], W)).toBe(W.getLogs)
    expect(callWeight('getProgramAccounts', ['11111111111111111111111111111111'], W)).toBe(
      W.getProgramAccounts,
    )
    const batch = [
      { method: 'eth_getLogs', params: [{}] },
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_call', params: [{ to: ZERO }, 'latest', { [ZERO]: { code: '0x00' } }] },
    ]
    expect(bodyWeight(batch, W)).toBe(W.getLogs + 1 + W.stateOverride)
    expect(bodyWeight([], W)).toBe(1)
  })

  it('a filter over more blocks than the cap is refused; a block hash, or a range within the cap, is not', () => {
    expect(logsRangeRefusal([{ fromBlock: '0x1', toBlock: '0x64' }], 100)).toBeUndefined()
    expect(logsRangeRefusal([{ fromBlock: '0x1', toBlock: '0x65' }], 100)).toBe(
      'eth_getLogs covers at most 100 blocks (asked 101)',
    )
    expect(logsRangeRefusal([{ fromBlock: 'earliest', toBlock: 'latest' }], 100)).toMatch(
      /at most 100 blocks/,
    )
    expect(logsRangeRefusal([{ fromBlock: '0x0' }], 100)).toMatch(/from the first block to latest/)
    expect(logsRangeRefusal([{ blockHash: `0x${'ab'.repeat(32)}` }], 100)).toBeUndefined()
    expect(logsRangeRefusal([{ fromBlock: 'latest' }], 100)).toBeUndefined()
  })
})

describe('the RPC call limit counts weights (HTTP, anvil upstream)', () => {
  let anvil: AnvilProcess
  let t: TestGateway
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: await getFreePort() })
    t = await startTestGateway('sqlite', {
      networks: [{ caipNetworkId: 'eip155:31337', rpcUrl: anvil.rpcUrl }],
      rpc: {
        rankIntervalMs: 0,
        // 25 units a minute: two eth_getLogs (10 each) fit, a third does not; 25 plain reads would.
        callLimit: { max: 25, windowMs: 60_000 },
        maxLogsBlockRange: 1000,
        upstreams: [{ chainId: 'eip155:31337', url: anvil.rpcUrl }],
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    anvil?.child.kill('SIGTERM')
  })

  const rpc = (body: unknown) => call(`${t.url}/v1?chainId=eip155:31337&projectId=local`, { json: body })
  const logs = (id: number, range: [string, string] = ['0x0', '0x1']) => ({
    jsonrpc: '2.0',
    id,
    method: 'eth_getLogs',
    params: [{ fromBlock: range[0], toBlock: range[1] }],
  })

  it('a filter over more than maxLogsBlockRange blocks gets -32602 naming the cap; debug_ stays refused', async () => {
    const wide = await rpc(logs(1, ['0x0', '0x3e8']))
    expect(wide.status).toBe(200)
    expect(wide.body.error).toEqual({
      code: -32602,
      message: 'Invalid params: eth_getLogs covers at most 1000 blocks (asked 1001)',
    })
    const debug = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'debug_traceTransaction',
      params: [`0x${'00'.repeat(32)}`],
    })
    expect(debug.body.error.code).not.toBe(undefined)
    expect(debug.body.result).toBeUndefined()
  })

  it('counted by weight: with 11 of 25 units used above, one eth_getLogs (10) passes and the next is 429', async () => {
    // The range-refused eth_getLogs (10) and the debug_ call (1) above were counted: 11 units are used.
    const first = await rpc(logs(3))
    expect([first.status, Array.isArray(first.body.result)]).toEqual([200, true])
    // 21 used: a call counted by number would pass (3 calls of 25); weighed, 31 is over the limit.
    const second = await rpc(logs(4))
    expect(second.status).toBe(429)
    expect(second.body.error.message).toBe('Rate limited: too many RPC calls for this project')
  })
})
