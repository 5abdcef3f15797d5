import type { Card } from './approve/card.js'
import { type ChainKeys, type ChainType, ChainWireError, type ExportedChainKey } from './chain-keys.js'
import type { UncheckedChainRequest } from './protocol.js'

/** What the frame lends the other namespaces' requests: its session, its shares, its approval card. */
export interface ChainFrameDeps {
  token(): string | undefined
  wallet(token: string): Promise<{ address: string; auth: string }>
  loadDeviceShare(address: string): Promise<string | undefined>
  reassemble(address: string, a: string, b: string): Promise<Uint8Array>
  /** Shows the approval card (the frame's UI on while it is up); true on Approve. */
  approve(what: Card): Promise<boolean>
  /** The frame's refusal error for the dApp (an EIP-1193 code, SPEC §8 text). */
  refuse(code: number | string, message: string): Error
}

/** The namespaces' names on the export card (proper nouns, the same in every locale). */
export const CHAIN_NAMES: Readonly<Record<ChainType, string>> = {
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
  polkadot: 'Polkadot',
}

/** One namespace on the export card: its key, or that this browser could not derive it. */
export type ChainExport = { name: string } & (ExportedChainKey | { failed: true })

const CACHE = (type: ChainType, evm: string) => `portico-ew-${type}:${evm.toLowerCase()}`
const PUBLIC_KEY = /^[0-9a-f]{64,130}$/

/**
 * Runs the Bitcoin, Cosmos and Polkadot keys (`ChainKeys`) for the frame: a
 * public method is answered from the namespace's public key (derived once
 * from the reassembled secret, then remembered on this origin: no secret);
 * anything else is shown on the approval card and, on Approve, signed with a
 * key rebuilt for that one request and wiped after.
 */
export function chainFrame(
  deps: ChainFrameDeps,
  types: readonly ChainType[],
  load: (type: ChainType) => Promise<ChainKeys>,
) {
  async function withSecret<T>(
    w: { address: string; auth: string },
    run: (secret: Uint8Array) => Promise<T>,
  ) {
    const device = await deps.loadDeviceShare(w.address)
    if (!device) throw deps.refuse(4100, 'Action not allowed')
    const secret = await deps.reassemble(w.address, device, w.auth)
    try {
      return await run(secret)
    } finally {
      secret.fill(0)
    }
  }

  async function publicKey(keys: ChainKeys, w: { address: string; auth: string }): Promise<string> {
    const cached = localStorage.getItem(CACHE(keys.type, w.address))
    if (cached && PUBLIC_KEY.test(cached)) return cached
    const key = await withSecret(w, (secret) => keys.publicKey(secret))
    localStorage.setItem(CACHE(keys.type, w.address), key)
    return key
  }

  // By name: each namespace's keys are a script of their own (bundle.ts), with their own copy of the class.
  const invalid = (error: unknown) =>
    error instanceof Error && error.name === ChainWireError.name
      ? deps.refuse(-32602, `Invalid request: ${error.message}`)
      : error

  return {
    async handle(unchecked: UncheckedChainRequest): Promise<unknown> {
      if (!types.includes(unchecked.type)) throw deps.refuse(4200, 'Requested RPC call is not allowed')
      const keys = await load(unchecked.type)
      const request = keys.parse(unchecked.payload)
      if (!request || request.type !== unchecked.type) throw deps.refuse(-32602, 'Invalid request')
      const t = deps.token()
      if (!t) throw deps.refuse(4100, 'Action not allowed')
      const w = await deps.wallet(t)
      const own = await publicKey(keys, w)
      try {
        if (keys.publicMethods.includes(request.method)) return keys.answerPublic(request, own)
        const what = await keys.describe(request, own)
        if (!(await deps.approve(what))) throw deps.refuse(4001, 'Signature declined')
        return await withSecret(w, async (secret) => {
          // The remembered public key is only a hint: the key rebuilt now must be that one.
          if ((await keys.publicKey(secret)) !== own) throw deps.refuse(4100, 'Action not allowed')
          return keys.sign(secret, request)
        })
      } catch (error) {
        throw invalid(error)
      }
    },

    /** Every namespace's key for the export card; one that fails is said so on the card (and logged). */
    async exportKeys(secret: Uint8Array): Promise<ChainExport[]> {
      const out: ChainExport[] = []
      for (const type of types) {
        const name = CHAIN_NAMES[type]
        try {
          out.push({ name, ...(await (await load(type)).exportKey(secret)) })
        } catch (error) {
          console.warn(`[portico signer] the ${name} key could not be exported`, error)
          out.push({ name, failed: true })
        }
      }
      return out
    },
  }
}
