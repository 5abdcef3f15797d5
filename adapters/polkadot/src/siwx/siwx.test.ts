// Polkadot sign-in text, signed by the dev extension (real sr25519 keys) through the adapter on chopsticks.
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { parseSiwxMessage, type SiwxMessageFields } from '@portico/core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { polkadotAdapter } from '../adapter/index.js'
import { wrapBytes } from '../chain/index.js'
import type { PolkadotChainAdapter } from '../contract/index.js'
import { createPolkadotDevExtension } from '../dev-wallet/index.js'
import { InvalidPolkadotAddressError } from '../errors/index.js'
import { extensionConnectorId } from '../extensions/index.js'
import { polkadotLocal, polkadotMainnet } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import { formatPolkadotSignInMessage } from './index.js'

const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })
const DEV_ID = extensionConnectorId('portico-dev')

let removeWindow: () => void
let uninject: () => void
let adapter: PolkadotChainAdapter
let charlie: string

beforeAll(async () => {
  await cryptoWaitReady()
  removeWindow = installWindow()
  const dev = await createPolkadotDevExtension({ uris: ['//Charlie'] })
  uninject = dev.inject()
  adapter = polkadotAdapter({ appName: 'Portico sign-in tests', networks: [local], discover: true })
  await adapter.setup(createTestContext().ctx)
  charlie = (await adapter.connect({ connectorId: DEV_ID })).accounts[0]!.address
})

afterAll(() => {
  adapter?.destroy?.()
  uninject?.()
  removeWindow?.()
})

describe('Polkadot sign-in (CAIP-122, signRaw)', () => {
  const fields = (address: string): SiwxMessageFields => ({
    domain: 'app.example',
    address,
    statement: 'Sign in to Portico.',
    uri: 'http://app.example',
    version: '1',
    caipNetworkId: local.caipNetworkId,
    nonce: 'abcdef0123456789',
    issuedAt: '2026-01-01T00:00:00.000Z',
    expirationTime: '2026-01-02T00:00:00.000Z',
  })

  it('the adapter writes a "Polkadot account" CAIP-122 text for polkadot:<genesis-hash prefix>', async () => {
    const text = await adapter.formatSignInMessage!(fields(charlie))
    expect(text.split('\n').slice(0, 2)).toEqual([
      'app.example wants you to sign in with your Polkadot account:',
      charlie,
    ])
    expect(text).toContain('Chain ID: 45454545454545454545454545454545')
    expect(parseSiwxMessage(text)).toMatchObject({ chainName: 'Polkadot', address: charlie })
  })

  it('the extension signs the text wrapped in <Bytes>; the signature verifies for the SS58 address', async () => {
    const text = await adapter.formatSignInMessage!(fields(charlie))
    const signed = await adapter.signMessage({ connectorId: DEV_ID, address: charlie, message: text })
    const wrapped = wrapBytes(new TextEncoder().encode(text))
    expect(signed.signedMessage).toEqual(wrapped)
    expect(signatureVerify(wrapped, signed.signature, charlie)).toMatchObject({
      isValid: true,
      crypto: 'sr25519',
    })
    // The same signature does not cover an edited text.
    const edited = wrapBytes(new TextEncoder().encode(text.replace('Portico.', 'Portico and pay.')))
    expect(signatureVerify(edited, signed.signature, charlie).isValid).toBe(false)
  })

  it('refuses another namespace and an address of another network (typed errors)', () => {
    expect(() => formatPolkadotSignInMessage({ ...fields(charlie), caipNetworkId: 'eip155:1' }, 2)).toThrow(
      expect.objectContaining({ code: 'SIWX_INVALID_MESSAGE' }),
    )
    // Charlie's local address has prefix 2; Polkadot mainnet uses 0.
    expect(() =>
      formatPolkadotSignInMessage({ ...fields(charlie), caipNetworkId: polkadotMainnet.caipNetworkId }, 0),
    ).toThrow(InvalidPolkadotAddressError)
  })
})
