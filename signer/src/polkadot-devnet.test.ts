import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { getFreePort, type PolkadotServiceInfo, spawnPolkadotDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopPid } from '../../devnet/src/process-service.js'
import { createPolkadotKeys, polkadotKeys } from './polkadot/index.js'
import type { MetadataQuery } from './polkadot/metadata.js'
import { encodePayload, type PolkadotPayload, readPayload } from './polkadot/payload.js'

// The frame's Polkadot key on a real runtime: chopsticks (the devnet's Rococo Asset Hub) runs the
// signature checks, so a wrong byte anywhere in the signing payload makes the transfer invalid.
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const CHAIN = `polkadot:${'45'.repeat(16)}`
let publicKey: string

const request = (method: string, params: Record<string, unknown>, chainId = CHAIN) =>
  polkadotKeys.parse({ type: 'polkadot', method, params, chainId })

beforeAll(async () => {
  publicKey = await polkadotKeys.publicKey(secret)
})

describe('a transfer built by @polkadot/api on the chopsticks devnet, signed by the frame’s Polkadot key', () => {
  let devnet: PolkadotServiceInfo
  let api: ApiPromise

  beforeAll(async () => {
    devnet = await spawnPolkadotDevnet({ port: await getFreePort(), detached: false })
    api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
  }, 180_000)
  afterAll(async () => {
    await api?.disconnect()
    if (devnet) await Promise.all(devnet.pids.map((pid) => stopPid(pid)))
  })

  const free = async (address: string) =>
    (
      (await api.query.system!.account!(address)) as unknown as { data: { free: { toBigInt(): bigint } } }
    ).data.free.toBigInt()

  /** Waits (bounded) until `address`'s free balance is no longer `before`. */
  async function changed(address: string, before: bigint): Promise<bigint> {
    for (let i = 0; i < 100; i++) {
      const now = await free(address)
      if (now !== before) return now
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`the balance of ${address} did not change`)
  }

  it('is included and moves the balance (mortal, then immortal with a tip); the chain lists only extensions the frame knows', async () => {
    const chainId = devnet.caipNetworkId
    // The devnet runtime's extensions (all encoded by the frame; an unknown one would be refused by name).
    expect(api.registry.signedExtensions).toEqual([
      'CheckNonZeroSender',
      'CheckSpecVersion',
      'CheckTxVersion',
      'CheckGenesis',
      'CheckMortality',
      'CheckNonce',
      'CheckWeight',
      'ChargeAssetTxPayment',
    ])
    expect(chainId).toBe(CHAIN)
    // The frame's account on the devnet's prefix, funded by Alice (sr25519 dev account).
    const [account] = polkadotKeys.answerPublic(
      request('polkadot_getAccounts', { ss58Prefix: devnet.ss58Prefix })!,
      publicKey,
    ) as {
      address: string
    }[]
    const address = account!.address
    const alice = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix }).addFromUri('//Alice')
    const ferdie = devnet.fixtures.devAccounts.find((a) => a.name === 'Ferdie')!.address
    await api.tx.balances!.transferKeepAlive!(address, 50n * 10n ** 12n).signAndSend(alice)
    await changed(address, 0n)

    const cards: string[][] = []
    const signer = {
      // The frame's path: parse the message, show the card, sign on Approve.
      async signPayload(p: SignerPayloadJSON) {
        const r = polkadotKeys.parse({
          type: 'polkadot',
          method: 'polkadot_signTransaction',
          params: { address: p.address, transactionPayload: p },
          chainId,
        })
        if (!r) throw new Error('the frame ignored the payload')
        cards.push((await polkadotKeys.describe(r, publicKey)).lines)
        const { signature } = (await polkadotKeys.sign(secret, r)) as { signature: `0x${string}` }
        return { id: 1, signature }
      },
    }
    for (const [options, amount] of [
      [{}, 2n * 10n ** 12n],
      [{ era: 0, tip: 1234n }, 3n * 10n ** 12n],
    ] as const) {
      const before = await free(ferdie)
      const tx = api.tx.balances!.transferKeepAlive!(ferdie, amount)
      await tx.signAsync(address, { signer, nonce: -1, ...options })
      await api.rpc.author.submitExtrinsic(tx)
      expect((await changed(ferdie, before)) - before).toBe(amount)
    }
    expect(cards[0]).toContain(`Network: ${CHAIN}`)
    expect(cards[0]?.some((l) => /^Valid for \d+ blocks from block \d+$/.test(l))).toBe(true)
    expect(cards[1]).toContain('Valid until used (immortal)')
    expect(cards[1]).toContain('Tip: 1234 (smallest units)')
    expect(cards[1]).toContain('Nonce: 1')
  })
  // Issue 29: SCALE payload encoding stays hand-written (@polkadot/types would add ~287 KiB gzip,
  // 220 KiB of it WebAssembly, to the frame's Polkadot module), so it is proven byte-equal to
  // @polkadot/types' ExtrinsicPayload on real payloads: each one @polkadot/api builds here.
  it('real payloads of a transfer, a system.remark and a utility.batch: the frame signs bytes equal to @polkadot/types’ ExtrinsicPayload, under the "not decoded" warning, and the chain includes each', async () => {
    const chainId = devnet.caipNetworkId
    const [account] = polkadotKeys.answerPublic(
      request('polkadot_getAccounts', { ss58Prefix: devnet.ss58Prefix })!,
      publicKey,
    ) as { address: string }[]
    const address = account!.address
    const ferdie = devnet.fixtures.devAccounts.find((a) => a.name === 'Ferdie')!.address
    const funded = await free(address)
    if (funded < 20n * 10n ** 12n) {
      const alice = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix }).addFromUri('//Alice')
      await api.tx.balances!.transferKeepAlive!(address, 50n * 10n ** 12n).signAndSend(alice)
      await changed(address, funded)
    }
    const corpus: { json: SignerPayloadJSON; ours: string; theirs: string }[] = []
    const cards: { warnings: string[]; call: string | undefined }[] = []
    const signer = {
      async signPayload(p: SignerPayloadJSON) {
        const r = polkadotKeys.parse({
          type: 'polkadot',
          method: 'polkadot_signTransaction',
          params: { address: p.address, transactionPayload: p },
          chainId,
        })
        if (!r) throw new Error('the frame ignored the payload')
        const card = await polkadotKeys.describe(r, publicKey)
        cards.push({ warnings: card.warnings ?? [], call: card.details?.[0]?.text })
        const reference = api.registry
          .createType('ExtrinsicPayload', p, { version: p.version })
          .toU8a({ method: true })
        corpus.push({
          json: p,
          ours: Buffer.from(encodePayload(readPayload(p) as PolkadotPayload)).toString('hex'),
          theirs: Buffer.from(reference).toString('hex'),
        })
        const { signature } = (await polkadotKeys.sign(secret, r)) as { signature: `0x${string}` }
        return { id: 1, signature }
      },
    }
    // The account's nonce on chain: it moves on only once the extrinsic is in a block.
    const nonce = async () =>
      (
        (await api.query.system!.account!(address)) as unknown as { nonce: { toNumber(): number } }
      ).nonce.toNumber()
    const calls = [
      api.tx.balances!.transferKeepAlive!(ferdie, 10n ** 12n),
      api.tx.system!.remark!('0x706f727469636f'),
      api.tx.utility!.batch!([
        api.tx.system!.remark!('0x01'),
        api.tx.balances!.transferKeepAlive!(ferdie, 2n * 10n ** 12n),
      ]),
    ]
    for (const [i, tx] of calls.entries()) {
      const before = await nonce()
      await tx.signAsync(address, { signer, nonce: -1, ...(i === 1 ? { era: 0, tip: 7n } : {}) })
      await api.rpc.author.submitExtrinsic(tx)
      for (let t = 0; t < 300 && (await nonce()) === before; t++) await new Promise((r) => setTimeout(r, 100))
      // Included: the account's nonce moved on (a bad signature is refused before the pool).
      expect(await nonce()).toBe(before + 1)
      expect(cards[i]?.call).toBe(tx.method.toHex())
    }
    expect(corpus).toHaveLength(3)
    for (const c of corpus) expect(c.ours, JSON.stringify(c.json)).toBe(c.theirs)
    // The remark and the batch are no transfers: each card names the blind signature first.
    for (const card of cards) expect(card.warnings[0]).toMatch(/^Blind signature: the call is not decoded/)
  }, 240_000)

  /** The runtime's metadata read from the node (what the gateway's /polkadot/metadata answers), each query kept. */
  function nodeMetadata() {
    const queries: MetadataQuery[] = []
    const source = async (q: MetadataQuery) => {
      queries.push(q)
      const res = await fetch(devnet.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'state_getMetadata', params: [q.blockHash] }),
      })
      const { result } = (await res.json()) as { result: string }
      return Buffer.from(result.slice(2), 'hex')
    }
    return { source, queries }
  }

  const lowerName = (s: string) => s.replace(/_/g, '').toLowerCase()
  const signedPayloads: SignerPayloadJSON[] = []

  it('issue 29: with the runtime’s metadata the card decodes the signed call (pallet.method and its arguments, as polkadot.js decodes the same bytes), with no blind-signing warning; the chain includes each; metadata is read once per spec version', async () => {
    const chainId = devnet.caipNetworkId
    const { source, queries } = nodeMetadata()
    const keys = createPolkadotKeys(source)
    const [account] = keys.answerPublic(
      request('polkadot_getAccounts', { ss58Prefix: devnet.ss58Prefix })!,
      publicKey,
    ) as { address: string }[]
    const address = account!.address
    const ferdie = devnet.fixtures.devAccounts.find((a) => a.name === 'Ferdie')!.address
    const funded = await free(address)
    if (funded < 20n * 10n ** 12n) {
      const alice = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix }).addFromUri('//Alice')
      await api.tx.balances!.transferKeepAlive!(address, 50n * 10n ** 12n).signAndSend(alice)
      await changed(address, funded)
    }
    const cards: Awaited<ReturnType<typeof keys.describe>>[] = []
    const signedCalls: string[] = []
    const signer = {
      async signPayload(p: SignerPayloadJSON) {
        const r = keys.parse({
          type: 'polkadot',
          method: 'polkadot_signTransaction',
          params: { address: p.address, transactionPayload: p },
          chainId,
        })
        if (!r) throw new Error('the frame ignored the payload')
        cards.push(await keys.describe(r, publicKey))
        signedPayloads.push(p)
        // The call inside the bytes the key signs, as polkadot.js reads the signed payload.
        signedCalls.push(
          api.registry.createType('ExtrinsicPayload', p, { version: p.version }).method.toHex(),
        )
        const { signature } = (await keys.sign(secret, r)) as { signature: `0x${string}` }
        return { id: 1, signature }
      },
    }
    const nonce = async () =>
      (
        (await api.query.system!.account!(address)) as unknown as { nonce: { toNumber(): number } }
      ).nonce.toNumber()
    const amount = 10n ** 12n + 23n
    const calls = [
      api.tx.balances!.transferKeepAlive!(ferdie, amount),
      api.tx.system!.remark!('0x706f727469636f'),
      api.tx.utility!.batch!([
        api.tx.system!.remark!('0x01'),
        api.tx.balances!.transferKeepAlive!(ferdie, 2n * 10n ** 12n),
      ]),
    ]
    for (const [i, tx] of calls.entries()) {
      const before = await nonce()
      await tx.signAsync(address, { signer, nonce: -1, ...(i === 1 ? { era: 0, tip: 7n } : {}) })
      await api.rpc.author.submitExtrinsic(tx)
      for (let t = 0; t < 300 && (await nonce()) === before; t++) await new Promise((r) => setTimeout(r, 100))
      expect(await nonce()).toBe(before + 1)
      const card = cards[i]!
      // What the card decoded is the call that was signed: polkadot.js names the same pallet and method.
      const reference = api.registry.createType('Call', signedCalls[i])
      expect(card.warnings).toBeUndefined()
      const named = card.lines.find((l) => l.startsWith('Call: '))!.slice('Call: '.length)
      const [pallet, method] = named.split('.')
      expect(lowerName(pallet!)).toBe(lowerName(reference.section))
      expect(lowerName(method!)).toBe(lowerName(reference.method))
      expect(card.details?.[0]?.label).toBe(`Call ${named}, decoded with the chain’s metadata`)
      expect(card.details?.[1]).toEqual({ label: 'Call (SCALE bytes, as signed)', text: signedCalls[i] })
    }
    expect(cards.map((c) => c.lines.find((l) => l.startsWith('Call: ')))).toEqual([
      'Call: Balances.transfer_keep_alive',
      'Call: System.remark',
      'Call: Utility.batch',
    ])
    // The arguments as the chain reads them: Ferdie on the chain's prefix, the exact amount, the remark's bytes.
    expect(cards[0]!.details![0]!.text).toBe(`dest: Id(${ferdie})\nvalue: ${amount}`)
    expect(cards[1]!.details![0]!.text).toBe('remark: 0x706f727469636f')
    expect(cards[2]!.details![0]!.text).toContain('System(remark')
    expect(cards[2]!.details![0]!.text).toContain(`value: ${2n * 10n ** 12n}`)
    // One runtime, one metadata read for the three cards.
    expect(queries).toHaveLength(1)
    expect(queries[0]).toMatchObject({ chainId, specVersion: api.runtimeVersion.specVersion.toNumber() })
  }, 240_000)

  it('issue 29: a call the metadata does not read exactly (a trailing byte, an unknown pallet) or metadata that cannot be had is shown as bytes under the "not decoded" warning, and those bytes are what is signed', async () => {
    const { source } = nodeMetadata()
    const [account] = polkadotKeys.answerPublic(
      request('polkadot_getAccounts', { ss58Prefix: devnet.ss58Prefix })!,
      publicKey,
    ) as { address: string }[]
    // The remark payload the previous test signed (and the chain included), with its call swapped.
    const p = signedPayloads[1]!
    const good = p.method
    const payloadOf = async (method: string) =>
      request('polkadot_signTransaction', {
        address: account!.address,
        transactionPayload: { ...p, method },
      })!
    const failing = createPolkadotKeys(async () => {
      throw new Error('node down')
    })
    for (const [keys, method] of [
      [createPolkadotKeys(source), `${good}00`],
      [createPolkadotKeys(source), `0xfe00${good.slice(6)}`],
      [failing, good],
      [createPolkadotKeys(async () => undefined), good],
    ] as const) {
      const r = await payloadOf(method)
      const card = await keys.describe(r, publicKey)
      expect(card.warnings?.[0]).toMatch(/^Blind signature: the call is not decoded/)
      expect(card.details).toEqual([{ label: 'Call (SCALE bytes, not decoded)', text: method }])
      expect(card.lines).toContain(`Call: ${(method.length - 2) / 2} bytes (shown whole below)`)
    }
  }, 60_000)
})
