import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { getFreePort, type PolkadotServiceInfo, spawnPolkadotDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopPid } from '../../devnet/src/process-service.js'
import { polkadotKeys } from './polkadot/index.js'

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
        cards.push(polkadotKeys.describe(r, publicKey).lines)
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
})
