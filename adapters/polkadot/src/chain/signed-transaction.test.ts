// The adapter's check of a wallet's `withSignedTransaction` answer (Talisman and
// SubWallet hand back the whole extrinsic, which the adapter then submits as
// is): on the shared chopsticks devnet, with the chain's own registry and the
// dev-wallets' Polkadot signing core as the wallet. An honest answer passes;
// each way a wallet could answer something other than what the app asked for
// is refused with InvalidExtensionResponseError naming the wallet. Nothing is
// submitted here: signing needs only the account's nonce.
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { Signer, SignerResult } from '@polkadot/api/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex } from '@polkadot/util'
import { blake2AsU8a, cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { createPolkadotSigner, type PolkadotSigner } from '@portico/dev-wallets/polkadot'
import { createTalismanPersonality } from '@portico/dev-wallets/polkadot/personalities'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { InvalidExtensionResponseError } from '../errors/index.js'
import { checkedSigner } from './signed-transaction.js'

const devnet = inject('polkadotDevnet')
let api: ApiPromise
let core: PolkadotSigner
let from: string
let to: string

beforeAll(async () => {
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
  core = await createPolkadotSigner({
    uris: ['//PorticoSignedTx', '//PorticoSignedTxTo'],
    ss58Prefix: devnet.ss58Prefix,
  })
  from = core.keys[0]!.address
  to = core.keys[1]!.address
})
afterAll(async () => {
  await api?.disconnect()
})

/** A wallet over the signing core; `answer` may change what it hands back. */
function wallet(answer: (payload: SignerPayloadJSON, honest: SignerResult) => SignerResult): Signer {
  return {
    async signPayload(payload) {
      const key = core.keyFor(payload.address)
      if (!key) throw new Error('unknown account')
      const signed = core.signPayload(key, payload)
      return answer(payload, {
        id: 1,
        signature: signed.signature,
        signedTransaction: signed.signedTransaction,
      })
    },
  }
}

async function sign(signer: Signer) {
  const tx = api.tx.balances!.transferKeepAlive!(to, 10n ** 12n)
  await tx.signAsync(from, {
    signer: checkedSigner(signer, 'Talisman', api.registry),
    withSignedTransaction: true,
  })
  return tx
}

describe('withSignedTransaction: the extrinsic a wallet hands back is checked before it is submitted', () => {
  it('an honest answer passes, and the extrinsic carries the signature the wallet answered', async () => {
    let answered: SignerResult | undefined
    const tx = await sign(
      wallet((_, honest) => {
        answered = honest
        return honest
      }),
    )
    expect(tx.isSigned).toBe(true)
    expect(tx.toHex()).toBe(answered!.signedTransaction)
  })

  it.each([
    [
      'another call',
      (payload: SignerPayloadJSON) => {
        // The wallet signs and hands back a remark instead of the transfer the app asked for.
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          method: api.tx.system!.remark!('0x00').method.toHex(),
        })
        return { id: 1, signature: other.signature, signedTransaction: other.signedTransaction }
      },
      'signedTransaction carries another call',
    ],
    [
      'another signature than the one answered',
      (payload: SignerPayloadJSON, honest: SignerResult) => {
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          nonce: api.createType('Compact<Index>', 99).toHex(),
        })
        return { ...honest, signature: other.signature }
      },
      'signedTransaction carries another signature than the one answered',
    ],
    [
      'another nonce',
      (payload: SignerPayloadJSON) => {
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          nonce: api.createType('Compact<Index>', 99).toHex(),
        })
        return { id: 1, signature: other.signature, signedTransaction: other.signedTransaction }
      },
      'signedTransaction has another nonce',
    ],
    [
      'no hex',
      (_: SignerPayloadJSON, honest: SignerResult) => ({
        ...honest,
        signedTransaction: 'not hex' as `0x${string}`,
      }),
      'signedTransaction is not hex',
    ],
  ])(
    'a signedTransaction with %s is refused with InvalidExtensionResponseError naming the wallet',
    async (_, answer, why) => {
      const error = await sign(wallet(answer)).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidExtensionResponseError)
      expect((error as InvalidExtensionResponseError).shortMessage).toBe(
        'Talisman returned an invalid response',
      )
      expect((error as InvalidExtensionResponseError).details).toBe(why)
    },
  )
})

// Polkadot's metadata-hash mode (RFC-0078 `CheckMetadataHash`, which Ledger's generic app needs) is not
// on chain here: the devnet's only runtime (Rococo Asset Hub, 2021, from @substrate/connect-known-chains)
// predates the extension, no newer runtime wasm is in node_modules or the repo, and chopsticks cannot
// fetch one offline. So the mode is checked against @polkadot/types' own implementation, byte for
// byte: the chain's metadata with a current runtime's signed-extension list (…, CheckMetadataHash).
// The hash is a fixed 32-byte value, not a merkleized-metadata hash (no RFC-0078 hasher is installed).
describe('withSignedTransaction in the metadata-hash mode (CheckMetadataHash, mode 1), off chain', () => {
  const METADATA_HASH = `0x${'5a'.repeat(32)}` as const

  /** The chain's registry with CheckMetadataHash appended to its signed extensions, as a current runtime has. */
  function currentRegistry(): TypeRegistry {
    const registry = new TypeRegistry()
    registry.setMetadata(api.runtimeMetadata, [...api.registry.signedExtensions, 'CheckMetadataHash'])
    return registry
  }

  /** Talisman's signer with a Ledger account (generic app): it turns mode 1 on and answers the extrinsic. */
  async function ledgerTalisman(): Promise<Signer> {
    const personality = await createTalismanPersonality({
      uris: ['//PorticoSignedTx'],
      ss58Prefix: devnet.ss58Prefix,
      ledger: { metadataHash: async () => METADATA_HASH },
    })
    const host: { injectedWeb3?: Record<string, { enable(o: string): Promise<{ signer: Signer }> }> } = {}
    personality.install(host)
    for (let i = 0; i < 100 && !host.injectedWeb3?.talisman; i++) await new Promise((r) => setTimeout(r, 10))
    return (await host.injectedWeb3!.talisman!.enable('Portico tests')).signer
  }

  function payloadOf(registry: TypeRegistry): SignerPayloadJSON {
    const genesisHash = api.genesisHash.toHex()
    return {
      address: from,
      blockHash: genesisHash,
      blockNumber: '0x00000000',
      era: '0x00',
      genesisHash,
      method: api.tx.balances!.transferKeepAlive!(to, 10n ** 12n).method.toHex(),
      nonce: '0x00000007',
      specVersion: api.runtimeVersion.specVersion.toHex(),
      tip: '0x00000000000000000000000000000000',
      transactionVersion: api.runtimeVersion.transactionVersion.toHex(),
      signedExtensions: registry.signedExtensions,
      version: 4,
      withSignedTransaction: true,
    } as SignerPayloadJSON
  }

  it('the Ledger account signs mode 1 + the hash: signature and extrinsic byte-equal to @polkadot/types’, and the adapter accepts it', async () => {
    const registry = currentRegistry()
    const payload = payloadOf(registry)
    const answer = (await (await ledgerTalisman()).signPayload!(payload)) as SignerResult
    const signing = { ...payload, mode: 1, metadataHash: METADATA_HASH }
    const reference = registry.createType('ExtrinsicPayload', signing, { version: 4 })
    const bytes = reference.toU8a({ method: true })
    // The signed payload carries mode 1 in the extra and Some(hash) in the additional data.
    expect(u8aToHex(bytes)).toContain(`01${METADATA_HASH.slice(2)}`)
    const signed = bytes.length > 256 ? blake2AsU8a(bytes) : bytes
    expect(signatureVerify(signed, answer.signature, from).isValid).toBe(true)
    const extrinsic = registry.createType('Extrinsic', { method: payload.method }, { version: 4 })
    extrinsic.addSignature(from, answer.signature, signing)
    expect(answer.signedTransaction).toBe(extrinsic.toHex())
    // The adapter's check decodes it with the registry, finds mode 1 and the hash, and verifies it.
    const checked = await checkedSigner({ signPayload: async () => answer }, 'Talisman', registry)
      .signPayload!(payload)
    expect(checked.signedTransaction).toBe(extrinsic.toHex())
  })

  it('a mode-0 signature handed back in a mode-1 extrinsic is refused when the app gave the hash (the signature must cover it)', async () => {
    const registry = currentRegistry()
    // An app that computed the hash itself asks mode 1 with it.
    const payload = { ...payloadOf(registry), mode: 1, metadataHash: METADATA_HASH } as SignerPayloadJSON
    const honest = core.signPayload(core.keyFor(from)!, {
      ...payload,
      mode: 0,
      metadataHash: undefined,
    } as SignerPayloadJSON)
    const extrinsic = registry.createType('Extrinsic', { method: payload.method }, { version: 4 })
    extrinsic.addSignature(from, honest.signature, payload)
    const lying: Signer = {
      signPayload: async () => ({ id: 1, signature: honest.signature, signedTransaction: extrinsic.toHex() }),
    }
    const error = await checkedSigner(lying, 'Talisman', registry).signPayload!(payload).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidExtensionResponseError)
    expect((error as InvalidExtensionResponseError).wallet).toBe('Talisman')
    expect((error as InvalidExtensionResponseError).details).toBe(
      'the signature of signedTransaction does not verify over its payload',
    )
  })

  it('an extrinsic with an unknown metadata hash mode (2) is refused', async () => {
    const registry = currentRegistry()
    const payload = payloadOf(registry)
    const answer = (await (await ledgerTalisman()).signPayload!(payload)) as SignerResult
    // The mode byte sits right before the call in the extrinsic (CheckMetadataHash is the last extension).
    const hex = answer.signedTransaction as string
    const at = hex.length - (payload.method.length - 2) - 2
    expect(hex.slice(at, at + 2)).toBe('01')
    const forged = `${hex.slice(0, at)}02${hex.slice(at + 2)}`
    const error = await checkedSigner(
      { signPayload: async () => ({ ...answer, signedTransaction: forged as `0x${string}` }) },
      'Talisman',
      registry,
    ).signPayload!(payload).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidExtensionResponseError)
    expect((error as InvalidExtensionResponseError).details).toBe(
      'signedTransaction has the unknown metadata hash mode 2',
    )
  })

  it('without withSignedTransaction the Ledger account refuses in Talisman’s words (it cannot sign mode 1 otherwise)', async () => {
    const registry = currentRegistry()
    const { withSignedTransaction: _, ...payload } = payloadOf(registry) as SignerPayloadJSON & {
      withSignedTransaction?: boolean
    }
    await expect((await ledgerTalisman()).signPayload!(payload)).rejects.toThrow(
      'This dapp needs to be updated in order to support Ledger signing.',
    )
  })
})
