import { describe, expect, it } from 'vitest'
import {
  solanaCaipNetworkId,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
  toStandardChain,
} from './index.js'

describe('Solana networks are CAIP-2 solana:<genesis hash prefix>', () => {
  it('presets use the first 32 characters of each cluster genesis hash', () => {
    expect(solanaMainnet.caipNetworkId).toBe(
      solanaCaipNetworkId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'),
    )
    expect(solanaDevnet.caipNetworkId).toBe(
      solanaCaipNetworkId('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'),
    )
    expect(solanaTestnet.caipNetworkId).toBe(
      solanaCaipNetworkId('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zZ2EU8z9BTNvC'),
    )
    for (const n of [solanaMainnet, solanaDevnet, solanaTestnet]) {
      expect(n.chainNamespace).toBe('solana')
      expect(n.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    }
  })

  it('a local cluster is named by its own genesis hash and maps to solana:localnet for wallets', () => {
    const local = solanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899', genesisHash: 'G'.repeat(44) })
    expect(local.caipNetworkId).toBe(`solana:${'G'.repeat(32)}`)
    expect(local.rpcUrls.default.http).toEqual(['http://127.0.0.1:8899'])
    expect(toStandardChain(local.caipNetworkId)).toBe('solana:localnet')
    expect(toStandardChain(solanaMainnet.caipNetworkId)).toBe('solana:mainnet')
    expect(toStandardChain(solanaDevnet.caipNetworkId)).toBe('solana:devnet')
    expect(toStandardChain(solanaTestnet.caipNetworkId)).toBe('solana:testnet')
  })
})
