import { UserRejectedRequestError } from '@portico/core'
import { expect } from 'vitest'
import { createTestContext } from '../../test-helpers/context.js'
import { until } from '../../test-helpers/until.js'
import { openDevWcChannel } from '../../walletconnect/dapp-channel.js'
import { verifyMessageIndependently } from '../verifiers/index.js'
import type { Check } from './base.js'

const CONNECTOR = 'walletConnect'

/**
 * The adapter over a real WalletConnect session (the loopback relay, a
 * dApp-side sign-client, the dev WalletConnect wallet): connect from the
 * session's accounts, a message the kit's verifier accepts, a rejection
 * answered with WalletConnect's 5000 as `UserRejectedRequestError`, and a
 * transfer that lands.
 */
export const walletConnectChannel: Check = async (h) => {
  const option = h.options.checks?.walletConnect
  if (!option) return 'not-applicable'
  const adapter = h.options.adapter(h.devnet)
  expect(adapter.channel, 'the adapter declares what it drives over a channel').toBeDefined()
  adapter.setup(createTestContext({ namespace: h.namespace, isBrowser: false }).ctx)
  const wc = await option.open(h.devnet)
  const caipNetworkId = h.devnet.caipNetworkId
  try {
    const session = await openDevWcChannel({
      relayUrl: wc.relayUrl,
      wallet: wc.wallet,
      namespace: h.namespace,
      chains: [caipNetworkId],
      methods: adapter.channel!.methods,
      events: adapter.channel!.events,
    })
    try {
      const { accounts } = await adapter.connect({
        connectorId: CONNECTOR,
        caipNetworkId,
        channel: session.channel,
      })
      const address = wc.address
      expect(accounts.map((a) => a.address)).toContain(address)

      const message = `Portico conformance over WalletConnect ${h.namespace} ${Date.now()}`
      const signed = await adapter.signMessage({ connectorId: CONNECTOR, address, message })
      expect(await verifyMessageIndependently(h.namespace, { address, message, signed })).toBe(true)

      wc.wallet.setRejectionCode(5000)
      wc.wallet.rejectNext()
      const refused = await adapter.signMessage({ connectorId: CONNECTOR, address, message }).then(
        () => undefined,
        (e: unknown) => e,
      )
      wc.wallet.setRejectionCode(4001)
      expect(wc.wallet.requests.at(-1)?.error?.code).toBe(5000)
      expect(refused, 'WalletConnect 5000 is a user rejection').toBeInstanceOf(UserRejectedRequestError)

      const before = await h.devnet.balanceOf(h.devnet.receiver)
      const hash = await adapter.sendTransaction({
        connectorId: CONNECTOR,
        address,
        caipNetworkId,
        request: h.devnet.transferRequest(h.devnet.receiver, h.devnet.amount),
      })
      if (h.devnet.confirm) await h.devnet.confirm(hash)
      let after = before
      await until(
        async () => {
          after = await h.devnet.balanceOf(h.devnet.receiver)
          return after !== before
        },
        h.timeout,
        'the transfer sent over WalletConnect lands',
      )
      expect(after - before).toBe(h.devnet.amount)
    } finally {
      await session.close()
    }
  } finally {
    adapter.destroy?.()
    await wc.stop()
  }
  return undefined
}
