// Issue 35: the Cosmos wallets visitors use, emulated from their published interfaces
// (@portico/dev-wallets/cosmos/personalities), against the adapter's discovery, key validation,
// error mapping and ADR-036 signing. No chain is needed here (enable, getKey and signArbitrary
// stay in the wallet); transfers, fees, switches and key changes per wallet are the conformance
// kit's (cosmos.conformance.test.ts, one suite per personality on the simulator).
import { Secp256k1HdWallet } from '@cosmjs/amino'
import { UserRejectedRequestError } from '@portico/core'
import { COSMOS_DEV_MNEMONIC } from '@portico/dev-wallets/cosmos'
import {
  COSMOS_PERSONALITIES,
  type CosmosPersonalityId,
  KEPLR_REJECTION,
} from '@portico/dev-wallets/cosmos/personalities'
import { beforeAll, describe, expect, it } from 'vitest'
import { cosmosAdapter } from '../adapter/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { cosmosLocalHub } from '../networks/index.js'
import { verifyAdr036Signature } from '../sign-message/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { cosmosConnectorId } from './index.js'

// Nothing listens here: connecting and signing a message never reach the chain.
const hub = cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:9/rpc', restUrl: 'http://127.0.0.1:9/rest' })
/** The dev mnemonic's first account on the hub, derived by CosmJS itself (not the wallets' core). */
let DEV_0: string
beforeAll(async () => {
  const wallet = await Secp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos' })
  DEV_0 = (await wallet.getAccounts())[0]!.address
})

async function setup(id: CosmosPersonalityId) {
  const wallet = COSMOS_PERSONALITIES[id]({ chains: [] })
  const win = new EventTarget()
  wallet.install(win)
  const adapter = cosmosAdapter({ networks: [hub], window: win, discover: true })
  const test = createTestContext()
  await adapter.setup(test.ctx)
  const connectorId = cosmosConnectorId(wallet.profile.path)
  return { wallet, adapter, test, connectorId }
}

const NAMES: Record<CosmosPersonalityId, string> = {
  keplr: 'Keplr',
  leap: 'Leap',
  cosmostation: 'Cosmostation',
  'keplr-ledger': 'Keplr',
}

describe('the Cosmos adapter with each emulated wallet', () => {
  for (const id of Object.keys(COSMOS_PERSONALITIES) as CosmosPersonalityId[]) {
    it(`${id}: discovered at its window path, the unknown hub suggested then enabled, an ADR-036 signature @cosmjs verifies`, async () => {
      const { wallet, adapter, test, connectorId } = await setup(id)
      expect(test.latest().map((c) => [c.id, c.name])).toEqual([[connectorId, NAMES[id]]])
      const { accounts } = await adapter.connect({ connectorId })
      expect(accounts[0]!.address).toBe(DEV_0)
      // It knew no chain: the adapter proposed the hub from the network definition first.
      expect(wallet.requests.slice(0, 3)).toEqual(['enable', 'enable', 'experimentalSuggestChain'])
      expect(wallet.chainIds).toEqual([hub.cosmos.chainId])
      const signed = await adapter.signMessage({ connectorId, address: DEV_0, message: 'Portico issue 35' })
      const publicKey = Buffer.from(signed.publicKey!.replace(/^0x/, ''), 'hex').toString('base64')
      const check = { signer: DEV_0, publicKey, signature: signed.signature }
      expect(await verifyAdr036Signature({ ...check, data: 'Portico issue 35' })).toBe(true)
      expect(await verifyAdr036Signature({ ...check, data: 'Portico issue 36' })).toBe(false)
    })

    it(`${id}: a malformed signature is an InvalidWalletResponseError naming the wallet`, async () => {
      const { wallet, adapter, connectorId } = await setup(id)
      await adapter.connect({ connectorId })
      wallet.controls.tamperNext('signature')
      const error = await adapter.signMessage({ connectorId, address: DEV_0, message: 'x' }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidWalletResponseError)
      expect((error as InvalidWalletResponseError).wallet).toBe(NAMES[id])
      expect((error as Error).message.split('\n')[0]).toBe(`${NAMES[id]} returned an invalid response`)
    })
  }

  it('Cosmostation\'s Cancel (code 4001, its own text) and Keplr\'s ("Request rejected", no code) are both UserRejectedRequestError', async () => {
    for (const id of ['cosmostation', 'keplr'] as const) {
      const { wallet, adapter, connectorId } = await setup(id)
      wallet.controls.rejectNext()
      const error = await adapter.connect({ connectorId }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error, id).toBeInstanceOf(UserRejectedRequestError)
      const cause = (error as { cause?: { message?: string; code?: number } }).cause
      if (id === 'keplr') expect(cause?.message).toBe(KEPLR_REJECTION)
      else expect(cause?.code).toBe(4001)
    }
  })

  it('a Keplr Ledger account reports isNanoLedger and refuses signDirect; Leap answers no isKeystone and has no disable', async () => {
    const ledger = COSMOS_PERSONALITIES['keplr-ledger']()
    await ledger.provider.enable('portico-hub-1')
    expect((await ledger.provider.getKey('portico-hub-1')).isNanoLedger).toBe(true)
    await expect(
      ledger.provider.signDirect('portico-hub-1', DEV_0, {
        bodyBytes: new Uint8Array(),
        authInfoBytes: new Uint8Array(),
        chainId: 'portico-hub-1',
        accountNumber: 0n,
      }),
    ).rejects.toThrow(/Ledger/)
    const leap = COSMOS_PERSONALITIES.leap()
    await leap.provider.enable('portico-hub-1')
    expect('isKeystone' in (await leap.provider.getKey('portico-hub-1'))).toBe(false)
    expect(leap.provider.disable).toBeUndefined()
  })
})
