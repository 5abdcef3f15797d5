import type { PolkadotFixtures } from './fixtures.js'

/** The fixtures as devnet.json stores them (bigints as decimal strings). */
export interface PolkadotFixturesJson {
  devAccounts: { name: string; uri: string; address: string; publicKey: string; free: string }[]
  asset: {
    id: number
    name: string
    symbol: string
    decimals: number
    owner: string
    minBalance: string
    devAmount: string
  }
}

export function polkadotFixturesToJson(fixtures: PolkadotFixtures): PolkadotFixturesJson {
  return {
    devAccounts: fixtures.devAccounts.map((a) => ({ ...a, free: a.free.toString() })),
    asset: {
      ...fixtures.asset,
      minBalance: fixtures.asset.minBalance.toString(),
      devAmount: fixtures.asset.devAmount.toString(),
    },
  }
}
