/**
 * The Bitcoin answers of the frame protocol (v1), dApp side. The frame is a
 * separate origin: what it answers is untrusted here until it passes these
 * checks (the Bitcoin adapter then checks addresses and signatures again).
 */

/** The bech32 prefix of each Bitcoin network the frame signs for, by CAIP-2 reference. */
export const BITCOIN_HRP: Readonly<Record<string, string>> = {
  '000000000019d6689c085ae165831e93': 'bc',
  '000000000933ea01ad0ee984209779ba': 'tb',
  '00000000da84f2bafbbc53dee25a72ae': 'tb',
  '00000008819873e925422c1ff0f99f7c': 'tb',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bcrt',
}

/** The bech32 prefix of a `bip122:` chain the frame knows, else undefined. */
export const bitcoinHrp = (chainId: string): string | undefined =>
  chainId.startsWith('bip122:') && Object.hasOwn(BITCOIN_HRP, chainId.slice(7))
    ? BITCOIN_HRP[chainId.slice(7)]
    : undefined

export type BitcoinIntention = 'payment' | 'ordinal'
export interface BitcoinAccountAnswer {
  address: string
  publicKey: string
  intention: BitcoinIntention
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= G[i] as number
  }
  return chk >>> 0
}

/**
 * The segwit version and program length of a bech32/bech32m address with
 * prefix `hrp` (checksum and variant checked: v0 bech32, v1 bech32m), else
 * undefined.
 */
export function segwitProgram(address: string, hrp: string): { version: number; length: number } | undefined {
  if (address.length > 90 || address !== address.toLowerCase() || !address.startsWith(`${hrp}1`))
    return undefined
  const data = [...address.slice(hrp.length + 1)].map((c) => CHARSET.indexOf(c))
  if (data.length < 7 || data.some((d) => d < 0)) return undefined
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5)
  const check = polymod([...expanded, 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data])
  const version = data[0] as number
  if (check !== (version === 0 ? 1 : 0x2bc830a3)) return undefined
  const bits = (data.length - 7) * 5
  return { version, length: Math.floor(bits / 8) }
}

/**
 * The accounts of a `getAccountAddresses` answer on a chain: at most one per
 * intention, each asked for, payment a P2WPKH address with a compressed key,
 * ordinal a P2TR address with an x-only key; undefined for anything else.
 */
export function parseBitcoinAccounts(
  result: unknown,
  chainId: string,
  wanted: readonly BitcoinIntention[],
): BitcoinAccountAnswer[] | undefined {
  const hrp = bitcoinHrp(chainId)
  if (!hrp || !Array.isArray(result) || result.length === 0 || result.length > wanted.length) return undefined
  const out: BitcoinAccountAnswer[] = []
  for (const entry of result) {
    if (!isObj(entry)) return undefined
    const { address, publicKey, intention } = entry
    if (intention !== 'payment' && intention !== 'ordinal') return undefined
    if (!wanted.includes(intention) || out.some((a) => a.intention === intention)) return undefined
    if (typeof address !== 'string' || typeof publicKey !== 'string') return undefined
    const program = segwitProgram(address, hrp)
    const ok =
      intention === 'payment'
        ? program?.version === 0 && program.length === 20 && /^0[23][0-9a-f]{64}$/.test(publicKey)
        : program?.version === 1 && program.length === 32 && /^[0-9a-f]{64}$/.test(publicKey)
    if (!ok) return undefined
    out.push({ address, publicKey, intention })
  }
  return out
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The signature of a `signMessage` answer for `address` (base64, at most a BIP-322 witness's size), or undefined. */
export function parseBitcoinSignature(
  result: unknown,
  address: string,
): { address: string; signature: string } | undefined {
  if (!isObj(result) || result.address !== address || typeof result.signature !== 'string') return undefined
  const { signature } = result
  return signature.length >= 4 && signature.length <= 200 && BASE64.test(signature)
    ? { address, signature }
    : undefined
}

/** A signed PSBT can grow from the 256 KiB the frame takes by its signatures only. */
const MAX_PSBT_BASE64 = 400_000

/** The PSBT (base64, starting with the PSBT magic) of a `signPsbt` answer, or undefined. */
export function parseBitcoinPsbt(result: unknown): { psbt: string } | undefined {
  if (!isObj(result) || typeof result.psbt !== 'string') return undefined
  const { psbt } = result
  return psbt.startsWith('cHNidP8') && psbt.length <= MAX_PSBT_BASE64 && BASE64.test(psbt)
    ? { psbt }
    : undefined
}
