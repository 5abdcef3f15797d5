import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBech32, toBase64, toBech32 } from '@cosmjs/encoding'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { aminoSignBytes } from './amino.js'
import { type Amount, coinsString, parseCoins, requiredFee } from './coins.js'
import type { DecodedTx } from './decode.js'
import { fail, SDK_CODES } from './errors.js'
import type { ChainFeeMarket } from './feemarket.js'
import type { CosmosChainSpec } from './fixtures.js'
import type { ChainStore } from './store.js'

/** Gas costs of the auth module's default params. */
export const GAS = {
  txSizeCostPerByte: 10n,
  sigVerifyCostSecp256k1: 1000n,
  /** Flat cost of the account reads and writes the ante handler makes. */
  anteFlat: 20_000n,
  /** Flat cost of one MsgSend (balance reads, writes and events). */
  msgSend: 28_000n,
  perCoin: 1_500n,
} as const

const SECP256K1_HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/** Counts gas like the SDK's meter: consuming past the limit fails with code 11 (unlimited when simulating). */
export class GasMeter {
  used = 0n
  constructor(readonly limit: bigint | undefined) {}
  consume(amount: bigint, what: string): void {
    this.used += amount
    if (this.limit !== undefined && this.used > this.limit) {
      fail(
        SDK_CODES.outOfGas,
        `out of gas in location: ${what}; gasWanted: ${this.limit}, gasUsed: ${this.used}`,
        'out of gas',
      )
    }
  }
}

/** What the ante handler leaves for the messages and the events. */
export interface AnteResult {
  fee: Amount[]
  feePayer: string
  /** The sequence the signature was made with. */
  sequence: bigint
}

/** The module account fees go to. */
export function feeCollectorAddress(prefix: string): string {
  return moduleAddress(prefix, 'fee_collector')
}

function moduleAddress(prefix: string, name: string): string {
  // Module addresses are the first 20 bytes of sha256(name).
  const data = sha256(new TextEncoder().encode(name)).slice(0, 20)
  return toBech32(prefix, data)
}

/**
 * The ante handler: timeout height, gas for the tx size, the fee (minimum gas
 * price in CheckTx, deducted from the payer), the signer's public key (must
 * hash to its address), sequence, signature over the sign mode's bytes
 * (SIGN_MODE_DIRECT SignDoc or LEGACY_AMINO_JSON StdSignDoc with this chain's
 * id and the account number), then the sequence increment. Runs on a fork of
 * the state; the caller commits it only when this returns.
 */
/** The SDK's own min-gas-price wording (x/auth's fee checker). */
const SDK_FEE_WORDING = {
  insufficientFeeDetail: (got: string, required: string) =>
    `insufficient fees; got: ${got} required: ${required}`,
}

export function runAnte(params: {
  spec: CosmosChainSpec
  store: ChainStore
  tx: DecodedTx
  txBytes: Uint8Array
  gas: GasMeter
  height: bigint
  mode: 'check' | 'deliver' | 'simulate'
  /** The chain's fee market, when it has one: its price binds where the module binds it (`requiredFee`'s mode). */
  feeMarket?: ChainFeeMarket | undefined
}): AnteResult {
  const { spec, store, tx, gas, mode, feeMarket } = params
  const simulate = mode === 'simulate'
  const timeout = tx.body.timeoutHeight
  if (timeout > 0n && params.height > timeout) {
    fail(
      SDK_CODES.txTimeoutHeight,
      `block height: ${params.height}, timeout height: ${timeout}`,
      'tx timeout height',
    )
  }
  gas.consume(GAS.txSizeCostPerByte * BigInt(params.txBytes.length), 'txSize')
  gas.consume(GAS.anteFlat, 'ante')

  // Fee
  const feeInfo = tx.authInfo.fee
  const fee = parseCoins(feeInfo?.amount ?? [], 'fee', true)
  const gasLimit = feeInfo?.gasLimit ?? 0n
  if (!simulate) {
    if (gasLimit === 0n) fail(SDK_CODES.invalidGasLimit, 'gas limit must be positive', 'invalid gas limit')
    const feeDenom = spec.denoms[0]!.denom
    const local = mode === 'check' ? requiredFee(spec.minGasPrice, gasLimit) : 0n
    const market = feeMarket ? feeMarket.requiredFee(gasLimit, mode === 'check' ? 'check' : 'deliver') : 0n
    const need = local > market ? local : market
    const paid = fee.find((c) => c.denom === feeDenom)?.amount ?? 0n
    if (paid < need) {
      fail(
        SDK_CODES.insufficientFee,
        (feeMarket ?? SDK_FEE_WORDING).insufficientFeeDetail(
          coinsString(fee) || `0${feeDenom}`,
          `${need}${feeDenom}`,
        ),
        'insufficient fee',
      )
    }
  }
  const feePayer = feeInfo?.payer || tx.signer
  if (feePayer !== tx.signer)
    fail(SDK_CODES.invalidRequest, 'fee payer must be the signer', 'invalid request')
  const account = store.accounts.get(tx.signer)
  if (!account) fail(SDK_CODES.unknownAddress, `account ${tx.signer} does not exist`, 'unknown address')
  if (fee.length > 0) {
    try {
      store.send(tx.signer, feeCollectorAddress(spec.bech32Prefix), fee, '')
    } catch (e) {
      fail(
        SDK_CODES.insufficientFunds,
        `insufficient funds to pay for fees; ${(e as Error).message}`,
        'insufficient funds',
      )
    }
  }

  // Public key: the one in the signer info must hash to the signer's address.
  const pubKey = tx.pubKey ?? account.pubKey
  if (!pubKey) fail(SDK_CODES.invalidPubKey, `pubkey on account is not set: ${tx.signer}`, 'invalid pubkey')
  const derived = rawSecp256k1PubkeyToRawAddress(pubKey)
  const signerBytes = fromBech32(tx.signer, 256).data
  if (toBase64(derived) !== toBase64(signerBytes)) {
    fail(SDK_CODES.invalidPubKey, `pubKey does not match signer address ${tx.signer}`, 'invalid pubkey')
  }
  if (account.pubKey && toBase64(account.pubKey) !== toBase64(pubKey)) {
    fail(SDK_CODES.invalidPubKey, 'pubkey differs from the one on the account', 'invalid pubkey')
  }
  account.pubKey = pubKey

  // Sequence, then signature.
  gas.consume(GAS.sigVerifyCostSecp256k1, 'ante verify: secp256k1')
  if (tx.sequence !== account.sequence) {
    fail(
      SDK_CODES.wrongSequence,
      `account sequence mismatch, expected ${account.sequence}, got ${tx.sequence}`,
      'incorrect account sequence',
    )
  }
  if (!simulate) {
    const signBytes =
      tx.signMode === SignMode.SIGN_MODE_DIRECT
        ? SignDoc.encode({
            bodyBytes: tx.raw.bodyBytes,
            authInfoBytes: tx.raw.authInfoBytes,
            chainId: spec.chainId,
            accountNumber: account.accountNumber,
          }).finish()
        : aminoSignBytes({
            chainId: spec.chainId,
            accountNumber: account.accountNumber,
            sequence: account.sequence,
            fee: feeInfo ?? { amount: [], gasLimit: 0n, payer: '', granter: '' },
            msgs: tx.msgs,
            memo: tx.body.memo,
            timeoutHeight: tx.body.timeoutHeight,
          })
    if (!verifySecp256k1(tx.signature, sha256(signBytes), pubKey)) {
      fail(
        SDK_CODES.unauthorized,
        `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${spec.chainId})`,
        'unauthorized',
      )
    }
  }
  account.sequence += 1n
  return { fee, feePayer, sequence: tx.sequence }
}

/** 64-byte r‖s, low-S only (the SDK refuses malleable high-S signatures). */
function verifySecp256k1(signature: Uint8Array, hash: Uint8Array, pubKey: Uint8Array): boolean {
  if (signature.length !== 64) return false
  let s = 0n
  for (const b of signature.slice(32)) s = (s << 8n) | BigInt(b)
  if (s === 0n || s > SECP256K1_HALF_ORDER) return false
  try {
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), hash, pubKey)
  } catch {
    return false
  }
}
