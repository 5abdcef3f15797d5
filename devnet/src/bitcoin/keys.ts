import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { initEccLib, networks, payments } from 'bitcoinjs-lib'

/** The Bitcoin dev mnemonic; it lives with the signing core in `@portico/dev-wallets/bitcoin`. */
export { BITCOIN_DEV_MNEMONIC } from '@portico/dev-wallets/bitcoin'

/**
 * One dev account: its BIP-84 payment (p2wpkh), BIP-86 ordinals (p2tr) and
 * BIP-49 nested (p2sh-p2wpkh: Xverse's default payment kind) address on regtest.
 */
export interface BitcoinDevAccount {
  index: number
  payment: { address: string; path: string; publicKey: string }
  ordinals: { address: string; path: string; publicKey: string }
  nested: { address: string; path: string; publicKey: string }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/**
 * Derives dev accounts 0..count-1 of `mnemonic` for Bitcoin Core's regtest
 * prefixes (`bcrt`): payment at m/84'/1'/0'/0/i, ordinals at m/86'/1'/0'/0/i,
 * nested at m/49'/1'/0'/0/i
 * (coin type 1, every test network's).
 *
 * @example
 * const [dev0] = deriveBitcoinDevAccounts(BITCOIN_DEV_MNEMONIC, 1) // dev0.payment.address = 'bcrt1q…'
 */
export function deriveBitcoinDevAccounts(mnemonic: string, count: number): BitcoinDevAccount[] {
  initEccLib(ecc)
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  const out: BitcoinDevAccount[] = []
  for (let index = 0; index < count; index++) {
    const paymentPath = `m/84'/1'/0'/0/${index}`
    const ordinalsPath = `m/86'/1'/0'/0/${index}`
    const nestedPath = `m/49'/1'/0'/0/${index}`
    const p = root.derive(paymentPath).publicKey!
    const o = root.derive(ordinalsPath).publicKey!
    const n = root.derive(nestedPath).publicKey!
    const nested = payments.p2sh({
      redeem: payments.p2wpkh({ pubkey: n, network: networks.regtest }),
      network: networks.regtest,
    }).address!
    const payment = payments.p2wpkh({ pubkey: p, network: networks.regtest }).address!
    const ordinals = payments.p2tr({ internalPubkey: o.slice(1), network: networks.regtest }).address!
    out.push({
      index,
      payment: { address: payment, path: paymentPath, publicKey: hex(p) },
      ordinals: { address: ordinals, path: ordinalsPath, publicKey: hex(o.slice(1)) },
      nested: { address: nested, path: nestedPath, publicKey: hex(n) },
    })
  }
  return out
}
