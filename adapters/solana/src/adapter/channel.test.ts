import { createPublicKey, verify } from 'node:crypto'
import {
  type CaipAddress,
  type CaipNetworkId,
  InvalidCaipAddressError,
  MethodNotSupportedError,
  type RequestChannel,
  UnsupportedChainError,
} from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  address,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  type Signature,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaDevnet, solanaLocalnet } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { solanaAdapter } from './index.js'

const WC = 'walletConnect'
let devnet: SolanaDevnet
let dev: SolanaDevWallet
let local: ReturnType<typeof solanaLocalnet>

/**
 * A request channel as a plugin hands it over, whose far end is a real wallet
 * (the Solana dev wallet on the local SVM) answering the WalletConnect Solana
 * methods: what a session relays. `fail` scripts a session error.
 */
function sessionTo(
  grant: CaipNetworkId[],
  options: { fail?: (method: string) => unknown; accounts?: () => readonly CaipAddress[] } = {},
) {
  const sent: string[] = []
  const features = dev.wallet.features as unknown as SolanaSignMessageFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignTransactionFeature
  const b58 = { enc: getBase58Encoder(), dec: getBase58Decoder() }
  const channel: RequestChannel = {
    namespace: 'solana',
    async request({ method, params }) {
      sent.push(method)
      const failure = options.fail?.(method)
      if (failure) throw failure
      const p = params as { message?: string; transaction?: string; pubkey: string }
      const account = dev.wallet.accounts.find((a) => a.address === p.pubkey)!
      if (method === 'solana_signMessage') {
        const [out] = await features['solana:signMessage'].signMessage({
          account,
          message: new Uint8Array(b58.enc.encode(p.message!)),
        })
        return { signature: b58.dec.decode(out!.signature) } as never
      }
      if (method === 'solana_signAndSendTransaction') {
        const [out] = await features['solana:signAndSendTransaction'].signAndSendTransaction({
          account,
          transaction: new Uint8Array(getBase64Encoder().encode(p.transaction!)),
          chain: 'solana:localnet',
        })
        return { signature: b58.dec.decode(out!.signature) } as never
      }
      throw Object.assign(new Error('unsupported'), { code: 5101 })
    },
    accounts:
      options.accounts ?? (() => grant.flatMap((c) => dev.addresses.map((a) => `${c}:${a}` as CaipAddress))),
    chains: () => grant,
    on: () => () => {},
  }
  return { channel, sent }
}

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  dev = await createSolanaDevWallet({
    secretKeys: devnet.fixtures.devKeypairs.slice(1, 2).map((k) => k.secretKey),
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  // The wallet approved the session (as a WalletConnect wallet does).
  await (dev.wallet.features as unknown as StandardConnectFeature)['standard:connect'].connect()
})
afterAll(async () => {
  await devnet?.stop()
})

function setup() {
  const adapter = solanaAdapter({ networks: [local, solanaDevnet] })
  void adapter.setup(createTestContext().ctx)
  return adapter
}

describe('solanaAdapter driving a plugin request channel (WalletConnect session) to a real wallet', () => {
  it('connects from the session accounts, signs with solana_signMessage (verifies with ed25519) and declares no other methods than it drives', async () => {
    const adapter = setup()
    expect(adapter.channel.methods).toEqual([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ])
    const { channel, sent } = sessionTo([local.caipNetworkId])
    const result = await adapter.connect({ connectorId: WC, channel })
    const signer = devnet.fixtures.devKeypairs[1]!
    expect(result).toEqual({
      accounts: [
        {
          namespace: 'solana',
          address: signer.address,
          caipAddress: `${local.caipNetworkId}:${signer.address}`,
          type: 'eoa',
        },
      ],
      caipNetworkId: local.caipNetworkId,
    })
    const { signature } = await adapter.signMessage({
      connectorId: WC,
      address: signer.address,
      message: 'over WC',
    })
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(signer.publicKey).toString('base64url') },
      format: 'jwk',
    })
    expect(
      verify(null, Buffer.from('over WC'), key, new Uint8Array(getBase58Encoder().encode(signature))),
    ).toBe(true)
    expect(sent).toEqual(['solana_signMessage'])
  })

  it('a { to, value } send builds a real transfer, sends it with solana_signAndSendTransaction, and moves the balances', async () => {
    const adapter = setup()
    const { channel, sent } = sessionTo([local.caipNetworkId])
    await adapter.connect({ connectorId: WC, channel })
    const rpc = createSolanaRpc(devnet.rpcUrl)
    const to = devnet.fixtures.devKeypairs[2]!.address
    const before = (await rpc.getBalance(address(to)).send()).value
    const hash = await adapter.sendTransaction({ connectorId: WC, request: { to, value: 1_234_567n } })
    const status = await rpc.getSignatureStatuses([hash as Signature]).send()
    expect(status.value[0]).toMatchObject({ err: null })
    expect((await rpc.getBalance(address(to)).send()).value).toBe(before + 1_234_567n)
    expect(sent).toEqual(['solana_signAndSendTransaction'])
  })

  it('session errors 5001–5003 are unsupported-chain / unsupported-method errors; switching is limited to the session clusters', async () => {
    const adapter = setup()
    const codes: Record<string, number> = { solana_signMessage: 5002, solana_signAndSendTransaction: 5001 }
    const { channel } = sessionTo([local.caipNetworkId], {
      fail: (m) => (codes[m] ? Object.assign(new Error('session says no'), { code: codes[m] }) : undefined),
    })
    await adapter.connect({ connectorId: WC, channel })
    const signer = devnet.fixtures.devKeypairs[1]!.address
    await expect(
      adapter.signMessage({ connectorId: WC, address: signer, message: 'x' }),
    ).rejects.toBeInstanceOf(MethodNotSupportedError)
    await expect(
      adapter.sendTransaction({ connectorId: WC, request: { to: signer, value: 1n } }),
    ).rejects.toBeInstanceOf(UnsupportedChainError)
    await expect(
      adapter.switchNetwork({ connectorId: WC, caipNetworkId: solanaDevnet.caipNetworkId }),
    ).rejects.toBeInstanceOf(UnsupportedChainError)
  })

  it('bad session answers give typed errors: a malformed account, a signature that is not 64 bytes', async () => {
    const adapter = setup()
    const malformed = sessionTo([local.caipNetworkId], {
      accounts: () => [`${local.caipNetworkId}:0xnot-base58` as CaipAddress],
    })
    await expect(adapter.connect({ connectorId: WC, channel: malformed.channel })).rejects.toBeInstanceOf(
      InvalidCaipAddressError,
    )
    const good = sessionTo([local.caipNetworkId])
    await adapter.connect({ connectorId: WC, channel: good.channel })
    good.channel.request = async () => ({ signature: getBase58Decoder().decode(new Uint8Array(10)) }) as never
    await expect(
      adapter.signMessage({
        connectorId: WC,
        address: devnet.fixtures.devKeypairs[1]!.address,
        message: 'x',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_WALLET_RESPONSE' })
  })
})
