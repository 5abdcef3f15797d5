import type { CaipNetworkId } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { EmbeddedFrameError, type FrameClient } from './controller/frame-client.js'
import { solanaChannel } from './controller/solana.js'
import { type FramePayload, parseSession } from './protocol.js'
import { parseSolanaSignature, parseSolanaSigned } from './solana-protocol.js'

const ADDRESS = 'AN8WsWAVWQs5w9WiCVi2x993jkjy9bCbBoPJdCryBQbb'
const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as CaipNetworkId
const SIGNATURE = '5'.repeat(87)
const evm = { email: 'a@b.co', address: `0x${'ab'.repeat(20)}` }

describe('embedded-wallet protocol, dApp side: the Solana answers of the frame are schema-checked', () => {
  it("a session carries the wallet's Solana address when the frame has one", () => {
    expect(parseSession({ ...evm, solanaAddress: ADDRESS })).toEqual({ ...evm, solanaAddress: ADDRESS })
    expect(parseSession(evm)).toEqual(evm)
  })

  it.each([
    ['an EVM address', `0x${'ab'.repeat(20)}`],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a number', 42],
    ['a base58 string too short', '1111'],
  ])('a session whose Solana address is %s is refused whole', (_name, solanaAddress) => {
    expect(parseSession({ ...evm, solanaAddress })).toBeUndefined()
  })

  it('a signature is 64 to 88 base58 characters; a signed transaction base64 of one packet at most', () => {
    expect(parseSolanaSignature({ signature: SIGNATURE })).toBe(SIGNATURE)
    expect(parseSolanaSignature({ signature: '0x12' })).toBeUndefined()
    expect(parseSolanaSignature(SIGNATURE)).toBeUndefined()
    expect(parseSolanaSigned({ transaction: 'AQID' })).toBe('AQID')
    expect(parseSolanaSigned({ transaction: 'AQI' })).toBeUndefined()
    expect(parseSolanaSigned({ transaction: 'A'.repeat(1648) })).toBeUndefined()
    expect(parseSolanaSigned({ transaction: 'AQ<D' })).toBeUndefined()
  })
})

describe("the embedded wallet's solana request channel (driven by the Solana adapter)", () => {
  function channel(answer: unknown) {
    const sent: FramePayload[] = []
    const frame = {
      request: async (payload: FramePayload) => {
        sent.push(payload)
        return answer
      },
      destroy() {},
    } as FrameClient
    const ch = solanaChannel({
      chains: [CHAIN],
      address: ADDRESS,
      frame: () => frame,
      networks: () => [],
      rpc: {},
      on: () => () => {},
    })
    return { ch, sent }
  }

  it('holds the Solana address on each cluster, CAIP-10', () => {
    expect(channel(null).ch.accounts()).toEqual([`${CHAIN}:${ADDRESS}`])
  })

  it('sends the frame only the message and this account (no other field passes through)', async () => {
    const { ch, sent } = channel({ signature: SIGNATURE })
    await expect(
      ch.request({
        method: 'solana_signMessage',
        params: { message: '3yZe7d', pubkey: ADDRESS, extra: 'x' },
        chainId: CHAIN,
      }),
    ).resolves.toEqual({ signature: SIGNATURE })
    expect(sent).toEqual([
      {
        type: 'solana',
        method: 'solana_signMessage',
        params: { message: '3yZe7d', pubkey: ADDRESS },
        chainId: CHAIN,
      },
    ])
  })

  it.each([
    [
      'another account',
      {
        method: 'solana_signMessage',
        params: { message: '2', pubkey: '11111111111111111111111111111111' },
        chainId: CHAIN,
      },
      4100,
    ],
    [
      'another cluster',
      { method: 'solana_signMessage', params: { message: '2', pubkey: ADDRESS }, chainId: 'solana:other' },
      5100,
    ],
    [
      'an unsupported method',
      { method: 'solana_signAllTransactions', params: { pubkey: ADDRESS }, chainId: CHAIN },
      5101,
    ],
  ])('refuses %s with its code, without asking the frame', async (_name, args, code) => {
    const { ch, sent } = channel({ signature: SIGNATURE })
    await expect(ch.request(args as Parameters<typeof ch.request>[0])).rejects.toMatchObject({ code })
    expect(sent).toEqual([])
  })

  it("the frame's refusal keeps its wallet code (4001 declined), as the channel contract says", async () => {
    const sent: FramePayload[] = []
    const frame = {
      request: async (payload: FramePayload) => {
        sent.push(payload)
        throw new EmbeddedFrameError({ code: 4001, message: 'Signature declined' })
      },
      destroy() {},
    } as FrameClient
    const ch = solanaChannel({
      chains: [CHAIN],
      address: ADDRESS,
      frame: () => frame,
      networks: () => [],
      rpc: {},
      on: () => () => {},
    })
    const error = await ch
      .request({ method: 'solana_signMessage', params: { message: '2', pubkey: ADDRESS }, chainId: CHAIN })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001, message: 'Signature declined' })
    expect(error).not.toBeInstanceOf(EmbeddedFrameError)
  })

  it('a frame answer of the wrong shape is an error, not a result', async () => {
    const { ch } = channel({ signature: 'not base58!' })
    await expect(
      ch.request({ method: 'solana_signMessage', params: { message: '2', pubkey: ADDRESS }, chainId: CHAIN }),
    ).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
  })
})
