import type { Portico, PorticoState } from '@portico/core'
import { type Address, getAddress } from 'viem'

/** What wagmi sees of Portico's eip155 namespace at one moment. */
export interface EvmView {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  /** Selected account first, checksummed; empty unless connected. */
  accounts: readonly Address[]
  /** The active eip155 chain id, when Portico has one. */
  chainId: number | undefined
}

/** Reads the eip155 account and active chain out of a Portico snapshot. */
export function readEvmView(state: PorticoState): EvmView {
  const account = state.accounts.eip155
  const status = account?.status ?? 'disconnected'
  const chainId = parseEip155(state.networks.active.eip155)
  if (status !== 'connected' || !account?.address) return { status, accounts: [], chainId }
  const selected = getAddress(account.address)
  const others = account.allAccounts
    .filter((a) => a.namespace === 'eip155')
    .map((a) => getAddress(a.address))
    .filter((a) => a !== selected)
  return { status, accounts: [selected, ...others], chainId }
}

/** `eip155:31337` → 31337; anything else → undefined. */
export function parseEip155(caipNetworkId: string | undefined): number | undefined {
  const match = /^eip155:(\d{1,15})$/.exec(caipNetworkId ?? '')
  return match ? Number(match[1]) : undefined
}

/** The configured eip155 networks' chain ids, in Portico's order. */
export function configuredChainIds(portico: Portico): number[] {
  return portico
    .getState()
    .networks.all.map((n) => parseEip155(n.caipNetworkId))
    .filter((id): id is number => id !== undefined)
}

/**
 * Resolves once Portico's eip155 namespace is settled: its restore ran
 * (`portico.ready`) and it is neither connecting nor reconnecting.
 */
export async function settledView(portico: Portico): Promise<EvmView> {
  await portico.ready
  const now = readEvmView(portico.getState())
  if (now.status !== 'reconnecting' && now.status !== 'connecting') return now
  return await new Promise<EvmView>((resolve) => {
    const stop = portico.subscribe((state) => {
      const view = readEvmView(state)
      if (view.status === 'reconnecting' || view.status === 'connecting') return
      stop()
      resolve(view)
    })
  })
}
