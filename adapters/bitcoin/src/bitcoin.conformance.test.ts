// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Bitcoin adapter: bcoin regtest behind the devnet's Esplora facade, the
// Bitcoin dev wallet in both wallet families (Wallet Standard `bitcoin:*`
// features, and the WBIP004 `btc_providers` request API), inside a real
// createPortico.
//
// Balances are read from the Esplora API's UTXO list, confirmed and
// unconfirmed together (what a wallet shows right after a send); `feeOf`
// mines a block so the transfer is confirmed, then reads the fee the node
// computed for it and checks it against the rate the send used.
import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { type SignedMessage, walletStandardConnectorId } from '@portico/core'
import {
  BITCOIN_DEV_MNEMONIC,
  BITCOIN_DEVNET_FEE_ESTIMATES,
  type BitcoinDevnet,
  startBitcoinDevnet,
} from '@portico/devnet'
import { type ConformanceDevnet, describeChainAdapter } from '@portico/devnet/conformance'
import { networks, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, expect } from 'vitest'
import { bitcoinAdapter } from './adapter/index.js'
import { BITCOIN_DEV_PROVIDER_ID, createBitcoinDevWallet } from './dev-wallet/index.js'
import { bitcoinRegtest } from './networks/index.js'
import { installWindow } from './test-helpers/context.js'

let uninstallWindow: () => void
beforeAll(() => {
  uninstallWindow = installWindow()
})
afterAll(() => uninstallWindow?.())

// One regtest node for both families: bcoin is heavy, and each suite only asks for the delta it causes.
let shared: Promise<BitcoinDevnet> | undefined
let users = 0
async function acquire(): Promise<BitcoinDevnet> {
  users++
  shared ??= startBitcoinDevnet()
  return await shared
}
async function release(): Promise<void> {
  if (--users > 0 || !shared) return
  const devnet = await shared
  shared = undefined
  await devnet.stop()
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const varint = (n: number) => (n < 0xfd ? Buffer.of(n) : Buffer.of(0xfd, n & 0xff, n >> 8))

/**
 * Checks a "Bitcoin Signed Message" (BIP-137) signature for a p2wpkh address
 * on its own, not with the adapter's verifier: recover the public key from
 * the 65-byte signature and compare its p2wpkh address.
 */
function verifyEcdsaP2wpkh(address: string, message: string, signed: SignedMessage): boolean {
  const sig = Buffer.from(signed.signature, 'base64')
  if (sig.length !== 65) return false
  const header = sig[0]!
  if (header < 39 || header > 42) return false // BIP-137 segwit p2wpkh headers
  const magic = Buffer.from('Bitcoin Signed Message:\n')
  const text = Buffer.from(message)
  const hash = sha256(sha256(Buffer.concat([varint(magic.length), magic, varint(text.length), text])))
  const pubkey = ecc.recover(hash, sig.subarray(1), (header - 39) as 0 | 1 | 2 | 3, true)
  if (!pubkey) return false
  return payments.p2wpkh({ pubkey, network: networks.regtest }).address === address
}

const FEE_TARGET = 3 // the adapter's default confirmation target
let local: ReturnType<typeof bitcoinRegtest>

function bitcoinDevnet(): () => Promise<ConformanceDevnet<'bip122'>> {
  return async () => {
    const devnet = await acquire()
    local = bitcoinRegtest({ esploraUrl: devnet.esploraUrl })
    // A chain makes blocks without being asked: waitForTransaction succeeds at the first
    // confirmation, so a block is mined every 1.5 s while the kit runs (one at a time).
    let blocks: Promise<unknown> = Promise.resolve()
    let miningError: unknown
    const mineOne = () => {
      blocks = blocks
        .then(() => devnet.mine(1))
        .catch((e: unknown) => {
          miningError ??= e
        })
      return blocks
    }
    const producer = setInterval(mineOne, 1500)
    const checkMining = () => {
      if (miningError) throw miningError
    }
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${devnet.esploraUrl}${path}`)
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`)
      return (await res.json()) as T
    }
    return {
      caipNetworkId: devnet.caipNetworkId,
      receiver: devnet.fixtures.devAccounts[2]!.payment.address,
      amount: 123_456n,
      // Mempool-aware: the UTXO list holds unconfirmed outputs too (Esplora's own behaviour).
      balanceOf: async (address) =>
        (await get<{ value: number }[]>(`/address/${address}/utxo`)).reduce(
          (s, u) => s + BigInt(u.value),
          0n,
        ),
      transferRequest: (to, value) => ({ to, value }),
      async feeOf(txid) {
        await mineOne()
        checkMining()
        const tx = await get<{ fee: number; weight: number; status: { confirmed: boolean } }>(`/tx/${txid}`)
        expect(tx.status.confirmed).toBe(true)
        // The fee respects the rate the send used: /fee-estimates' target-3 rate × the signed vsize (±1 vB of signature-size slack).
        const rate = BITCOIN_DEVNET_FEE_ESTIMATES[String(FEE_TARGET)]!
        const vsize = Math.ceil(tx.weight / 4)
        expect(tx.fee).toBeGreaterThanOrEqual(Math.ceil(rate * (vsize - 1)))
        expect(tx.fee).toBeLessThanOrEqual(Math.ceil(rate * (vsize + 2)))
        return BigInt(tx.fee)
      },
      verifyMessage: async ({ address, message, signed }) => verifyEcdsaP2wpkh(address, message, signed),
      async stop() {
        clearInterval(producer)
        await blocks
        await release()
        checkMining()
      },
    }
  }
}

const adapter = () => bitcoinAdapter({ networks: [local], discover: true, feeTarget: FEE_TARGET })

describeChainAdapter({
  name: 'bitcoinAdapter on bcoin regtest, Wallet Standard dev wallet',
  namespace: 'bip122',
  devnet: bitcoinDevnet(),
  adapter,
  devWallet() {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 0 })
    return {
      // Core's shared Wallet Standard discovery names it: name + icon digest.
      connectorId: walletStandardConnectorId(dev.wallet),
      get address() {
        return dev.addresses.payment
      },
      controls: dev,
      install: () => dev.registerWalletStandard(),
      switchAccount() {
        dev.selectAccount(1)
        return dev.addresses.payment
      },
      // No switchChain: a Bitcoin wallet's addresses belong to one network, fixed at connect (SPEC: reconnect needed).
      disconnect: () => dev.disconnectSite(),
    }
  },
})

describeChainAdapter({
  name: 'bitcoinAdapter on bcoin regtest, WBIP004 (btc_providers) dev wallet',
  namespace: 'bip122',
  devnet: bitcoinDevnet(),
  adapter,
  devWallet() {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 0 })
    return {
      connectorId: `btc-providers:${BITCOIN_DEV_PROVIDER_ID}`,
      get address() {
        return dev.addresses.payment
      },
      controls: dev,
      install: () => dev.registerRequestProvider(),
      // The WBIP004 request API has no events: the wallet cannot tell the site about another
      // account or a dropped site, so the kit's accountsChanged / disconnect checks do not apply.
    }
  },
})
