/**
 * @portico/dev-wallets/bitcoin/personalities — thin emulations of the Bitcoin
 * wallets visitors use (Xverse, Leather, UniSat, OKX, Phantom), each
 * reproducing its wallet's published interface and quirks on top of the one
 * signing core (`@portico/dev-wallets/bitcoin`), labelled "(emulated)" and
 * never with the wallet's icon. Browser-safe: the demo installs them too.
 */

import { createLeatherPersonality } from './leather.js'
import { createPhantomPersonality } from './phantom.js'
import type { BitcoinPersonality, BitcoinPersonalityId, BitcoinPersonalityOptions } from './shared.js'
import { createOkxPersonality, createUnisatPersonality } from './unisat.js'
import { createXversePersonality } from './xverse.js'

export { LEATHER_PROVIDER_ID } from './leather.js'
export type { BitcoinPersonality, BitcoinPersonalityId, BitcoinPersonalityOptions } from './shared.js'
export { XVERSE_PROVIDER_ID } from './xverse.js'
export {
  createLeatherPersonality,
  createOkxPersonality,
  createPhantomPersonality,
  createUnisatPersonality,
  createXversePersonality,
}

/** Every Bitcoin personality by id, in the order the compatibility matrix lists them. */
export const BITCOIN_PERSONALITIES: Record<
  BitcoinPersonalityId,
  (options: BitcoinPersonalityOptions) => BitcoinPersonality
> = {
  xverse: createXversePersonality,
  leather: createLeatherPersonality,
  unisat: createUnisatPersonality,
  okx: createOkxPersonality,
  phantom: createPhantomPersonality,
}
