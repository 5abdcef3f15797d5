import { addressParams, bitcoinAdapter, bitcoinRegtest, parseBitcoinAddress } from '@portico/adapter-bitcoin'
import { buildPayment, verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import type { CaipNetworkId, RequestChannel } from '@portico/core'
import { bitcoinKeys } from '@portico/signer/testing'
import { describe, expect, it } from 'vitest'
import { parseBitcoinAccounts, parseBitcoinPsbt, parseBitcoinSignature } from './bitcoin-protocol.js'
import { openBitcoinChannel } from './controller/bitcoin.js'
import type { FrameClient } from './controller/frame-client.js'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as CaipNetworkId
const MAINNET = 'bip122:000000000019d6689c085ae165831e93' as CaipNetworkId
const secret = Uint8Array.from({ length: 32 }, (_, i) => 7 * i + 3)

/**
 * The frame without postMessage: each request goes through the frame's real
 * Bitcoin module (parse, then the public answer or describe + sign, as the
 * frame does after Approve). A request the frame would ignore fails loudly
 * here instead of timing out. `approvals` records what each card showed.
 */
function frameStandIn(approvals: { title: string; lines: string[] }[] = []): FrameClient {
  return {
    async request(payload) {
      const request = bitcoinKeys.parse(payload as unknown as Record<string, unknown>)
      if (!request) throw new Error('the frame would ignore this request')
      const publicKey = await bitcoinKeys.publicKey(secret)
      if (bitcoinKeys.publicMethods.includes(request.method))
        return bitcoinKeys.answerPublic(request, publicKey)
      approvals.push(bitcoinKeys.describe(request, publicKey))
      return bitcoinKeys.sign(secret, request)
    },
    destroy() {},
  }
}

async function open(frame: FrameClient, chains: CaipNetworkId[] = [REGTEST]): Promise<RequestChannel> {
  const channel = await openBitcoinChannel({
    chains,
    frame: () => frame,
    networks: () => [],
    rpc: {},
    on: () => () => {},
  })
  if (!channel) throw new Error('no channel')
  return channel
}

describe('the embedded wallet’s bip122 channel, driven by the real Bitcoin adapter over the real frame module', () => {
  it('connects (payment + ordinal accounts), signs a message the adapter verifies, and signs the adapter’s payment PSBT', async () => {
    const approvals: { title: string; lines: string[] }[] = []
    const channel = await open(frameStandIn(approvals))
    expect(channel.accounts()).toHaveLength(2)
    const adapter = bitcoinAdapter({ networks: [bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' })] })
    const connectorId = 'embeddedWallet'
    const { accounts } = await adapter.connect({ connectorId, caipNetworkId: REGTEST, channel })
    expect(accounts.map((a) => [a.purpose, a.addressType])).toEqual([
      ['payment', 'p2wpkh'],
      ['ordinals', 'p2tr'],
    ])
    expect(channel.accounts()).toEqual(accounts.map((a) => `${REGTEST}:${a.address}`))
    const [payment, ordinal] = accounts as [(typeof accounts)[0], (typeof accounts)[0]]
    for (const [address, protocol] of [
      [payment.address, 'ecdsa'],
      [payment.address, 'bip322'],
      [ordinal.address, 'bip322'],
    ] as const) {
      // The adapter verifies the signature itself before it answers.
      const { signature } = await adapter.signMessage({
        connectorId,
        address,
        message: 'hello',
        options: { protocol },
      })
      expect(
        verifyBitcoinMessage({
          message: 'hello',
          address,
          signature,
          protocol,
          params: addressParams(REGTEST),
        }),
      ).toBe(true)
    }
    const params = addressParams(REGTEST)
    const source = parseBitcoinAddress(payment.address, params)
    const built = buildPayment({
      utxos: [{ txid: 'ab'.repeat(32), vout: 1, value: 500_000n, confirmed: true }],
      source,
      to: parseBitcoinAddress(ordinal.address, params),
      value: 100_000n,
      feeRate: 2,
      params,
    })
    // The adapter checks the answer is the same transaction with signatures added.
    if (!adapter.signTransaction) throw new Error('the Bitcoin adapter has no signTransaction')
    const { psbt } = await adapter.signTransaction({
      connectorId,
      address: payment.address,
      request: { psbt: built.psbt.toBuffer(), inputsToSign: [{ address: payment.address, index: [0] }] },
    })
    const Psbt = built.psbt.constructor as unknown as { fromBuffer(b: Uint8Array): typeof built.psbt }
    const signed = Psbt.fromBuffer(psbt)
    expect(signed.data.inputs[0]!.partialSig).toHaveLength(1)
    expect(approvals.at(-1)?.lines).toContain(`Send 0.00100000 BTC to ${ordinal.address} (this wallet)`)
    adapter.destroy?.()
  })

  it('refuses an unknown chain (5100) and any other method (5101); a chain the frame does not know opens no channel', async () => {
    const channel = await open(frameStandIn())
    await expect(
      channel.request({ method: 'signMessage', params: {}, chainId: MAINNET }),
    ).rejects.toMatchObject({ code: 5100 })
    await expect(
      channel.request({ method: 'sendTransfer', params: {}, chainId: REGTEST }),
    ).rejects.toMatchObject({ code: 5101, message: 'Method not supported' })
    await expect(
      channel.request({
        method: 'signMessage',
        params: { address: 'bcrt1qnotmine', message: 'x' },
        chainId: REGTEST,
      }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(
      await openBitcoinChannel({
        chains: ['bip122:00000000000000000000000000000000' as CaipNetworkId],
        frame: frameStandIn,
        networks: () => [],
        rpc: {},
        on: () => () => {},
      }),
    ).toBeUndefined()
  })

  it('a frame answer that is not what the wallet may say is refused (INVALID_FRAME_ANSWER)', async () => {
    const real = frameStandIn()
    const [payment] = (await real.request({
      type: 'bip122',
      method: 'getAccountAddresses',
      params: {},
      chainId: REGTEST,
    })) as { address: string }[]
    let lie: unknown
    const liar: FrameClient = {
      request: async (p) =>
        p.type === 'bip122' && p.method === 'getAccountAddresses' ? real.request(p) : lie,
      destroy() {},
    }
    const channel = await open(liar)
    lie = { address: 'bcrt1qother', signature: 'AAAA' }
    await expect(
      channel.request({
        method: 'signMessage',
        params: { address: payment!.address, message: 'x' },
        chainId: REGTEST,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
    lie = { psbt: 'AAAA' }
    await expect(
      channel.request({ method: 'signPsbt', params: { psbt: 'cHNidP8=', signInputs: [] }, chainId: REGTEST }),
    ).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
  })
})

describe('bip122 frame answers are validated on the dApp side', () => {
  const pay = 'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x'
  const key = `02${'11'.repeat(32)}`
  it('accepts the frame’s account shape and refuses a wrong network, a bad checksum, a wrong kind, an unasked intention', () => {
    const good = [{ address: pay, publicKey: key, intention: 'payment' }]
    expect(parseBitcoinAccounts(good, REGTEST, ['payment'])).toEqual(good)
    expect(parseBitcoinAccounts(good, MAINNET, ['payment'])).toBeUndefined()
    expect(
      parseBitcoinAccounts([{ ...good[0], address: `${pay.slice(0, -1)}q` }], REGTEST, ['payment']),
    ).toBeUndefined()
    expect(parseBitcoinAccounts([{ ...good[0], intention: 'ordinal' }], REGTEST, ['ordinal'])).toBeUndefined()
    expect(parseBitcoinAccounts(good, REGTEST, ['ordinal'])).toBeUndefined()
    expect(
      parseBitcoinAccounts([{ ...good[0], publicKey: `04${'11'.repeat(32)}` }], REGTEST, ['payment']),
    ).toBeUndefined()
    expect(parseBitcoinAccounts([...good, ...good], REGTEST, ['payment', 'ordinal'])).toBeUndefined()
  })

  it('a signature must be base64 for the asked address; a PSBT must be base64 PSBT bytes', () => {
    expect(parseBitcoinSignature({ address: pay, signature: 'AAAA' }, pay)).toEqual({
      address: pay,
      signature: 'AAAA',
    })
    expect(parseBitcoinSignature({ address: pay, signature: '<b>x</b>' }, pay)).toBeUndefined()
    expect(parseBitcoinSignature({ address: 'other', signature: 'AAAA' }, pay)).toBeUndefined()
    expect(parseBitcoinPsbt({ psbt: 'cHNidP8BAA==' })).toEqual({ psbt: 'cHNidP8BAA==' })
    expect(parseBitcoinPsbt({ psbt: 'AAAA' })).toBeUndefined()
    expect(parseBitcoinPsbt({ psbt: `cHNidP8${'A'.repeat(400_000)}` })).toBeUndefined()
  })
})
