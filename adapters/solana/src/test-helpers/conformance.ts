import { createPublicKey, verify } from 'node:crypto'
import { walletStandardConnectorId } from '@portico/core'
import {
  BACKPACK_PROFILE,
  PHANTOM_PROFILE,
  SOLANA_PERSONALITIES,
  SOLFLARE_PROFILE,
  type SolanaPersonalityId,
} from '@portico/dev-wallets/solana/personalities'
import {
  createDevWcWallet,
  deterministicKeypair,
  startSolanaDevnet,
  startWalletConnectRelay,
} from '@portico/devnet'
import type { DescribeChainAdapterOptions } from '@portico/devnet/conformance'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  devnet as devnetUrl,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { type SolanaAdapter, solanaAdapter } from '../adapter/index.js'
import { createSolanaDevWallet } from '../dev-wallet/index.js'
import { InvalidWalletAnswerError } from '../errors/index.js'
import { solanaLocalnet } from '../networks/index.js'

/** The WalletConnect wallet's key: funded by an airdrop, moved by no other check. */
const wcKey = deterministicKeypair('portico-solana-conformance-wc')

function ed25519Verify(publicKeyBase58: string, message: Uint8Array, signature: Uint8Array): boolean {
  const x = Buffer.from(getBase58Encoder().encode(publicKeyBase58)).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, message, key, signature)
}

/** The devnet's funded dev keypairs 0 and 1 (fixtures derive them from these labels). */
const devKeys = () => [0, 1].map((i) => deterministicKeypair(`portico-solana-dev-${i}`))

/**
 * The kit options with every check the Solana adapter offers on the local SVM
 * (the app-side network switch needs a second cluster, which the devnet does
 * not run). Run with a `window` global installed (`installWindow`).
 */
export function solanaConformanceOptions(): DescribeChainAdapterOptions<'solana'> & {
  /** A fresh, unbroken adapter. */
  realAdapter(): SolanaAdapter
  /** The local SVM's JSON-RPC URL (once `devnet()` ran). */
  localRpcUrl(): string
} {
  let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnetUrl>>>
  let local: ReturnType<typeof solanaLocalnet>
  const realAdapter = () => solanaAdapter({ networks: [local], discover: true })
  return {
    realAdapter,
    localRpcUrl: () => local.rpcUrls.default.http[0]!,
    name: 'solanaAdapter on the local SVM',
    namespace: 'solana',
    async devnet() {
      const devnet = await startSolanaDevnet()
      local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
      rpc = createSolanaRpc(devnetUrl(devnet.rpcUrl))
      await rpc.requestAirdrop(address(wcKey.address), lamports(10_000_000_000n)).send()
      return {
        caipNetworkId: devnet.caipNetworkId,
        receiver: devnet.fixtures.devKeypairs[2]!.address,
        amount: 1_500_000n,
        balanceOf: async (a) => (await rpc.getBalance(address(a)).send()).value,
        transferRequest: (to, value) => ({ to, value }),
        async feeOf(signature) {
          const tx = await rpc
            .getTransaction(signature as Signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
            .send()
          if (!tx?.meta) throw new Error(`transaction ${signature} not found`)
          return BigInt(tx.meta.fee)
        },
        async verifyMessage({ address: signer, message, signed }) {
          const bytes = signed.signedMessage ?? new TextEncoder().encode(message)
          return ed25519Verify(signer, bytes, new Uint8Array(getBase58Encoder().encode(signed.signature)))
        },
        stop: () => devnet.stop(),
      }
    },
    adapter: realAdapter,
    async devWallet() {
      const keys = devKeys()
      const dev = await createSolanaDevWallet({
        secretKeys: keys.map((k) => k.secretKey),
        rpcUrls: { 'solana:localnet': local.rpcUrls.default.http[0]! },
      })
      let selected = dev.addresses[0]!
      return {
        // Wallet Standard ids are name + icon digest (a wallet cannot take over another's by its name).
        connectorId: walletStandardConnectorId(dev.wallet),
        get address() {
          return selected
        },
        controls: dev,
        install: () => dev.register(),
        switchAccount() {
          selected = dev.addresses[1]!
          dev.selectAccounts([selected])
          return selected
        },
        disconnect: () => dev.selectAccounts([]),
      }
    },
    // Issue 28: the fee shown is the fee charged (5000 lamports a signature plus the priority fee the
    // compute-budget instructions ask for, which this node charges as a cluster does: tolerance 1%),
    // a transfer's outcome is succeeded, Max keeps the rent-exempt minimum and a new account below it
    // is refused, signTransaction signs exactly the message asked, a reload restores the connection,
    // and the same over a real WalletConnect session (5000 → UserRejectedRequestError). (A transfer
    // that lands and fails needs a send without preflight, which the dev wallet does not offer: the
    // adapter's own outcome test covers it.)
    notApplicable: {
      networkSwitch:
        'the devnet runs one litesvm RPC, and a Solana network is its genesis hash: a second entry on the same node would claim a cluster that does not exist. The switch is tested in adapter/adapter.test.ts',
    },
    checks: {
      fees: { overAtMost: 1.01 },
      outcomes: {},
      reserves: {
        kind: 'rent-exempt-minimum',
        newAccount: {
          address: () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32))),
          minimum: async () => BigInt(await rpc.getMinimumBalanceForRentExemption(0n).send()),
        },
      },
      signTransaction: {
        // A SOL transfer built here with kit (not by the adapter) on the node's latest blockhash.
        async request(devnet, from) {
          const payer = createNoopSigner(address(from))
          const { value: lifetime } = await rpc.getLatestBlockhash().send()
          const message = pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayerSigner(payer, m),
            (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
            (m) =>
              appendTransactionMessageInstructions(
                [
                  getTransferSolInstruction({
                    source: payer,
                    destination: address(devnet.receiver),
                    amount: lamports(1_000n),
                  }),
                ],
                m,
              ),
          )
          return { transaction: new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))) }
        },
        // The wallet kept the message, its ed25519 signature is the account's, and the node's
        // simulation (signatures checked) accepts the transaction.
        async verify(result, from, request) {
          const asked = getTransactionDecoder().decode(request.transaction as Uint8Array)
          const signed = getTransactionDecoder().decode(result.signedTransaction)
          if (Buffer.compare(Buffer.from(asked.messageBytes), Buffer.from(signed.messageBytes)) !== 0)
            return false
          const signature = signed.signatures[address(from)]
          if (!signature || !ed25519Verify(from, new Uint8Array(signed.messageBytes), signature)) return false
          const { value } = await rpc
            .simulateTransaction(getBase64EncodedWireTransaction(signed), {
              encoding: 'base64',
              sigVerify: true,
            })
            .send()
          return value.err === null
        },
      },
      restore: true,
      walletConnect: {
        async open(devnet) {
          // WalletConnect's clients take a global `window` for a browser one (storage, visibility
          // events): the stub the injected wallet needs is put aside for the session's life.
          const g = globalThis as { window?: unknown }
          const window = g.window
          delete g.window
          const relay = await startWalletConnectRelay()
          const wallet = await createDevWcWallet({
            relayUrl: relay.url,
            solana: { address: wcKey.address, secretKey: wcKey.secretKey },
            rpcUrls: { [devnet.caipNetworkId]: local.rpcUrls.default.http[0]! },
          })
          return {
            relayUrl: relay.url,
            wallet,
            address: wcKey.address,
            async stop() {
              await wallet.stop()
              await relay.stop()
              if (window !== undefined) g.window = window
            },
          }
        },
      },
      invalidWalletResponseError: InvalidWalletAnswerError,
    },
  }
}

/**
 * The kit for one emulated wallet (`@portico/dev-wallets/solana/personalities`)
 * on its own local SVM: the Portico Dev Wallet's checks, the wallet
 * registered through the Wallet Standard in its own dialect, its account
 * switch and its site disconnect done on the wallet's side. The WalletConnect
 * check is the dev wallet's (a personality is an injected wallet).
 */
export function solanaPersonalityOptions(id: SolanaPersonalityId): DescribeChainAdapterOptions<'solana'> {
  const base = solanaConformanceOptions()
  const { name } = { phantom: PHANTOM_PROFILE, solflare: SOLFLARE_PROFILE, backpack: BACKPACK_PROFILE }[id]
  const { walletConnect: _dev, ...checks } = base.checks ?? {}
  const { realAdapter: _real, localRpcUrl: _url, ...options } = base
  return {
    ...options,
    name: `solanaAdapter on the local SVM, ${name}`,
    matrix: { wallet: name },
    async devWallet() {
      const personality = await SOLANA_PERSONALITIES[id]({
        secretKeys: devKeys().map((k) => k.secretKey),
        rpcUrls: { 'solana:localnet': base.localRpcUrl() },
      })
      return {
        connectorId: walletStandardConnectorId(personality.wallet),
        get address() {
          return personality.address
        },
        controls: personality.controls,
        install: () => personality.install(),
        switchAccount: () => personality.switchAccount(1),
        disconnect: () => personality.disconnectSite(),
      }
    },
    checks,
  }
}
