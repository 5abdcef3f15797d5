import * as ecc from '@bitcoinerlab/secp256k1'
import type { OfflineAminoSigner } from '@cosmjs/amino'
import { type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { crypto as bcrypto, networks, Psbt, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevnet, startBitcoinDevnet } from '../../bitcoin/server.js'
import { type CosmosDevnet, startCosmosDevnet } from '../../cosmos/server.js'
import { type PolkadotServiceInfo, spawnPolkadotDevnet } from '../../polkadot/service.js'
import { getFreePort } from '../../ports.js'
import { stopPid } from '../../process-service.js'
import { watchOutboundConnections } from '../loopback-guard.js'
import { startWalletConnectRelay, type WalletConnectRelay } from '../relay.js'
import { createMemoryKeyValueStorage } from '../storage.js'
import { createDevWcWallet, type DevWcWallet } from './wallet.js'

type SignClient = InstanceType<typeof SignClientClass>

// The polkadot, bip122 and cosmos namespaces of the dev WalletConnect wallet,
// each driven by a real dApp sign-client over the loopback relay against the
// real local chain: chopsticks, the bcoin regtest node, the Cosmos simulator.

describe('dev WalletConnect wallet: polkadot, bip122 and cosmos against chopsticks, bcoin and the Cosmos simulator', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let btc: BitcoinDevnet
  let sim: CosmosDevnet
  let dot: PolkadotServiceInfo
  let dapp: SignClient
  let wallet: DevWcWallet
  let session: SessionTypes.Struct
  const hub = () => sim.chains[0]!
  const osmo = () => sim.chains[1]!

  const request = <T>(chainId: string, method: string, params: unknown) =>
    dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

  beforeAll(async () => {
    ;[relay, btc, sim, dot] = await Promise.all([
      startWalletConnectRelay(),
      startBitcoinDevnet({ port: 0 }),
      startCosmosDevnet({ port: 0 }),
      getFreePort().then((port) => spawnPolkadotDevnet({ port, detached: false })),
    ])
    await cryptoWaitReady()
    const { SignClient } = await import('@walletconnect/sign-client')
    dapp = await SignClient.init({
      projectId: 'local',
      relayUrl: relay.url,
      telemetryEnabled: false,
      customStoragePrefix: 'dev-wc-wallet-namespaces-dapp',
      storage: createMemoryKeyValueStorage() as never,
      logger: 'silent',
      metadata: { name: 'test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
    })
    wallet = await createDevWcWallet({
      relayUrl: relay.url,
      polkadot: { uri: '//Bob', ss58Prefix: dot.ss58Prefix },
      bitcoin: { index: 1, esploraUrl: btc.esploraUrl },
      cosmos: {
        index: 1,
        prefixes: Object.fromEntries(sim.chains.map((c) => [c.caipNetworkId, c.bech32Prefix])),
      },
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        polkadot: {
          chains: [dot.caipNetworkId],
          methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
          events: [],
        },
        bip122: {
          chains: [btc.caipNetworkId],
          methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
          events: ['bip122_addressesChanged'],
        },
        cosmos: {
          chains: [hub().caipNetworkId, osmo().caipNetworkId, 'cosmos:unknown-1'],
          methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
          events: [],
        },
      },
    })
    const [, settled] = await Promise.all([wallet.pair(uri!), approval()])
    session = settled
  }, 180_000)

  afterAll(async () => {
    dapp?.core.heartbeat.stop()
    await dapp?.core.relayer.transportClose()
    await wallet?.stop()
    await Promise.all([relay?.stop(), btc?.stop(), sim?.stop(), ...(dot?.pids ?? []).map((p) => stopPid(p))])
    guard.restore()
  })

  it('approves polkadot, bip122 and cosmos with the funded dev keys the devnets seed (cosmos only on chains it has a prefix for)', () => {
    const bob = dot.fixtures.devAccounts.find((a) => a.name === 'Bob')!
    expect(session.namespaces.polkadot).toMatchObject({
      chains: [dot.caipNetworkId],
      accounts: [`${dot.caipNetworkId}:${bob.address}`],
      methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
    })
    const dev1 = btc.fixtures.devAccounts[1]!
    expect(session.namespaces.bip122).toMatchObject({
      chains: [btc.caipNetworkId],
      accounts: [
        `${btc.caipNetworkId}:${dev1.payment.address}`,
        `${btc.caipNetworkId}:${dev1.ordinals.address}`,
      ],
      events: ['bip122_addressesChanged'],
    })
    const cosmos1 = sim.fixtures.accounts[1]!
    expect(session.namespaces.cosmos).toMatchObject({
      chains: [hub().caipNetworkId, osmo().caipNetworkId],
      accounts: [
        `${hub().caipNetworkId}:${cosmos1.addresses[hub().chainId]}`,
        `${osmo().caipNetworkId}:${cosmos1.addresses[osmo().chainId]}`,
      ],
    })
  })

  it('polkadot_signMessage: an sr25519 signature of the <Bytes>-wrapped message that signatureVerify accepts; another account is refused (4100)', async () => {
    const message = u8aToHex(new TextEncoder().encode('Sign in to Portico'))
    const { signature } = await request<{ signature: string }>(dot.caipNetworkId, 'polkadot_signMessage', {
      address: wallet.polkadotAddress,
      message,
    })
    expect(signatureVerify(u8aWrapBytes(message), signature, wallet.polkadotAddress!).isValid).toBe(true)
    const alice = dot.fixtures.devAccounts.find((a) => a.name === 'Alice')!
    await expect(
      request(dot.caipNetworkId, 'polkadot_signMessage', { address: alice.address, message }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('polkadot_signTransaction signs a transferKeepAlive payload built by @polkadot/api: chopsticks includes it and Charlie gains the amount', async () => {
    const api = await ApiPromise.create({ provider: new HttpProvider(dot.httpUrl), noInitWarn: true })
    try {
      const charlie = dot.fixtures.devAccounts.find((a) => a.name === 'Charlie')!
      const free = async (a: string) =>
        (
          (await api.query.system!.account!(a)) as unknown as { data: { free: { toBigInt(): bigint } } }
        ).data.free.toBigInt()
      const before = await free(charlie.address)
      const tx = api.tx.balances!.transferKeepAlive!(charlie.address, 10n ** 12n)
      await tx.signAsync(wallet.polkadotAddress!, {
        signer: {
          signPayload: async (payload: SignerPayloadJSON) => ({
            id: 1,
            ...(await request<{ signature: `0x${string}` }>(dot.caipNetworkId, 'polkadot_signTransaction', {
              address: payload.address,
              transactionPayload: payload,
            })),
          }),
        },
      })
      await tx.send()
      await expect.poll(() => free(charlie.address), { timeout: 30_000 }).toBe(before + 10n ** 12n)
    } finally {
      await api.disconnect()
    }
  })

  it('getAccountAddresses answers the payment (p2wpkh) and ordinals (p2tr) addresses with their keys and intentions', async () => {
    const dev1 = btc.fixtures.devAccounts[1]!
    const answer = await request<unknown[]>(btc.caipNetworkId, 'getAccountAddresses', {
      account: dev1.payment.address,
      intentions: ['payment', 'ordinal'],
    })
    expect(answer).toEqual([
      expect.objectContaining({
        address: dev1.payment.address,
        publicKey: dev1.payment.publicKey,
        intention: 'payment',
      }),
      expect.objectContaining({
        address: dev1.ordinals.address,
        publicKey: dev1.ordinals.publicKey,
        intention: 'ordinal',
      }),
    ])
  })

  it('bip122 signMessage (ecdsa): a BIP-137 p2wpkh signature whose recovered key hashes to the payment address', async () => {
    const dev1 = btc.fixtures.devAccounts[1]!
    const message = 'Sign in to Portico'
    const { signature } = await request<{ signature: string }>(btc.caipNetworkId, 'signMessage', {
      account: dev1.payment.address,
      address: dev1.payment.address,
      message,
      protocol: 'ecdsa',
    })
    const sig = Buffer.from(signature, 'base64')
    expect(sig).toHaveLength(65)
    expect(sig[0]).toBeGreaterThanOrEqual(39)
    const magic = Buffer.from('Bitcoin Signed Message:\n')
    const body = Buffer.from(message)
    const hash = bcrypto.hash256(
      Buffer.concat([Buffer.of(magic.length), magic, Buffer.of(body.length), body]),
    )
    const pubkey = ecc.recover(hash, sig.subarray(1), (sig[0]! - 39) as 0 | 1 | 2 | 3, true)!
    const address = payments.p2wpkh({ hash: bcrypto.hash160(pubkey), network: networks.regtest }).address
    expect(address).toBe(dev1.payment.address)
    // BIP-322 for the ordinals (p2tr) address: one 64-byte Schnorr signature in the witness.
    const bip322 = await request<{ signature: string }>(btc.caipNetworkId, 'signMessage', {
      account: dev1.ordinals.address,
      address: dev1.ordinals.address,
      message,
      protocol: 'bip322',
    })
    expect([...Buffer.from(bip322.signature, 'base64').subarray(0, 2)]).toEqual([1, 64])
  })

  it('signPsbt signs a spend of the payment UTXO; finalized and broadcast, it confirms and pays the receiver the amount', async () => {
    const dev1 = btc.fixtures.devAccounts[1]!
    const to = btc.fixtures.devAccounts[2]!.payment.address
    const utxos = (await (await fetch(`${btc.esploraUrl}/address/${dev1.payment.address}/utxo`)).json()) as {
      txid: string
      vout: number
      value: number
    }[]
    const utxo = utxos.sort((a, b) => b.value - a.value)[0]!
    const prev = await (await fetch(`${btc.esploraUrl}/tx/${utxo.txid}/hex`)).text()
    const psbt = new Psbt({ network: networks.regtest })
    const script = payments.p2wpkh({ address: dev1.payment.address, network: networks.regtest }).output!
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script, value: BigInt(utxo.value) },
      nonWitnessUtxo: Buffer.from(prev, 'hex'),
    })
    psbt.addOutput({ address: to, value: 50_000n })
    psbt.addOutput({ address: dev1.payment.address, value: BigInt(utxo.value) - 50_000n - 1_000n })
    // An input the wallet does not own is refused (4100); nothing signed.
    await expect(
      request(btc.caipNetworkId, 'signPsbt', {
        account: dev1.payment.address,
        psbt: psbt.toBase64(),
        signInputs: [{ address: dev1.payment.address, index: 7 }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    const answer = await request<{ psbt: string }>(btc.caipNetworkId, 'signPsbt', {
      account: dev1.payment.address,
      psbt: psbt.toBase64(),
      signInputs: [{ address: dev1.payment.address, index: 0 }],
      broadcast: false,
    })
    const signed = Psbt.fromBase64(answer.psbt, { network: networks.regtest })
    const tx = signed.finalizeAllInputs().extractTransaction()
    const balance = async () =>
      ((await (await fetch(`${btc.esploraUrl}/address/${to}/utxo`)).json()) as { value: number }[]).reduce(
        (s, u) => s + u.value,
        0,
      )
    const before = await balance()
    const posted = await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: tx.toHex() })
    expect(await posted.text()).toBe(tx.getId())
    await btc.mine(1)
    expect(await balance()).toBe(before + 50_000)
  })

  it('sendTransfer: the wallet picks its UTXOs, pays the recipient the amount (change back, OP_RETURN memo) and broadcasts; a bad recipient or a dust amount is -32602', async () => {
    const dev1 = btc.fixtures.devAccounts[1]!
    const to = btc.fixtures.devAccounts[2]!.payment.address
    const balance = async () =>
      ((await (await fetch(`${btc.esploraUrl}/address/${to}/utxo`)).json()) as { value: number }[]).reduce(
        (s, u) => s + u.value,
        0,
      )
    const send = (params: Record<string, unknown>) =>
      request<{ txid: string }>(btc.caipNetworkId, 'sendTransfer', {
        account: dev1.payment.address,
        ...params,
      })
    await expect(send({ recipientAddress: 'bc1qnotanaddress', amount: '10000' })).rejects.toMatchObject({
      code: -32602,
    })
    await expect(send({ recipientAddress: to, amount: '100' })).rejects.toMatchObject({ code: -32602 })
    await expect(send({ recipientAddress: to, amount: 70_000 })).rejects.toMatchObject({ code: -32602 })
    const before = await balance()
    const { txid } = await send({ recipientAddress: to, amount: '70000', memo: 'portico' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const tx = (await (await fetch(`${btc.esploraUrl}/tx/${txid}`)).json()) as {
      vout: { value: number; scriptpubkey_type?: string }[]
    }
    expect(tx.vout.some((o) => o.value === 70_000)).toBe(true)
    await btc.mine(1)
    expect(await balance()).toBe(before + 70_000)
  })

  /** An offline signer that forwards to the wallet over WalletConnect, as the cosmos adapter's channel does. */
  function remoteSigner(chain: ReturnType<typeof hub>, mode: 'direct' | 'amino') {
    const getAccounts = async () => {
      const list = await request<{ address: string; algo: 'secp256k1'; pubkey: string }[]>(
        chain.caipNetworkId,
        'cosmos_getAccounts',
        {},
      )
      return list.map((a) => ({ ...a, pubkey: fromBase64(a.pubkey) }))
    }
    const direct: OfflineDirectSigner = {
      getAccounts,
      async signDirect(signerAddress, doc): Promise<DirectSignResponse> {
        const out = await request<{
          signature: DirectSignResponse['signature']
          signed: { chainId: string; accountNumber: string; authInfoBytes: string; bodyBytes: string }
        }>(chain.caipNetworkId, 'cosmos_signDirect', {
          signerAddress,
          signDoc: {
            chainId: doc.chainId,
            accountNumber: doc.accountNumber.toString(),
            authInfoBytes: toBase64(doc.authInfoBytes),
            bodyBytes: toBase64(doc.bodyBytes),
          },
        })
        return {
          signature: out.signature,
          signed: {
            chainId: out.signed.chainId,
            accountNumber: BigInt(out.signed.accountNumber),
            authInfoBytes: fromBase64(out.signed.authInfoBytes),
            bodyBytes: fromBase64(out.signed.bodyBytes),
          },
        }
      },
    }
    const amino: OfflineAminoSigner = {
      getAccounts,
      signAmino: (signerAddress, signDoc) =>
        request(chain.caipNetworkId, 'cosmos_signAmino', { signerAddress, signDoc }),
    }
    return mode === 'direct' ? direct : amino
  }

  it.each([
    ['Direct', 'direct'],
    ['Amino', 'amino'],
  ] as const)(
    'cosmos_sign%s: an unmodified SigningStargateClient sends MsgSend through the wallet; the simulator verifies the signature and moves the balance',
    async (_name, mode) => {
      const chain = hub()
      const from = sim.fixtures.accounts[1]!.addresses[chain.chainId]!
      const to = sim.fixtures.accounts[2]!.addresses[chain.chainId]!
      const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, remoteSigner(chain, mode), {
        gasPrice: GasPrice.fromString('0.025uatom'),
      })
      const reader = await StargateClient.connect(chain.rpcUrl)
      const before = BigInt((await reader.getBalance(to, 'uatom')).amount)
      const result = await client.sendTokens(from, to, [{ denom: 'uatom', amount: '4321' }], 'auto', mode)
      expect(result.code).toBe(0)
      expect(BigInt((await reader.getBalance(to, 'uatom')).amount)).toBe(before + 4321n)
      client.disconnect()
      reader.disconnect()
    },
  )

  it('cosmos_signAmino of an ADR-036 doc verifies with the account key; a doc for another chain is refused (-32602); getAccounts on osmo re-encodes the same key', async () => {
    const chain = hub()
    const signer = sim.fixtures.accounts[1]!.addresses[chain.chainId]!
    const doc: StdSignDoc = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      memo: '',
      msgs: [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(new TextEncoder().encode('hi')) } }],
    }
    const { signature } = await request<{ signature: { signature: string; pub_key: { value: string } } }>(
      chain.caipNetworkId,
      'cosmos_signAmino',
      { signerAddress: signer, signDoc: doc },
    )
    const ok = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
      sha256(serializeSignDoc(doc)),
      fromBase64(signature.pub_key.value),
    )
    expect(ok).toBe(true)
    await expect(
      request(chain.caipNetworkId, 'cosmos_signAmino', {
        signerAddress: signer,
        signDoc: { ...doc, chain_id: 'other-1' },
      }),
    ).rejects.toMatchObject({ code: -32602 })
    const [onOsmo] = await request<{ address: string; pubkey: string }[]>(
      osmo().caipNetworkId,
      'cosmos_getAccounts',
      {},
    )
    expect(onOsmo!.address).toBe(sim.fixtures.accounts[1]!.addresses[osmo().chainId])
    expect(onOsmo!.pubkey).toBe(signature.pub_key.value)
  })

  it('rejectNext answers 4001 for polkadot, bip122 and cosmos signing; reads (getAccountAddresses, cosmos_getAccounts) never ask', async () => {
    wallet.rejectNext()
    await expect(
      request(dot.caipNetworkId, 'polkadot_signMessage', {
        address: wallet.polkadotAddress,
        message: '0x01',
      }),
    ).rejects.toMatchObject({ code: 4001 })
    const dev1 = btc.fixtures.devAccounts[1]!
    wallet.rejectNext()
    await expect(
      request(btc.caipNetworkId, 'signMessage', {
        account: dev1.payment.address,
        address: dev1.payment.address,
        message: 'x',
      }),
    ).rejects.toMatchObject({ code: 4001 })
    wallet.setBehaviour('reject')
    try {
      expect(
        await request(btc.caipNetworkId, 'getAccountAddresses', { account: dev1.payment.address }),
      ).toHaveLength(1)
      expect(await request(hub().caipNetworkId, 'cosmos_getAccounts', {})).toHaveLength(1)
      await expect(
        request(hub().caipNetworkId, 'cosmos_signAmino', { signerAddress: 'x', signDoc: {} }),
      ).rejects.toMatchObject({ code: 4001 })
    } finally {
      wallet.setBehaviour('approve')
    }
  })

  it('sends nothing beyond 127.0.0.1', () => {
    expect(guard.nonLoopback()).toEqual([])
  })
})
