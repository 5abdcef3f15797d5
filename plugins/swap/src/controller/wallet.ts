import type { CaipNetworkId, Portico } from '@portico/core'

/**
 * Everything the swap flow asks of the connected wallet, in one small module:
 * it goes through Portico's public instance API only (`sendTransaction`,
 * then the adapter's `waitForTransaction`), so any connector works (browser
 * wallet, WalletConnect, the embedded wallet). The adapter contract is being
 * reshaped (issue 10): adapt these few calls, nothing else.
 */
export interface SwapWallet {
  /** The connected EVM account and its active network, or undefined. */
  account(): { address: string; caipNetworkId: CaipNetworkId } | undefined
  /** Sends a transaction from the connected account; resolves its hash. */
  send(tx: { caipNetworkId: CaipNetworkId; to: string; data: string; value: bigint }): Promise<string>
  /** Waits until the transaction is mined; resolves its outcome. */
  wait(hash: string, caipNetworkId: CaipNetworkId): Promise<'success' | 'reverted'>
}

const NAMESPACE = 'eip155'

/** The `SwapWallet` of a Portico instance. */
export function porticoSwapWallet(portico: Portico): SwapWallet {
  return {
    account() {
      const s = portico.getState()
      const account = s.accounts[NAMESPACE]
      const caipNetworkId = s.networks.active[NAMESPACE]
      if (account?.status !== 'connected' || !account.address || !caipNetworkId) return undefined
      return { address: account.address, caipNetworkId }
    },
    async send({ caipNetworkId, to, data, value }) {
      if (!portico.sendTransaction) throw new Error('This Portico instance cannot send transactions')
      return await portico.sendTransaction({
        namespace: NAMESPACE,
        request: { caipNetworkId, to, data, value },
      })
    },
    async wait(hash, caipNetworkId) {
      const adapter = portico.getAdapter?.(NAMESPACE)
      if (!adapter?.waitForTransaction) throw new Error('The EVM adapter cannot wait for transactions')
      const outcome = await adapter.waitForTransaction({ hash, caipNetworkId })
      // The EVM adapter resolves the receipt status; a receipt object carries it as `status`.
      const status = typeof outcome === 'string' ? outcome : (outcome as { status?: unknown } | null)?.status
      if (status === 'success' || status === 'reverted') return status
      throw new Error(`Unexpected transaction outcome: ${String(status)}`)
    },
  }
}
