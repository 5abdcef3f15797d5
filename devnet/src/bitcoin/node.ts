/// <reference path="./bcoin.d.ts" />
// The in-process bcoin regtest node behind the devnet's Esplora facade.
import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as btcAddress, initEccLib, networks } from 'bitcoinjs-lib'

/** Bitcoin Core's regtest prefixes; bcoin's own (`rb`, 60, 90) would give addresses no wallet knows. */
const CORE_REGTEST_PREFIXES = { pubkeyhash: 111, scripthash: 196, bech32: 'bcrt' } as const

/** Regtest blocks until segwit (BIP-9, 144-block windows) is active with margin: bcoin refuses witness spends before. */
export const SEGWIT_HEIGHT = 432

// biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
type Bcoin = any

/** A running bcoin full node (regtest, in memory, transaction and address indexes). */
export interface BitcoinNode {
  // biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
  node: any
  bcoin: Bcoin
  /** The devnet miner's key (p2wpkh): block rewards go there unless a test names an address. */
  // biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
  miner: { address: string; keyring: any }
  /** Mines `blocks` blocks paying `address` (default the miner); returns the block hashes. */
  mine(blocks: number, address?: string): Promise<string[]>
  /** The output script of a regtest address (bech32, bech32m or base58), via bitcoinjs-lib. */
  outputScript(address: string): Buffer
  /** The regtest address of an output script, or undefined (OP_RETURN, bare scripts). */
  addressOf(script: Uint8Array): string | undefined
  height(): number
  close(): Promise<void>
}

/**
 * Opens bcoin 1.0.2 as a regtest full node in memory (no P2P listening, its
 * own HTTP server on a free loopback port and unused). bcoin is loaded with
 * its pure-JS backends (`NODE_BACKEND=js`): the native builds of bcrypto &
 * co. are not compiled at install.
 */
export async function openBitcoinNode(): Promise<BitcoinNode> {
  process.env.NODE_BACKEND = 'js'
  initEccLib(ecc)
  const bcoin: Bcoin = (await import('bcoin')).default
  const network = bcoin.Network.get('regtest')
  Object.assign(network.addressPrefix, CORE_REGTEST_PREFIXES)
  network.keyPrefix.privkey = 239
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    indexTX: true,
    indexAddress: true,
    listen: false,
    httpHost: '127.0.0.1',
    httpPort: 0,
    logLevel: 'none',
    workers: false,
  })
  await node.open()
  // bcoin's miner skips "free" transactions (fee under 1 sat per raw byte, not per vbyte) once the
  // block passes minWeight: a 1 sat/vB segwit spend would never confirm. The devnet mines everything.
  node.miner.options.minWeight = 4_000_000
  // Bitcoin Core relays transactions that signal BIP-125 replaceability (nSequence < 0xfffffffe);
  // bcoin 1.0.2 refuses them as non-standard unless told otherwise (it does not replace conflicts).
  node.mempool.options.replaceByFee = true
  const keyring = bcoin.KeyRing.fromPrivate(
    createHash('sha256').update('portico-bitcoin-devnet-miner').digest(),
  )
  keyring.witness = true
  const outputScript = (a: string) => Buffer.from(btcAddress.toOutputScript(a, networks.regtest))
  const addressOf = (script: Uint8Array) => {
    try {
      return btcAddress.fromOutputScript(script, networks.regtest)
    } catch {
      return undefined
    }
  }
  const minerAddress = addressOf(keyring.getProgram().toRaw())!
  return {
    node,
    bcoin,
    miner: { address: minerAddress, keyring },
    outputScript,
    addressOf,
    height: () => node.chain.height as number,
    async mine(blocks, address = minerAddress) {
      const bAddress = bcoin.Script.fromRaw(outputScript(address)).getAddress()
      if (!bAddress) throw new Error(`cannot mine to ${address}`)
      const hashes: string[] = []
      for (let i = 0; i < blocks; i++) {
        const block = await node.miner.mineBlock(node.chain.tip, bAddress)
        // The node clears the block's transactions from the mempool after `chain.add`
        // resolves, then emits `connect`: wait for it so reads see them confirmed.
        const hash = block.hash('hex')
        const connected = new Promise<void>((resolve) => {
          // biome-ignore lint/suspicious/noExplicitAny: bcoin chain entry
          const on = (entry: any) => {
            if (entry.hash !== hash) return
            node.off('connect', on)
            resolve()
          }
          node.on('connect', on)
        })
        await node.chain.add(block)
        await connected
        hashes.push(block.rhash())
      }
      return hashes
    },
    close: () => node.close(),
  }
}
