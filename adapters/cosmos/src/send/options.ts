/** How transactions are signed: `auto` = direct unless the key is a Ledger or the wallet offers amino only. */
export type CosmosSignMode = 'auto' | 'direct' | 'amino'

/** Default factor on simulated gas (the chain's real use varies a little with signature and fee bytes). */
export const DEFAULT_GAS_MULTIPLIER = 1.4
