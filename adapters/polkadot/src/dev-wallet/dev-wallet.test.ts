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

  it('rejectNext() rejects the next request with Error("Cancelled") once, then approves (reject-next is the old spelling)', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    dev.rejectNext()
    await expect(injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })).rejects.toThrow(
      'Cancelled',
    )
    expect(dev.behaviour).toBe('approve')
    await expect(
      injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' }),
    ).resolves.toHaveProperty('signature')
    dev.setBehaviour('reject-next')
    await expect(injected.signer.signRaw!({ address: ALICE, data: hex('b'), type: 'bytes' })).rejects.toThrow(
      'Cancelled',
    )
  })

  it("setBehaviour('reject') rejects every request until set back to approve", async () => {
    const dev = await createPolkadotDevExtension({ behaviour: 'reject' })
    await expect(dev.enable('app')).rejects.toThrow('Cancelled')
    await expect(dev.enable('app')).rejects.toThrow('Cancelled')
    dev.setBehaviour('approve')
    await expect(dev.enable('app')).resolves.toHaveProperty('signer')
  })

  it('hold keeps requests pending (method named) until released; a held request rejected fails with Cancelled', async () => {
    const dev = await createPolkadotDevExtension({ behaviour: 'hold' })
    const enabling = dev.enable('held app')
    const heldEnable = await dev.nextHeld()
    expect(heldEnable.method).toBe('enable')
    expect(dev.pending).toHaveLength(1)
    dev.release()
    const injected = await enabling
    const signing = injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })
    expect((await dev.nextHeld()).method).toBe('signRaw')
    dev.release('reject')
    await expect(signing).rejects.toThrow('Cancelled')
    expect(dev.pending).toHaveLength(0)
  })

  it('holdNext() holds only the next request', async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    dev.holdNext()
    const first = injected.signer.signRaw!({ address: ALICE, data: hex('1'), type: 'bytes' })
    const held = await dev.nextHeld()
    await expect(
      injected.signer.signRaw!({ address: ALICE, data: hex('2'), type: 'bytes' }),
    ).resolves.toHaveProperty('signature')
    held.release()
    await expect(first).resolves.toHaveProperty('signature')
  })

  it("tamperNext('accounts') makes the next accounts.get() list an address with a broken checksum, once", async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    dev.tamperNext('accounts')
    const bad = await injected.accounts.get()
    expect(bad[0]!.address).not.toBe(ALICE)
    expect(() => decodeAddress(bad[0]!.address)).toThrow()
    expect((await injected.accounts.get())[0]!.address).toBe(ALICE)
  })

  it("tamperNext('signature') makes the next signature one byte short (63 bytes), once", async () => {
    const dev = await createPolkadotDevExtension()
    const injected = await dev.enable('app')
    dev.tamperNext('signature')
    const short = await injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })
    expect(short.signature).toMatch(/^0x[0-9a-f]{126}$/)
    const full = await injected.signer.signRaw!({ address: ALICE, data: hex('a'), type: 'bytes' })
    expect(full.signature).toMatch(/^0x[0-9a-f]{128}$/)
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
