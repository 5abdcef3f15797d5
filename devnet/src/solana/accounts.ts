import { type Address, type EncodedAccount, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { LiteSVM } from 'litesvm'

// How the local SVM's RPC encodes accounts: base64 / base58, and jsonParsed for SPL mints and token accounts.

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export const TOKEN_ACCOUNT_SIZE = 165
export const MINT_SIZE = 82

function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const s = amount.toString().padStart(decimals + 1, '0')
  const whole = s.slice(0, -decimals)
  const frac = s.slice(-decimals).replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole
}

export function tokenAmount(amount: bigint, decimals: number) {
  const ui = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui }
}

export function mintDecimals(svm: LiteSVM, mint: Address): number {
  const a = svm.getAccount(mint)
  return a.exists && a.data.length >= MINT_SIZE
    ? getMintDecoder().decode(a.data.slice(0, MINT_SIZE)).decimals
    : 0
}

export function encodeAccount(svm: LiteSVM, at: Address, encoding: unknown) {
  const a = svm.getAccount(at)
  return a.exists ? encodeFound(svm, a, encoding) : null
}

export function encodeFound(svm: LiteSVM, a: EncodedAccount, encoding: unknown) {
  const base = {
    executable: a.executable,
    lamports: Number(a.lamports),
    owner: a.programAddress,
    rentEpoch: 0,
    space: a.data.length,
  }
  if (encoding === 'jsonParsed') {
    const parsed = parseAccount(svm, a)
    if (parsed) return { ...base, data: parsed }
  }
  if (encoding === 'base58') return { ...base, data: [getBase58Decoder().decode(a.data), 'base58'] }
  return { ...base, data: [getBase64Decoder().decode(a.data), 'base64'] }
}

function parseAccount(svm: LiteSVM, a: EncodedAccount) {
  const isToken =
    a.programAddress === TOKEN_PROGRAM_ADDRESS || a.programAddress === TOKEN_2022_PROGRAM_ADDRESS
  if (!isToken) return undefined
  const program = a.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
  if (a.data.length === MINT_SIZE) {
    const m = getMintDecoder().decode(a.data)
    return {
      program,
      space: a.data.length,
      parsed: {
        type: 'mint',
        info: {
          decimals: m.decimals,
          freezeAuthority: m.freezeAuthority.__option === 'Some' ? m.freezeAuthority.value : null,
          isInitialized: m.isInitialized,
          mintAuthority: m.mintAuthority.__option === 'Some' ? m.mintAuthority.value : null,
          supply: m.supply.toString(),
        },
      },
    }
  }
  if (a.data.length >= TOKEN_ACCOUNT_SIZE) {
    const t = getTokenDecoder().decode(a.data.slice(0, TOKEN_ACCOUNT_SIZE))
    const states = ['uninitialized', 'initialized', 'frozen'] as const
    return {
      program,
      space: a.data.length,
      parsed: {
        type: 'account',
        info: {
          isNative: t.isNative.__option === 'Some',
          mint: t.mint,
          owner: t.owner,
          state: states[t.state] ?? 'initialized',
          tokenAmount: tokenAmount(t.amount, mintDecimals(svm, t.mint)),
        },
      },
    }
  }
  return undefined
}
