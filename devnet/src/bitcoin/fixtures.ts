import { BITCOIN_DEV_MNEMONIC, type BitcoinDevAccount, deriveBitcoinDevAccounts } from './keys.js'
import { type BitcoinNode, SEGWIT_HEIGHT } from './node.js'

/** Regtest's genesis block hash (Bitcoin Core's and bcoin's alike). */
export const BITCOIN_REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
/** CAIP-2 id of regtest: `bip122:` + the first 32 hex characters of the genesis hash. */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = `bip122:${BITCOIN_REGTEST_GENESIS_HASH.slice(0, 32)}` as const

/**
 * Sats each dev account holds after start: payment (p2wpkh), ordinals (p2tr)
 * and nested (p2sh-p2wpkh, the payment address of Xverse-style wallets) addresses.
 */
export const BITCOIN_DEV_FUNDING: readonly { payment: number; ordinals: number; nested: number }[] = [
  { payment: 10_0000_0000, ordinals: 10_0000, nested: 1_0000_0000 },
  { payment: 1_0000_0000, ordinals: 0, nested: 0 },
  { payment: 1000_0000, ordinals: 0, nested: 0 },
]

/** Fee estimates (target blocks → sat/vB) the devnet answers: regtest has no fee market, so these are fixed. */
export const BITCOIN_DEVNET_FEE_ESTIMATES: Readonly<Record<string, number>> = {
  '1': 5,
  '2': 4,
  '3': 3,
  '6': 2,
  '144': 1.5,
  '504': 1,
  '1008': 1,
}

/** What the devnet seeded: dev accounts (from the dev mnemonic), the funding transaction and the miner. */
export interface BitcoinFixtures {
  mnemonic: string
  devAccounts: (BitcoinDevAccount & { funded: { payment: number; ordinals: number; nested: number } })[]
  fundingTxid: string
  minerAddress: string
}

/**
 * Mines past segwit activation (block rewards to the miner), then pays every
 * dev account its `BITCOIN_DEV_FUNDING` in one transaction and confirms it:
 * the dev accounts hold ordinary (non-coinbase) confirmed outputs.
 */
export async function seedBitcoinFixtures(btc: BitcoinNode): Promise<BitcoinFixtures> {
  const accounts = deriveBitcoinDevAccounts(BITCOIN_DEV_MNEMONIC, BITCOIN_DEV_FUNDING.length)
  await btc.mine(SEGWIT_HEIGHT + 8 - btc.height())
  const { bcoin, node, miner } = btc
  const mtx = new bcoin.MTX()
  accounts.forEach((account, i) => {
    const funding = BITCOIN_DEV_FUNDING[i]!
    if (funding.payment > 0)
      mtx.addOutput(bcoin.Script.fromRaw(btc.outputScript(account.payment.address)), funding.payment)
    if (funding.ordinals > 0)
      mtx.addOutput(bcoin.Script.fromRaw(btc.outputScript(account.ordinals.address)), funding.ordinals)
    if (funding.nested > 0)
      mtx.addOutput(bcoin.Script.fromRaw(btc.outputScript(account.nested.address)), funding.nested)
  })
  const tip = btc.height()
  const coins = (await node.getCoinsByAddress([miner.keyring.getAddress()])).filter(
    // biome-ignore lint/suspicious/noExplicitAny: bcoin coin
    (c: any) => c.height >= 0 && tip - c.height >= 100,
  )
  await mtx.fund(coins, { changeAddress: miner.keyring.getAddress(), rate: 1000 })
  mtx.sign(miner.keyring)
  const tx = mtx.toTX()
  await node.mempool.addTX(tx)
  await btc.mine(1)
  return {
    mnemonic: BITCOIN_DEV_MNEMONIC,
    devAccounts: accounts.map((a, i) => ({ ...a, funded: { ...BITCOIN_DEV_FUNDING[i]! } })),
    fundingTxid: tx.txid(),
    minerAddress: miner.address,
  }
}
