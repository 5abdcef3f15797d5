// The Polkadot adapter against each emulated extension (@portico/dev-wallets/polkadot/personalities)
// answering outside the injectedWeb3 protocol's documented shapes (issue 35: extra entries, other
// encodings, missing fields): every such answer is an InvalidExtensionResponseError whose message
// names the extension, never a crash, a silent skip or an UnknownError. The personality runs for
// real (its enable, accounts and signer); a test bends one answer on its way to the adapter.
import { cryptoWaitReady } from '@polkadot/util-crypto'
import {
  POLKADOT_PERSONALITIES,
  type PolkadotPersonality,
  type PolkadotPersonalityId,
} from '@portico/dev-wallets/polkadot/personalities'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { polkadotAdapter } from './adapter/index.js'
import { decodeSs58, toHex } from './address/index.js'
import { InvalidExtensionResponseError } from './errors/index.js'
import { extensionConnectorId, KNOWN_EXTENSIONS } from './extensions/index.js'
import { polkadotLocal } from './networks/index.js'
import { createTestContext, installWindow, until } from './test-helpers/context.js'

const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })

type Answer = Record<string, unknown>
type Injected = {
  accounts: { get(): Promise<unknown>; subscribe?(cb: (a: unknown) => unknown): unknown }
  signer: { signRaw(raw: unknown): Promise<unknown>; signPayload(payload: unknown): Promise<unknown> }
}

/** How a test bends the personality's answers (each runs on what the real personality answered). */
interface Bend {
  enable?: (injected: Injected) => unknown
  accounts?: (list: Answer[]) => unknown
  signRaw?: (answer: Answer) => unknown
  signPayload?: (answer: Answer) => unknown
}

let uninstallWindow: () => void
beforeAll(async () => {
  await cryptoWaitReady()
  uninstallWindow = installWindow()
})
afterAll(() => uninstallWindow?.())

/** Installs the personality as its content script does, then its entry with `bend` on the answers. */
async function installBent(personality: PolkadotPersonality, bend: Bend): Promise<() => void> {
  const scratch: {
    injectedWeb3?: Record<string, { enable(o: string): Promise<Injected>; version: string }>
  } = {}
  const remove = personality.install(scratch)
  await until(() => scratch.injectedWeb3?.[personality.key] !== undefined)
  const real = scratch.injectedWeb3![personality.key]!
  const window = (globalThis as { window: { injectedWeb3?: Record<string, unknown> } }).window
  window.injectedWeb3 ??= {}
  window.injectedWeb3[personality.key] = {
    version: real.version,
    async enable(origin: string) {
      const injected = await real.enable(origin)
      if (bend.enable) return bend.enable(injected)
      const { accounts, signer } = injected
      return {
        ...injected,
        accounts: {
          get: async () => {
            const list = (await accounts.get()) as Answer[]
            return bend.accounts ? bend.accounts(list) : list
          },
        },
        signer: {
          signRaw: async (raw: unknown) => {
            const answer = (await signer.signRaw(raw)) as Answer
            return bend.signRaw ? bend.signRaw(answer) : answer
          },
          signPayload: async (payload: unknown) => {
            const answer = (await signer.signPayload(payload)) as Answer
            return bend.signPayload ? bend.signPayload(answer) : answer
          },
        },
      }
    },
  }
  return () => {
    remove()
    delete window.injectedWeb3?.[personality.key]
  }
}

const toPublicKeyHex = (address: unknown) => toHex(decodeSs58(address).publicKey)

for (const id of Object.keys(POLKADOT_PERSONALITIES) as PolkadotPersonalityId[]) {
  describe(`polkadotAdapter with ${id} (emulated) answering malformed shapes`, () => {
    async function setup(bend: Bend) {
      const personality = await POLKADOT_PERSONALITIES[id]()
      const uninstall = await installBent(personality, bend)
      const adapter = polkadotAdapter({ appName: 'Portico tests', networks: [local], discover: true })
      await adapter.setup(createTestContext().ctx)
      const connectorId = extensionConnectorId(personality.key)
      return {
        personality,
        adapter,
        connectorId,
        stop() {
          adapter.destroy?.()
          uninstall()
        },
      }
    }

    /** The answer must fail as InvalidExtensionResponseError naming the extension as Connect lists it. */
    async function expectNamedInvalid(run: Promise<unknown>, key: string, details: RegExp) {
      const error = await run.then(
        () => new Error('the malformed answer was accepted'),
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidExtensionResponseError)
      const invalid = error as InvalidExtensionResponseError
      expect(invalid.wallet).toBe(KNOWN_EXTENSIONS[key])
      expect(invalid.shortMessage).toBe(`${KNOWN_EXTENSIONS[key]} returned an invalid response`)
      expect(invalid.details).toMatch(details)
    }

    it.each<[string, Bend, RegExp]>([
      [
        'an account list that is not a list',
        { accounts: (list) => ({ accounts: list }) },
        /did not give an array/,
      ],
      [
        'an extra entry that is not an account',
        { accounts: (list) => [...list, 'nope'] },
        /entry 1: not an account object/,
      ],
      [
        'an address as a hex public key (another encoding)',
        { accounts: (list) => list.map((a) => ({ ...a, address: toPublicKeyHex(a.address) })) },
        /entry 0/,
      ],
      [
        'an address with a broken checksum',
        { accounts: (list) => list.map((a) => ({ ...a, address: `${String(a.address).slice(0, -1)}x` })) },
        /entry 0/,
      ],
      [
        'an account without its address (a missing field)',
        { accounts: (list) => list.map(({ address: _, ...rest }) => rest) },
        /entry 0: no address/,
      ],
      [
        'a key type that is not a string',
        { accounts: (list) => list.map((a) => ({ ...a, type: 1 })) },
        /type is not a string/,
      ],
      ['enable() without a signer', { enable: (injected) => ({ accounts: injected.accounts }) }, /no signer/],
    ])('connect: %s → InvalidExtensionResponseError naming the extension', async (_, bend, details) => {
      const { personality, adapter, connectorId, stop } = await setup(bend)
      try {
        await expectNamedInvalid(adapter.connect({ connectorId }), personality.key, details)
      } finally {
        stop()
      }
    })

    it('connect: an Ethereum account beside the Substrate one (documented by Talisman and SubWallet) is skipped, not an error', async () => {
      const evm = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'ethereum', name: 'EVM' }
      const { personality, adapter, connectorId, stop } = await setup({ accounts: (list) => [evm, ...list] })
      try {
        const result = await adapter.connect({ connectorId })
        expect(result.accounts.map((a) => a.publicKey)).toEqual([toPublicKeyHex(personality.address)])
      } finally {
        stop()
      }
    })

    it.each<[string, Bend['signRaw'], RegExp]>([
      ['not hex', (a) => ({ ...a, signature: 'signed!' }), /no 64\/65-byte hex signature/],
      [
        'base64 instead of hex',
        (a) => ({ ...a, signature: btoa(String(a.signature)) }),
        /no 64\/65-byte hex/,
      ],
      ['missing', (a) => ({ id: a.id }), /no 64\/65-byte hex signature/],
      [
        'hex of another message',
        (a) => ({
          ...a,
          signature: `${String(a.signature).slice(0, -2)}${String(a.signature).endsWith('00') ? '01' : '00'}`,
        }),
        /does not verify/,
      ],
    ])(
      'signMessage: a signature that is %s → InvalidExtensionResponseError naming the extension',
      async (_, signRaw, details) => {
        const { personality, adapter, connectorId, stop } = await setup({ signRaw })
        try {
          const { accounts } = await adapter.connect({ connectorId })
          await expectNamedInvalid(
            adapter.signMessage({ connectorId, address: accounts[0]!.address, message: 'hello' }),
            personality.key,
            details,
          )
        } finally {
          stop()
        }
      },
    )

    it('sendTransaction: signPayload answering a non-hex signature → InvalidExtensionResponseError naming the extension', async () => {
      const { personality, adapter, connectorId, stop } = await setup({
        signPayload: (a) => ({ ...a, signature: 'signed!' }),
      })
      try {
        const { accounts } = await adapter.connect({ connectorId })
        const to = accounts[0]!.address
        await expectNamedInvalid(
          adapter.sendTransaction({ connectorId, address: to, request: { to, value: 1n } }),
          personality.key,
          /signPayload returned no hex signature/,
        )
      } finally {
        stop()
      }
    })

    it('the untouched personality connects and signs (the bends above are what fail)', async () => {
      const { adapter, connectorId, stop } = await setup({})
      try {
        const { accounts } = await adapter.connect({ connectorId })
        const signed = await adapter.signMessage({
          connectorId,
          address: accounts[0]!.address,
          message: 'hello',
        })
        expect(signed.signature).toMatch(/^0x[0-9a-f]{128,130}$/)
      } finally {
        stop()
      }
    })
  })
}
