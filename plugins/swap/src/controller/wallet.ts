import {
  type CaipNetworkId,
  MethodNotSupportedError,
  type Portico,
  type TransactionOutcome,
} from '@portico/core'

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
  /**
   * Follows the transaction to the chain's outcome: succeeded, failed (with
   * the chain's reason: the decoded revert), dropped, or still pending after
   * the adapter's time-out.
   */
  wait(hash: string, caipNetworkId: CaipNetworkId): Promise<TransactionOutcome>
  /**
   * Whether the connected wallet runs several calls as one atomic batch on
   * the network (EIP-5792 capability `atomic: supported`); false when the
   * adapter or the wallet cannot tell.
   */
  atomicBatch?(caipNetworkId: CaipNetworkId): Promise<boolean>
  /**
   * Sends the calls as one atomic batch (EIP-5792 `wallet_sendCalls`) and
   * follows it to its outcome; resolves the batch id and the outcome.
   */
  sendBatch?(p: {
    caipNetworkId: CaipNetworkId
    calls: { to: string; data: string; value: bigint }[]
    onSent?: (id: string) => void
  }): Promise<{ id: string; outcome: TransactionOutcome }>
  /**
   * Reads a token contract's metadata and the account's balance from the
   * chain through the adapter (no gateway, no third-party list). Resolves
   * undefined when the address answers no ERC-20 `balanceOf` / `symbol`.
   */
  readToken(
    token: string,
    caipNetworkId: CaipNetworkId,
  ): Promise<{ symbol: string; name: string; decimals: number; balance: bigint } | undefined>
}

const NAMESPACE = 'eip155'

/** How long a batch is followed before it counts as still pending (ms). */
const BATCH_FOLLOW_MS = 180_000

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
      // Core's shared follow of the adapter's outcome (issue 28): succeeded / failed / dropped / pending.
      return await portico.waitForTransaction({ hash, namespace: NAMESPACE, caipNetworkId })
    },
    async atomicBatch(caipNetworkId) {
      // EIP-5792 through core (issue 30): an adapter without it, or a wallet that does not
      // implement it, has no atomic batches; any other failure is the wallet's and is thrown.
      try {
        const caps = await portico.getCallsCapabilities({ namespace: NAMESPACE, caipNetworkId })
        return caps.atomic === 'supported'
      } catch (error) {
        if (error instanceof MethodNotSupportedError) return false
        throw error
      }
    },
    async sendBatch({ caipNetworkId, calls, onSent }) {
      const { id } = await portico.sendCalls({
        namespace: NAMESPACE,
        caipNetworkId,
        atomicRequired: true,
        calls: calls.map((c) => ({ to: c.to, data: c.data, value: c.value })),
      })
      onSent?.(id)
      const status = await portico.waitForCalls({ id, namespace: NAMESPACE, timeoutMs: BATCH_FOLLOW_MS })
      if (status.status === 100) return { id, outcome: { status: 'pending', hash: id } }
      const outcome: TransactionOutcome = status.outcome ?? {
        status: status.status === 200 ? 'succeeded' : 'failed',
        hash: id,
        reason: { message: `The batch failed (EIP-5792 status ${status.status})` },
      }
      return { id, outcome }
    },
    async readToken(token, caipNetworkId) {
      const account = this.account()
      const adapter = portico.getAdapter?.(NAMESPACE)
      if (!account || !adapter?.getTokenBalances) throw new Error('The EVM adapter cannot read tokens')
      const [held] = await adapter.getTokenBalances({
        address: account.address,
        caipNetworkId,
        tokens: [token],
      })
      // The EVM adapter marks a failed `balanceOf` with ok: false and a failed `symbol` with "???".
      const ok = (held as { ok?: unknown } | undefined)?.ok
      if (!held || ok === false || held.symbol === '???' || held.symbol.trim() === '') return undefined
      const { decimals } = held
      if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) return undefined
      return { symbol: held.symbol, name: held.name ?? held.symbol, decimals, balance: held.value }
    },
  }
}
