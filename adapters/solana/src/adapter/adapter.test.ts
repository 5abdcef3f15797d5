import { createPublicKey, verify } from 'node:crypto'
import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  AmountAndReceiverRequiredError,
  formatBalance,
  formatUnits,
  NetworkNotFoundError,
  parseUnits,
  TokenBalanceUnavailableError,
  UserRejectedRequestError,
  walletStandardConnectorId,
} from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { address, createSolanaRpc, getBase58Encoder, type Signature } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaDevWallet, SOLANA_DEV_WALLET_NAME, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaDevnet, solanaLocalnet } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import { type SolanaAdapter, solanaAdapter } from './index.js'

// Its connector id: core's Wallet Standard rule (name + icon digest), resolved once the wallet exists.
let DEV_CONNECTOR: string
const SOL = 1_000_000_000n

let uninstallWindow: () => void
let devnet: SolanaDevnet
let dev: SolanaDevWallet
let unregisterDev: () => void
let adapter: SolanaAdapter
let test: ReturnType<typeof createTestContext>
let local: ReturnType<typeof solanaLocalnet>
let rpc: ReturnType<typeof createSolanaRpc>

function nextEvent<E extends keyof AdapterEvents>(event: E): Promise<AdapterEvents[E]> {
  return new Promise((resolve) => {
    const off = adapter.on(event, (payload) => {
      off()
      resolve(payload)
    })
  })
}

beforeAll(async () => {
  uninstallWindow = installWindow()
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnet.rpcUrl)
  local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  dev = await createSolanaDevWallet({
    secretKeys: devnet.fixtures.devKeypairs.slice(0, 2).map((k) => k.secretKey),
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  DEV_CONNECTOR = walletStandardConnectorId(dev.wallet)
  // Registered before the app looks: the app-ready handshake must still find it.
  unregisterDev = dev.register()
  test = createTestContext()
  adapter = solanaAdapter({
    networks: [local, solanaDevnet],
    tokens: [{ mint: devnet.fixtures.splMint.mint, symbol: 'PUSD', name: 'Portico USD' }],
    discover: true,
  })
  await adapter.setup(test.ctx)
})

afterAll(async () => {
  adapter?.destroy?.()
  unregisterDev?.()
  await devnet?.stop()
  uninstallWindow?.()
})

describe('solanaAdapter against the local SVM (litesvm over HTTP)', () => {
  it('discovers the dev wallet through the Wallet Standard as an announced connector', () => {
    const connector = adapter.getConnectors().find((c) => c.id === DEV_CONNECTOR)
    expect(connector).toMatchObject({
      type: 'ANNOUNCED',
      name: SOLANA_DEV_WALLET_NAME,
      chain: 'solana',
      installed: true,
    })
    expect(connector?.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(test.latest().map((c) => c.id)).toContain(DEV_CONNECTOR)
  })

  it('wallets appear live as they register and go when they unregister; metadata is sanitized', async () => {
    const other = await createSolanaDevWallet({
      secretKeys: [devnet.fixtures.devKeypairs[2]!.secretKey],
      name: `\u202eEvil\u0000 Wallet ${'x'.repeat(100)}`,
      icon: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+' as `data:image/svg+xml;base64,${string}`,
    })
    const off = other.register()
    const added = test.latest().find((c) => c.id !== DEV_CONNECTOR)
    expect(added?.name).toMatch(/^Evil Wallet x+…$/)
    expect([...(added?.name ?? '')]).toHaveLength(64)
    expect(added?.imageUrl).toBeUndefined() // an SVG with an onload handler is dropped
    off()
    expect(test.latest().map((c) => c.id)).toEqual([DEV_CONNECTOR])
  })

  it('uses CAIP-2 solana:<genesis prefix> for the local SVM', async () => {
    expect(local.caipNetworkId).toBe(devnet.caipNetworkId)
    expect(local.caipNetworkId).toBe(`solana:${(await rpc.getGenesisHash().send()).slice(0, 32)}`)
  })

  it('connects to the dev wallet: its accounts on the requested network', async () => {
    const result = await adapter.connect({ connectorId: DEV_CONNECTOR, caipNetworkId: local.caipNetworkId })
    expect(result.caipNetworkId).toBe(local.caipNetworkId)
    expect(result.accounts.map((a) => a.address)).toEqual(
      devnet.fixtures.devKeypairs.slice(0, 2).map((k) => k.address),
    )
    expect(result.accounts[0]).toMatchObject({ namespace: 'solana', type: 'eoa' })
    const { accounts } = await adapter.getAccounts({ connectorId: DEV_CONNECTOR })
    expect(accounts).toHaveLength(2)
  })

  it('reads the SOL balance (9 decimals, SPEC §5 truncated display)', async () => {
    const balance = await adapter.getBalance({
      address: devnet.fixtures.devKeypairs[1]!.address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(balance).toEqual({ value: 100n * SOL, decimals: 9, symbol: 'SOL', formatted: '100.000' })
  })

  it('reads SPL token balances with the mint decimals and the configured symbol', async () => {
    const { mint, devTokenAmount } = devnet.fixtures.splMint
    const tokens = await adapter.getTokenBalances!({
      address: devnet.fixtures.devKeypairs[0]!.address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(tokens).toEqual([
      {
        token: mint,
        value: devTokenAmount,
        decimals: 6,
        symbol: 'PUSD',
        name: 'Portico USD',
        formatted: '1234.500',
      },
    ])
    const none = await adapter.getTokenBalances!({
      address: devnet.fixtures.devKeypairs[1]!.address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(none).toEqual([])
  })

  it('signs a message; the ed25519 signature verifies against the account public key', async () => {
    const signer = devnet.fixtures.devKeypairs[0]!
    const message = 'Sign in to Portico\nnonce: 42'
    const { signature, publicKey } = await adapter.signMessage({
      connectorId: DEV_CONNECTOR,
      address: signer.address,
      message,
    })
    expect(publicKey).toBe(`0x${Buffer.from(signer.publicKey).toString('hex')}`)
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    expect(bytes).toHaveLength(64)
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(signer.publicKey).toString('base64url') },
      format: 'jwk',
    })
    expect(verify(null, Buffer.from(message), key, bytes)).toBe(true)
    expect(verify(null, Buffer.from(`${message}!`), key, bytes)).toBe(false)
  })

  it('transfers SOL through solana:signAndSendTransaction; both balances change', async () => {
    const from = devnet.fixtures.devKeypairs[0]!.address
    const to = devnet.fixtures.devKeypairs[2]!.address
    const before = {
      from: (await rpc.getBalance(address(from)).send()).value,
      to: (await rpc.getBalance(address(to)).send()).value,
    }
    const signature = await adapter.sendTransaction({
      connectorId: DEV_CONNECTOR,
      request: { to, value: parseUnits('2.5', 9) },
    })
    const status = await rpc.getSignatureStatuses([signature as Signature]).send()
    expect(status.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const after = await adapter.getBalance({ address: to, caipNetworkId: local.caipNetworkId })
    expect(after.value).toBe(before.to + 2_500_000_000n)
    expect(after.formatted).toBe('12.500')
    expect((await rpc.getBalance(address(from)).send()).value).toBe(before.from - 2_500_000_000n - 5000n)
  })

  it('estimateFee gives the fee for the transfer as a SOL Balance (5000 lamports per signature)', async () => {
    const fee = await adapter.estimateFee({
      caipNetworkId: local.caipNetworkId,
      address: devnet.fixtures.devKeypairs[0]!.address,
      request: { to: devnet.fixtures.devKeypairs[1]!.address, value: 1n },
    })
    expect(fee).toEqual({
      value: 5000n,
      decimals: 9,
      symbol: 'SOL',
      formatted: formatBalance(formatUnits(5000n, 9)),
    })
    await expect(
      adapter.estimateFee({
        caipNetworkId: local.caipNetworkId,
        request: { to: dev.addresses[1]!, value: 1n },
      }),
    ).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
  })

  it('falls back to solana:signTransaction + RPC send for wallets without signAndSend', async () => {
    const { 'solana:signAndSendTransaction': _omit, ...features } = dev.wallet.features
    const signOnly: Wallet = {
      version: '1.0.0',
      name: 'Sign Only Wallet',
      icon: dev.wallet.icon,
      chains: dev.wallet.chains,
      features,
      get accounts() {
        return dev.wallet.accounts
      },
    }
    const own = solanaAdapter({ networks: [local], wallets: [signOnly] })
    await own.setup(createTestContext().ctx)
    await own.connect({ connectorId: walletStandardConnectorId(signOnly) })
    const to = devnet.fixtures.devKeypairs[2]!.address
    const before = (await rpc.getBalance(address(to)).send()).value
    const signature = await own.sendTransaction({
      connectorId: walletStandardConnectorId(signOnly),
      request: { from: devnet.fixtures.devKeypairs[1]!.address, to, value: 1_000n },
    })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(address(to)).send()).value).toBe(before + 1_000n)
    own.destroy?.()
  })

  it('a user rejection in the wallet becomes UserRejectedRequestError (4001), then the wallet approves again', async () => {
    const signer = devnet.fixtures.devKeypairs[0]!.address
    dev.setBehaviour('reject-next')
    const rejected = adapter.signMessage({ connectorId: DEV_CONNECTOR, address: signer, message: 'no' })
    await expect(rejected).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(rejected).rejects.toMatchObject({ code: 4001 })
    expect(dev.behaviour).toBe('approve')

    const before = (await rpc.getBalance(address(signer)).send()).value
    dev.setBehaviour('reject-next')
    await expect(
      adapter.sendTransaction({
        connectorId: DEV_CONNECTOR,
        request: { to: devnet.fixtures.devKeypairs[1]!.address, value: 1n },
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect((await rpc.getBalance(address(signer)).send()).value).toBe(before)
    await expect(
      adapter.signMessage({ connectorId: DEV_CONNECTOR, address: signer, message: 'yes' }),
    ).resolves.toMatchObject({ signature: expect.any(String) })
  })

  it('hold keeps the request pending until release (approve or reject)', async () => {
    const signer = devnet.fixtures.devKeypairs[0]!.address
    dev.setBehaviour('hold')
    const held = adapter.signMessage({ connectorId: DEV_CONNECTOR, address: signer, message: 'later' })
    let settled = false
    void held.then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    expect(dev.pending).toHaveLength(1)
    dev.release()
    await expect(held).resolves.toMatchObject({ signature: expect.any(String) })
    const refused = adapter.signMessage({ connectorId: DEV_CONNECTOR, address: signer, message: 'never' })
    await new Promise((r) => setTimeout(r, 10))
    dev.release('reject')
    await expect(refused).rejects.toBeInstanceOf(UserRejectedRequestError)
    dev.setBehaviour('approve')
  })

  it('emits accountsChanged when the wallet switches accounts, disconnect when it drops them all', async () => {
    const second = devnet.fixtures.devKeypairs[1]!.address
    const changed = nextEvent('accountsChanged')
    dev.selectAccounts([second])
    expect((await changed).accounts.map((a) => a.address)).toEqual([second])
    const dropped = nextEvent('disconnect')
    dev.selectAccounts([])
    await dropped
    await expect(
      adapter.signMessage({ connectorId: DEV_CONNECTOR, address: second, message: 'x' }),
    ).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
    dev.selectAccounts(dev.addresses)
  })

  it('switches between configured networks only, announcing chainChanged', async () => {
    await adapter.connect({ connectorId: DEV_CONNECTOR, caipNetworkId: local.caipNetworkId })
    const changed = nextEvent('chainChanged')
    await adapter.switchNetwork({ connectorId: DEV_CONNECTOR, caipNetworkId: solanaDevnet.caipNetworkId })
    const event = await changed
    expect(event).toMatchObject({ connectorId: DEV_CONNECTOR, caipNetworkId: solanaDevnet.caipNetworkId })
    // The adapter re-composed the accounts' CAIP-10 ids for the new cluster.
    expect(event.accounts?.[0]?.caipAddress.startsWith(`${solanaDevnet.caipNetworkId}:`)).toBe(true)
    await expect(
      adapter.switchNetwork({ connectorId: DEV_CONNECTOR, caipNetworkId: 'solana:unknown' }),
    ).rejects.toBeInstanceOf(NetworkNotFoundError)
    await adapter.switchNetwork({ connectorId: DEV_CONNECTOR, caipNetworkId: local.caipNetworkId })
  })

  it('rejects bad input with typed errors', async () => {
    await expect(
      adapter.sendTransaction({ connectorId: DEV_CONNECTOR, request: { value: 1n } as never }),
    ).rejects.toBeInstanceOf(AmountAndReceiverRequiredError)
    await expect(
      adapter.getBalance({
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        caipNetworkId: local.caipNetworkId,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    const offline = solanaLocalnet({
      rpcUrl: 'http://127.0.0.1:9',
      genesisHash: devnet.genesisHash,
      name: 'Down',
    })
    const broken = solanaAdapter({ networks: [offline] })
    await expect(
      broken.getBalance({
        address: devnet.fixtures.devKeypairs[0]!.address,
        caipNetworkId: offline.caipNetworkId,
      }),
    ).rejects.toBeInstanceOf(TokenBalanceUnavailableError)
  })

  it('disconnect ends the session and the wallet forgets the app', async () => {
    await adapter.disconnect({ connectorId: DEV_CONNECTOR })
    expect(dev.wallet.accounts).toEqual([])
    await expect(
      adapter.sendTransaction({ connectorId: DEV_CONNECTOR, request: { to: dev.addresses[1]!, value: 1n } }),
    ).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
  })
})
