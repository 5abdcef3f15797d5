import type { RequestChannel } from '@portico/core'
import { UserRejectedRequestError } from '@portico/core'
import { BITCOIN_DEV_MNEMONIC, type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevWallet, createBitcoinDevWallet } from '../dev-wallet/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams, bitcoinRegtest } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { bitcoinAdapter } from './index.js'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
let btc: BitcoinDevnet
beforeAll(async () => {
  btc = await startBitcoinDevnet()
}, 120_000)
afterAll(async () => {
  await btc?.stop()
})

/**
 * What a WalletConnect wallet does with the bip122 namespace, over the dev
 * wallet's own request API: each WalletConnect method becomes the wallet's
 * call; a user rejection reaches the adapter as code 4001 (the plugin's
 * channel maps WalletConnect's rejection to it).
 */
function walletConnectChannel(dev: BitcoinDevWallet): RequestChannel {
  const call = async (method: string, params: unknown) => {
    const answer = (await dev.provider.request(method, params)) as {
      result?: unknown
      error?: { code: number }
    }
    if (answer.error)
      throw Object.assign(new Error('wallet error'), {
        code: answer.error.code === -32000 ? 4001 : answer.error.code,
      })
    return answer.result as Record<string, unknown>
  }
  return {
    namespace: 'bip122',
    accounts: () => [`${REGTEST}:${dev.addresses.payment}`, `${REGTEST}:${dev.addresses.ordinals}`],
    chains: () => [REGTEST],
    on: () => () => {},
    async request<T>({ method, params }: { method: string; params?: unknown }): Promise<T> {
      const p = params as Record<string, unknown>
      if (method === 'getAccountAddresses') {
        const purposes = (p.intentions as string[]).map((i) => (i === 'ordinal' ? 'ordinals' : i))
        const { addresses } = (await call('getAddresses', { purposes })) as {
          addresses: Record<string, string>[]
        }
        return addresses.map((a) => ({
          address: a.address,
          publicKey: a.publicKey,
          intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
        })) as T
      }
      if (method === 'signMessage')
        return (await call('signMessage', {
          ...p,
          protocol: p.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
        })) as T
      if (method === 'signPsbt') {
        const signInputs: Record<string, number[]> = {}
        for (const i of p.signInputs as { address: string; index: number }[])
          signInputs[i.address] = [...(signInputs[i.address] ?? []), i.index]
        return (await call('signPsbt', { psbt: p.psbt, signInputs, broadcast: false })) as T
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
}

const sats = async (address: string) =>
  BigInt(
    ((await (await fetch(`${btc.esploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]).reduce(
      (s, u) => s + u.value,
      0,
    ),
  )

describe('bitcoinAdapter over a request channel (the WalletConnect bip122 namespace)', () => {
  it('a peer answering WalletConnect 5000 (USER_REJECTED) is UserRejectedRequestError', async () => {
    const dev = createBitcoinDevWallet({
      mnemonic: BITCOIN_DEV_MNEMONIC,
      account: 0,
      esploraUrl: btc.esploraUrl,
    })
    const answering = walletConnectChannel(dev)
    // The user pressed Reject: every request is refused with WalletConnect's USER_REJECTED.
    const rejecting: RequestChannel = {
      ...answering,
      request: async () => {
        throw { code: 5000, message: 'User rejected.' }
      },
    }
    const adapter = bitcoinAdapter({ networks: [bitcoinRegtest({ esploraUrl: btc.esploraUrl })] })
    await adapter.setup(createTestContext().ctx)
    const outcome = await adapter
      .connect({ connectorId: 'walletConnect', caipNetworkId: REGTEST, channel: rejecting })
      .then(() =>
        adapter.signMessage({ connectorId: 'walletConnect', address: dev.addresses.payment, message: 'no' }),
      )
      .catch((e: unknown) => e)
    expect(outcome).toBeInstanceOf(UserRejectedRequestError)
    adapter.destroy?.()
  })

  it('connects, signs a verifiable message, sends a checked PSBT, and maps a rejection', async () => {
    const adapter = bitcoinAdapter({ networks: [bitcoinRegtest({ esploraUrl: btc.esploraUrl })] })
    await adapter.setup(createTestContext().ctx)
    expect(adapter.channel?.methods).toEqual(['getAccountAddresses', 'signMessage', 'signPsbt'])
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 2 })
    const channel = walletConnectChannel(dev)
    const connectorId = 'walletConnect'
    const { accounts } = await adapter.connect({ connectorId, caipNetworkId: REGTEST, channel })
    expect(accounts.map((a) => [a.purpose, a.address])).toEqual([
      ['payment', dev.addresses.payment],
      ['ordinals', dev.addresses.ordinals],
    ])
    const { signature } = await adapter.signMessage({
      connectorId,
      address: dev.addresses.payment,
      message: 'over WalletConnect',
      options: { protocol: 'bip322' },
    })
    expect(
      verifyBitcoinMessage({
        message: 'over WalletConnect',
        address: dev.addresses.payment,
        signature,
        protocol: 'bip322',
        params: addressParams(REGTEST),
      }),
    ).toBe(true)
    const to = btc.fixtures.devAccounts[0]!.payment.address
    const before = await sats(to)
    await adapter.sendTransaction({ connectorId, request: { to, value: 77_777n, feeRate: 2 } })
    expect(await sats(to)).toBe(before + 77_777n)
    dev.rejectNext()
    await expect(
      adapter.sendTransaction({ connectorId, request: { to, value: 10_000n } }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    adapter.destroy?.()
  })
})
