import { createPublicKey, verify } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EvmDevnet, startEvmDevnet } from '../../evm/devnet.js'
import { type SolanaDevnet, startSolanaDevnet } from '../../solana/server.js'
import { watchOutboundConnections } from '../loopback-guard.js'
import { startWalletConnectRelay, type WalletConnectRelay } from '../relay.js'
import { createMemoryKeyValueStorage } from '../storage.js'
import { sessionError } from './errors.js'
import { createDevWcWallet, type DevWcWallet } from './wallet.js'

type SignClient = InstanceType<typeof SignClientClass>

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

describe('dev WalletConnect wallet (real sign-client, loopback relay, anvil + local SVM)', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let evm: EvmDevnet
  let sol: SolanaDevnet
  let dapp: SignClient
  let wallet: DevWcWallet
  let session: SessionTypes.Struct
  let chainA: string
  let chainB: string

  const request = <T>(chainId: string, method: string, params: unknown) =>
    dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

  async function propose(
    namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>,
  ) {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    const [, settled] = await Promise.allSettled([wallet.pair(uri!), approval()])
    return settled
  }

  beforeAll(async () => {
    ;[relay, evm, sol] = await Promise.all([startWalletConnectRelay(), startEvmDevnet(), startSolanaDevnet()])
    chainA = `eip155:${evm.chains[0]!.chainId}`
    chainB = `eip155:${evm.chains[1]!.chainId}`
    const { SignClient } = await import('@walletconnect/sign-client')
    dapp = await SignClient.init({
      projectId: 'local',
      relayUrl: relay.url,
      telemetryEnabled: false,
      customStoragePrefix: 'dev-wc-wallet-test-dapp',
      storage: createMemoryKeyValueStorage() as never,
      logger: 'silent',
      metadata: { name: 'test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
    })
    const solKey = sol.fixtures.devKeypairs[0]!
    wallet = await createDevWcWallet({
      relayUrl: relay.url,
      rpcUrls: { [chainA]: evm.chains[0]!.rpcUrl, [sol.caipNetworkId]: sol.rpcUrl },
      solana: { address: solKey.address, secretKey: [...solKey.secretKey] },
    })
    const settled = await propose({
      eip155: {
        chains: [chainA],
        methods: [
          'personal_sign',
          'eth_sendTransaction',
          'wallet_switchEthereumChain',
          'wallet_addEthereumChain',
        ],
        events: ['accountsChanged', 'chainChanged'],
      },
      solana: {
        chains: [sol.caipNetworkId],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: [],
      },
    })
    if (settled.status !== 'fulfilled') throw settled.reason
    session = settled.value
  })

  afterAll(async () => {
    dapp?.core.heartbeat.stop()
    await dapp?.core.relayer.transportClose()
    await wallet?.stop()
    await Promise.all([relay?.stop(), evm?.stop(), sol?.stop()])
    guard.restore()
  })

  it('approves eip155 and solana with its own accounts, the methods it implements, and no eth_sign', () => {
    expect(session.namespaces.eip155).toMatchObject({
      chains: [chainA],
      accounts: [`${chainA}:${wallet.address}`],
    })
    expect(session.namespaces.eip155!.methods).not.toContain('eth_sign')
    expect(session.namespaces.solana).toMatchObject({
      chains: [sol.caipNetworkId],
      accounts: [`${sol.caipNetworkId}:${wallet.solanaAddress}`],
    })
    expect(session.namespaces.solana!.methods).toEqual(
      expect.arrayContaining([
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAndSendTransaction',
      ]),
    )
  })

  it('personal_sign: the signature verifies for the wallet address; tamperNext gives a 64-byte one once', async () => {
    const signature = await request<Hex>(chainA, 'personal_sign', ['0x48656c6c6f', wallet.address])
    expect(
      await verifyMessage({ address: wallet.address, message: { raw: '0x48656c6c6f' }, signature }),
    ).toBe(true)
    wallet.tamperNext('signature')
    expect(await request<Hex>(chainA, 'personal_sign', ['0x01', wallet.address])).toMatch(/^0x[0-9a-f]{128}$/)
    // Another account than the session's is refused (4100).
    await expect(
      request(chainA, 'personal_sign', ['0x01', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8']),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('eth_sendTransaction lands on anvil and moves the receiver balance by the value', async () => {
    const client = createPublicClient({ transport: http(evm.chains[0]!.rpcUrl) })
    const to = '0x000000000000000000000000000000000000dEaD'
    const before = await client.getBalance({ address: to })
    const hash = await request<Hex>(chainA, 'eth_sendTransaction', [
      { from: wallet.address, to, value: `0x${parseEther('0.5').toString(16)}` },
    ])
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.5'))
  })

  it('wallet_switchEthereumChain to an unknown chain fails with 4902; wallet_addEthereumChain adds it and switches', async () => {
    const hexB = `0x${evm.chains[1]!.chainId.toString(16)}`
    await expect(request(chainA, 'wallet_switchEthereumChain', [{ chainId: hexB }])).rejects.toMatchObject({
      code: 4902,
    })
    const changed = new Promise<unknown>((resolve) =>
      dapp.events.once('session_event', (e: { params: { event: { name: string; data: unknown } } }) =>
        resolve(e.params.event),
      ),
    )
    // Only loopback RPCs are added (a dApp names the URL).
    await expect(
      request(chainA, 'wallet_addEthereumChain', [{ chainId: hexB, rpcUrls: ['https://rpc.example.com'] }]),
    ).rejects.toMatchObject({ code: -32602 })
    await request(chainA, 'wallet_addEthereumChain', [
      { chainId: hexB, chainName: 'B', rpcUrls: [evm.chains[1]!.rpcUrl], nativeCurrency: { decimals: 18 } },
    ])
    expect(await changed).toEqual({ name: 'chainChanged', data: evm.chains[1]!.chainId })
    expect(dapp.session.get(session.topic).namespaces.eip155!.chains).toEqual([chainA, chainB])
  })

  it('solana_signMessage: an ed25519 signature of the base58 message that verifies with the account key', async () => {
    const message = new TextEncoder().encode('Sign in to Portico')
    const { signature } = await request<{ signature: string }>(sol.caipNetworkId, 'solana_signMessage', {
      message: getBase58Decoder().decode(message),
      pubkey: wallet.solanaAddress,
    })
    const publicKey = new Uint8Array(getBase58Encoder().encode(wallet.solanaAddress!))
    expect(ed25519Verify(publicKey, message, new Uint8Array(getBase58Encoder().encode(signature)))).toBe(true)
  })

  async function transfer(amount: bigint) {
    const rpc = createSolanaRpc(sol.rpcUrl)
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const payer = createNoopSigner(address(wallet.solanaAddress!))
    const to = address(sol.fixtures.devKeypairs[1]!.address)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: payer, destination: to, amount: lamports(amount) }),
          m,
        ),
    )
    const wire = getBase64Decoder().decode(
      new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))),
    )
    return { rpc, to, wire }
  }

  it('solana_signTransaction returns the transaction signed by the account (signature in the fee payer slot)', async () => {
    const { wire } = await transfer(1_000n)
    const out = await request<{ signature: string; transaction: string }>(
      sol.caipNetworkId,
      'solana_signTransaction',
      {
        transaction: wire,
      },
    )
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(out.transaction))
    const slot = signed.signatures[address(wallet.solanaAddress!)]!
    expect(getBase58Decoder().decode(slot)).toBe(out.signature)
    const publicKey = new Uint8Array(getBase58Encoder().encode(wallet.solanaAddress!))
    expect(ed25519Verify(publicKey, new Uint8Array(signed.messageBytes), new Uint8Array(slot))).toBe(true)
  })

  it('solana_signAndSendTransaction sends a real transfer: receiver +amount, sender −(amount + 5000 lamports fee)', async () => {
    const { rpc, to, wire } = await transfer(250_000n)
    const from = address(wallet.solanaAddress!)
    const [senderBefore, receiverBefore] = await Promise.all([
      rpc.getBalance(from).send(),
      rpc.getBalance(to).send(),
    ])
    const { signature } = await request<{ signature: string }>(
      sol.caipNetworkId,
      'solana_signAndSendTransaction',
      {
        transaction: wire,
      },
    )
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(to).send()).value).toBe(receiverBefore.value + 250_000n)
    expect((await rpc.getBalance(from).send()).value).toBe(senderBefore.value - 250_000n - 5_000n)
  })

  it('behaviour switch: rejectNext answers 4001; rejectNext(sessionError(5002)) answers 5002; hold waits for release', async () => {
    wallet.rejectNext()
    await expect(request(chainA, 'personal_sign', ['0x01', wallet.address])).rejects.toMatchObject({
      code: 4001,
    })
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', outcome: 'rejected' })
    wallet.rejectNext(sessionError(5002))
    await expect(request(chainA, 'personal_sign', ['0x01', wallet.address])).rejects.toMatchObject({
      code: 5002,
    })
    wallet.holdNext()
    const later = request<Hex>(chainA, 'personal_sign', ['0x02', wallet.address])
    const held = await wallet.nextHeld()
    expect(held.method).toBe('personal_sign')
    held.release()
    expect(await later).toMatch(/^0x[0-9a-f]{130}$/)
    // Reads never ask the user.
    wallet.setBehaviour('reject')
    expect(await request(chainA, 'eth_chainId', [])).toBe(`0x${evm.chains[0]!.chainId.toString(16)}`)
    wallet.setBehaviour('approve')
  })

  it('proposals: rejectNext(sessionError(5001)) refuses the session with 5001; tamperNext("accounts") approves a malformed account', async () => {
    wallet.rejectNext(sessionError(5001))
    const refused = await propose({ eip155: { chains: [chainA], methods: ['personal_sign'], events: [] } })
    expect(refused.status).toBe('rejected')
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 5001 })

    wallet.tamperNext('accounts')
    const tampered = await propose({ eip155: { chains: [chainA], methods: ['personal_sign'], events: [] } })
    expect(tampered.status).toBe('fulfilled')
    const accounts = (tampered as PromiseFulfilledResult<SessionTypes.Struct>).value.namespaces.eip155!
      .accounts
    expect(accounts[0]).not.toBe(`${chainA}:${wallet.address}`)
    expect(accounts[0]).toMatch(/0OIl$/)
  })

  it('sends nothing beyond 127.0.0.1', () => {
    expect(guard.nonLoopback()).toEqual([])
  })
})
