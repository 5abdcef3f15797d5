import type { AccountRecord, CaipNetworkId, Logger } from '@portico/core'
import type { PublicClient } from 'viem'
import type { Eip1193Provider } from '../provider/index.js'
import { walletCapabilities } from './calls.js'

/** EIP-7702's delegation designator: an EOA whose code points at a delegate is still an EOA. */
const DELEGATION_PREFIX = '0xef0100'

/**
 * Marks the wallet's accounts that are smart-contract wallets (a Safe-like
 * account over WalletConnect, an injected contract wallet) as `smartAccount`:
 * the account has contract code on the network (not an EIP-7702 delegation)
 * AND the wallet's EIP-5792 capabilities say it executes batches atomically
 * (`atomic: supported`), as a contract account does natively. Anything else
 * stays `eoa`; a failed read is logged and leaves the record as the wallet
 * gave it (an EOA is what every wallet account was before this read).
 */
export async function markContractWallets(p: {
  accounts: AccountRecord[]
  caipNetworkId: CaipNetworkId | undefined
  provider: Eip1193Provider
  client: (caipNetworkId: CaipNetworkId) => Promise<PublicClient>
  logger: Pick<Logger, 'warn'>
}): Promise<AccountRecord[]> {
  const { caipNetworkId } = p
  if (!caipNetworkId) return p.accounts
  return await Promise.all(
    p.accounts.map(async (record) => {
      if (record.type !== 'eoa') return record
      try {
        // The chain first: an EOA (no code, or an EIP-7702 delegation) is never asked anything of its wallet.
        const client = await p.client(caipNetworkId)
        const code = await client.getCode({ address: record.address as `0x${string}` })
        if (!code || code === '0x' || code.toLowerCase().startsWith(DELEGATION_PREFIX)) return record
        const { atomic } = await walletCapabilities(p.provider, record.address, caipNetworkId)
        if (atomic !== 'supported') return record
        return { ...record, type: 'smartAccount' as const, deployed: true }
      } catch (error) {
        p.logger.warn(`Portico: could not tell whether ${record.address} is a smart-contract wallet`, error)
        return record
      }
    }),
  )
}
