import { cryptoWaitReady, decodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { wrapBytes } from '../chain/index.js'
import { installWindow } from '../test-helpers/context.js'
import {
  createPolkadotDevExtension,
  POLKADOT_DEV_EXTENSION_KEY,
  POLKADOT_DEV_EXTENSION_NAME,
} from './index.js'

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const hex = (s: string) => `0x${Buffer.from(s, 'utf8').toString('hex')}` as const

beforeAll(async () => {
  await cryptoWaitReady()
})

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const c of cleanup.splice(0)) c()
})

describe('Portico Dev Extension (injectedWeb3)', () => {
  it('injects itself into window.injectedWeb3 with @polkadot/extension-inject and can be removed', async () => {
    cleanup.push(installWindow())
    const dev = await createPolkadotDevExtension()
    expect(dev.name).toBe(POLKADOT_DEV_EXTENSION_NAME)
    const remove = dev.inject()
    const web3 = (
      globalThis as unknown as {
        window: { injectedWeb3: Record<string, { enable: unknown; version: string }> }
      }
    ).window.injectedWeb3
    expect(typeof web3[POLKADOT_DEV_EXTENSION_KEY]?.enable).toBe('function')
    remove()
    expect(web3[POLKADOT_DEV_EXTENSION_KEY]).toBeUndefined()
  })

  it('enable(origin) lists the sr25519 dev accounts; signRaw signs the <Bytes>-wrapped data (signatureVerify)', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('Portico test')
    expect(dev.enabledOrigins).toEqual(['Portico test'])
    const accounts = await injected.accounts.get()
    expect(accounts.map((a) => a.address)).toEqual(dev.addresses)
    expect(accounts[0]).toMatchObject({ address: ALICE, type: 'sr25519' })
    const { signature } = await injected.signer.signRaw!({
      address: ALICE,
      data: hex('hello'),
      type: 'bytes',
    })
    expect(signatureVerify(wrapBytes(new TextEncoder().encode('hello')), signature, ALICE).isValid).toBe(true)
    expect(signatureVerify(new TextEncoder().encode('other'), signature, ALICE).isValid).toBe(false)
  })

  it('signs for an address of the same key in another SS58 prefix, refuses unknown accounts', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    const onPolkadot = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    const { signature } = await injected.signer.signRaw!({
      address: onPolkadot,
      data: hex('x'),
      type: 'bytes',
    })
    expect(
      signatureVerify(wrapBytes(new TextEncoder().encode('x')), signature, decodeAddress(ALICE)).isValid,
    ).toBe(true)
    const ferdie = '5CiPPseXPECbkjWCa6MnjNokrgYjMqmKndv2rSnekmSK2DjL'
    await expect(
      injected.signer.signRaw!({ address: ferdie, data: hex('x'), type: 'bytes' }),
    ).rejects.toThrow(/Unable to find account/)
  })

  it('reject-next rejects the next request with Error("Cancelled") once, then approves', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    dev.setBehaviour('reject-next')
    await expect(injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })).rejects.toThrow(
      'Cancelled',
    )
    expect(dev.behaviour).toBe('approve')
    await expect(
      injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' }),
    ).resolves.toHaveProperty('signature')
  })

  it('hold keeps requests pending until release(); release("reject") cancels them', async () => {
    const dev = await createPolkadotDevExtension({ behaviour: 'hold' })
    const enabling = dev.enable('held app')
    await new Promise((r) => setTimeout(r, 20))
    expect(dev.pending).toBe(1)
    dev.release()
    const injected = await enabling
    const signing = injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })
    await new Promise((r) => setTimeout(r, 20))
    expect(dev.pending).toBe(1)
    dev.release('reject')
    await expect(signing).rejects.toThrow('Cancelled')
    expect(dev.pending).toBe(0)
  })

  it('selectAccounts narrows the accounts and tells subscribers', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    const seen: string[][] = []
    const off = injected.accounts.subscribe((accounts) => {
      seen.push(accounts.map((a) => a.address))
    })
    dev.selectAccounts([dev.addresses[1]!])
    off()
    dev.selectAccounts([])
    expect(seen).toEqual([[...dev.addresses], [dev.addresses[1]]])
  })
})
