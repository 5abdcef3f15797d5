import { BITCOIN_DEV_MNEMONIC, deriveBitcoinDevAccounts } from '@portico/devnet'
import type { Wallet } from '@wallet-standard/base'
import { networks, Psbt } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { parseBitcoinAddress } from '../address/index.js'
import type { BitcoinStandardFeatures } from '../wallets/index.js'
import { BITCOIN_DEV_PROVIDER_ID, createBitcoinDevWallet } from './index.js'

const features = (w: Wallet) => w.features as unknown as BitcoinStandardFeatures

describe('Bitcoin dev wallet', () => {
  it('derives the devnet’s funded addresses (BIP-84 payment, BIP-86 ordinals) from the dev mnemonic', () => {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 1 })
    const [, one] = deriveBitcoinDevAccounts(BITCOIN_DEV_MNEMONIC, 2)
    expect(dev.addresses).toEqual({ payment: one!.payment.address, ordinals: one!.ordinals.address })
  })

  it('Wallet Standard face: bitcoin:connect grants the asked purposes; rejectNext rejects once with code 4001', async () => {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC })
    dev.rejectNext()
    await expect(
      features(dev.wallet)['bitcoin:connect'].connect({ purposes: ['payment'] }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(dev.behaviour).toBe('approve')
    const { accounts } = await features(dev.wallet)['bitcoin:connect'].connect({ purposes: ['ordinals'] })
    expect(accounts.map((a) => a.address)).toEqual([dev.addresses.ordinals])
    expect(accounts[0]!.chains).toEqual(['bitcoin:regtest'])
  })

  it('request face: listed in btc_providers, answers JSON-RPC; a user rejection is error -32000, a held one waits', async () => {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC })
    const target: Record<string, unknown> = {}
    const off = dev.registerRequestProvider(target)
    expect(target.btc_providers).toEqual([dev.providerInfo])
    expect(target[BITCOIN_DEV_PROVIDER_ID]).toBe(dev.provider)
    dev.setBehaviour('hold')
    const pending = dev.provider.request('getAddresses', { purposes: ['payment', 'ordinals'] })
    await expect.poll(() => dev.pending.length).toBe(1)
    dev.rejectAll()
    expect(await pending).toMatchObject({ error: { code: -32000 } })
    dev.setBehaviour('approve')
    const answer = (await dev.provider.request('getAddresses', { purposes: ['payment', 'ordinals'] })) as {
      result: { addresses: { purpose: string; addressType: string }[] }
    }
    expect(answer.result.addresses.map((a) => [a.purpose, a.addressType])).toEqual([
      ['payment', 'p2wpkh'],
      ['ordinals', 'p2tr'],
    ])
    expect(await dev.provider.request('nope')).toMatchObject({ error: { code: -32601 } })
    off()
    expect(target.btc_providers).toEqual([])
  })

  it('signs only inputs that spend its own addresses', async () => {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC })
    await features(dev.wallet)['bitcoin:connect'].connect({ purposes: ['payment'] })
    const [, other] = deriveBitcoinDevAccounts(BITCOIN_DEV_MNEMONIC, 2)
    const foreign = parseBitcoinAddress(other!.payment.address, networks.regtest).script
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: 'a'.repeat(64), index: 0, witnessUtxo: { script: foreign, value: 10_000n } })
    psbt.addOutput({ script: foreign, value: 9_000n })
    const account = dev.wallet.accounts[0]!
    await expect(
      features(dev.wallet)['bitcoin:signTransaction'].signTransaction({
        psbt: psbt.toBuffer(),
        inputsToSign: [{ account, signingIndexes: [0] }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})
