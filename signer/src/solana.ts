import type { Card } from './approve/card.js'
import { ed25519FromSeed } from './ed25519.js'
import { readInstructions } from './solana-instructions.js'
import type { SolanaFrameRequest } from './solana-protocol.js'
import { st } from './solana-strings.js'
import {
  base58Encode,
  fromBase58,
  fromBase64,
  isTransactionMessage,
  parseTransaction,
  type SolanaTransaction,
  SolanaWireError,
  toBase64,
} from './solana-tx.js'

/**
 * The wallet's Solana key (issue 14: ed25519 for Solana). One secret is split
 * 2-of-3 per wallet: it is the EVM (secp256k1) key, as it always was, and the
 * Solana ed25519 seed is derived from it with a domain-separated HMAC. So an
 * existing wallet keeps its EVM address, gets its Solana address from the
 * same shares (no new share, no migration), and a Solana key that leaked
 * would not give the EVM key (HMAC is one-way). Ed25519 runs on WebCrypto
 * (no curve code added to the frame, the same code in Node for tests).
 */
export const SOLANA_DERIVATION = 'portico embedded wallet / solana ed25519 / v1'

/** The ed25519 seed of a wallet secret: HMAC-SHA-256(key = the derivation label, data = the secret). */
export async function solanaSeed(secret: Uint8Array): Promise<Uint8Array> {
  const mac = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(SOLANA_DERIVATION),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', mac, secret as Uint8Array<ArrayBuffer>))
}

export interface SolanaSigner {
  /** The base58 address (the ed25519 public key). */
  address: string
  publicKey: Uint8Array
  sign(bytes: Uint8Array): Promise<Uint8Array>
}

/** The Solana signer of a wallet secret; the seed lives only inside a non-extractable CryptoKey. */
export async function solanaSigner(secret: Uint8Array): Promise<SolanaSigner> {
  const seed = await solanaSeed(secret)
  let pkcs8: Uint8Array<ArrayBuffer> | undefined
  try {
    const ed = await ed25519FromSeed(seed)
    pkcs8 = ed.pkcs8
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign'])
    return {
      address: base58Encode(ed.publicKey),
      publicKey: ed.publicKey,
      sign: async (bytes) =>
        new Uint8Array(await crypto.subtle.sign('Ed25519', key, bytes as Uint8Array<ArrayBuffer>)),
    }
  } finally {
    seed.fill(0)
    pkcs8?.fill(0)
  }
}

/**
 * The wallet's Solana key as the visitor exports it (issue 14, key export):
 * base58 of the 64-byte secret key, the 32-byte seed then the 32-byte public
 * key, which is what Phantom, Solflare and Backpack import as a "private key"
 * (and `solana-keygen`'s keypair file holds as bytes), with the address it
 * belongs to. Undefined when this browser has no Ed25519 in WebCrypto (the
 * export then shows the EVM key alone; logged).
 */
export async function solanaExport(
  secret: Uint8Array,
): Promise<{ address: string; key: string } | undefined> {
  const seed = await solanaSeed(secret)
  const full = new Uint8Array(64)
  try {
    const ed = await ed25519FromSeed(seed)
    ed.pkcs8.fill(0)
    full.set(seed)
    full.set(ed.publicKey, 32)
    return { address: base58Encode(ed.publicKey), key: base58Encode(full) }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') {
      console.warn('[portico signer] this browser has no Ed25519: the export shows the EVM key alone', error)
      return undefined
    }
    throw error
  } finally {
    seed.fill(0)
    full.fill(0)
  }
}

/** What a Solana request asks the visitor to approve, as plain lines (rendered as text). */
export function describeSolana(
  request: SolanaFrameRequest,
  own: string,
): Card & { bytes: Uint8Array; tx?: SolanaTransaction } {
  const named = (a: string | undefined) =>
    a === undefined ? st('unknownProgram') : a === own ? st('thisWallet', { address: a }) : a
  if (request.method === 'solana_signMessage') {
    const bytes = fromBase58(request.params.message)
    if (isTransactionMessage(bytes)) throw new SolanaWireError('the message is a transaction')
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    // Printable UTF-8 shows as text; anything else as hex.
    const printable = /^[\P{Cc}\n\t]*$/u.test(text) && !text.includes('\uFFFD')
    const shown = printable ? text : Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
    return {
      title: st('signMessage'),
      lines: [st('network', { network: request.chainId })],
      details: [{ label: st('messageLabel'), text: shown }],
      bytes,
    }
  }
  const bytes = fromBase64(request.params.transaction)
  const tx = parseTransaction(bytes)
  const programs = [...new Set(tx.instructions.map((ix) => named(ix.programId)))]
  const read = readInstructions(tx, named)
  return {
    title: st('signTransaction'),
    ...(read.warnings.length ? { warnings: read.warnings } : {}),
    lines: [
      st('feePayer', { payer: named(tx.keys[0]) }),
      ...read.lines,
      st('programs', { programs: programs.join(', ') }),
      ...(tx.lookupTables > 0 ? [st('lookupTables', { count: tx.lookupTables })] : []),
      st('network', { network: request.chainId }),
    ],
    bytes,
    tx,
  }
}

/**
 * Signs what `describeSolana` read: a message's bytes (the signature, base58),
 * or a transaction's message, put into this wallet's signature slot (the
 * transaction, base64). A transaction that does not need this wallet's
 * signature is refused.
 */
export async function signSolana(
  signer: SolanaSigner,
  what: ReturnType<typeof describeSolana>,
): Promise<{ signature: string } | { transaction: string }> {
  if (!what.tx) return { signature: base58Encode(await signer.sign(what.bytes)) }
  const slot = what.tx.keys.slice(0, what.tx.requiredSignatures).indexOf(signer.address)
  if (slot < 0) throw new SolanaWireError('the transaction does not need this wallet’s signature')
  const signature = await signer.sign(what.bytes.subarray(what.tx.messageOffset))
  const signed = new Uint8Array(what.bytes)
  // The slots start after the compact-u16 count, which is one byte for fewer than 128 signers.
  signed.set(signature, what.tx.messageOffset - 64 * (what.tx.requiredSignatures - slot))
  return { transaction: toBase64(signed) }
}
