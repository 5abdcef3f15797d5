import type { ChannelCapabilities, RequestMethodLists } from '@portico/core'

/** SPEC §4 safe / not-safe lists for solana: account reads are safe; signing and sending need approval. */
export const SOLANA_REQUEST_METHODS: RequestMethodLists = Object.freeze({
  safe: Object.freeze(['solana_getAccounts']),
  unsafe: Object.freeze([
    'solana_requestAccounts',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
    'solana_signMessage',
    'solana_signTransaction',
  ]),
})

/** What the adapter sends over a request channel (a WalletConnect session). */
export const SOLANA_CHANNEL: ChannelCapabilities = Object.freeze({
  methods: Object.freeze(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']),
  events: Object.freeze([]),
})
