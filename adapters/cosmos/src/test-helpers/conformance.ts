// The conformance kit's options for the Cosmos adapter on the Cosmos chain
// simulator (devnet/src/cosmos: a CometBFT JSON-RPC + REST server over a strict
// auth/bank state machine — no Cosmos SDK node can be installed on these
// machines), with the Keplr-API dev wallet on a window-like target. Shared by
// cosmos.conformance.test.ts (the suite) and conformance-kit.test.ts (the kit's
// own test on adapters broken one behaviour at a time).
import { encodeSecp256k1Pubkey, pubkeyToAddress } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, fromHex, toBase64 } from '@cosmjs/encoding'
import {
  decodeTxRaw,
  encodePubkey,
  makeAuthInfoBytes,
  makeSignBytes,
  makeSignDoc,
  Registry,
} from '@cosmjs/proto-signing'
import { defaultRegistryTypes, StargateClient } from '@cosmjs/stargate'
import type { ChainAdapter } from '@portico/core'
import { COSMOS_PERSONALITIES, type CosmosPersonalityId } from '@portico/dev-wallets/cosmos/personalities'
import {
  type CosmosDevnet,
  createDevWcWallet,
  startCosmosDevnet,
  startWalletConnectRelay,
} from '@portico/devnet'
import type { ConformanceDevnet, DescribeChainAdapterOptions } from '@portico/devnet/conformance'
import { cosmosAdapter } from '../adapter/index.js'
import type { CosmosSignTransactionResult } from '../adapter/types.js'
import { createCosmosDevWallet } from '../dev-wallet/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { type CosmosNetwork, cosmosLocalHub, cosmosLocalOsmo } from '../networks/index.js'
import { cosmosConnectorId } from '../wallets/index.js'

const HUB = 'portico-hub-1'

/** The simulator's two chains, as adapter networks, and a CosmJS client on the hub. */
export interface Local {
  sim: CosmosDevnet
  hub: CosmosNetwork
  osmo: CosmosNetwork
  client: StargateClient
}

export async function startLocal(): Promise<Local> {
  const sim = await startCosmosDevnet()
  const [hubChain, osmoChain] = sim.chains
  const hub = cosmosLocalHub({ rpcUrl: hubChain!.rpcUrl, restUrl: hubChain!.restUrl })
  const osmo = cosmosLocalOsmo({ rpcUrl: osmoChain!.rpcUrl, restUrl: osmoChain!.restUrl })
  const client = await StargateClient.connect(hubChain!.rpcUrl)
  return { sim, hub, osmo, client }
}

let shared: Promise<Local> | undefined
/**
 * One simulator for every suite of a test file (the per-wallet suites run one
 * after another on it; `stopSharedLocal` in the file's afterAll ends it).
 */
export function sharedLocal(): Promise<Local> {
  shared ??= startLocal()
  return shared
}
export async function stopSharedLocal(): Promise<void> {
  const local = await shared
  shared = undefined
  if (!local) return
  local.client.disconnect()
  await local.sim.stop()
}

/** The fixture account's public key as a protobuf `Any` (what an AuthInfo signer carries). */
function pubkeyAny(publicKeyHex: string) {
  return encodePubkey(encodeSecp256k1Pubkey(fromHex(publicKeyHex)))
}

/**
 * A direct sign doc of a 5-uatom MsgSend from `from`, built with CosmJS's own
 * proto-signing (not the adapter): what the kit's signTransaction check asks
 * the wallet to sign.
 */
function transferSignDoc(from: string, to: string, publicKeyHex: string, accountNumber: number) {
  const registry = new Registry(defaultRegistryTypes)
  const bodyBytes = registry.encode({
    typeUrl: '/cosmos.tx.v1beta1.TxBody',
    value: {
      messages: [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: to, amount: [{ denom: 'uatom', amount: '5' }] },
        },
      ],
      memo: 'portico conformance',
    },
  })
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey: pubkeyAny(publicKeyHex), sequence: 0 }],
    [{ denom: 'uatom', amount: '5000' }],
    200_000,
    undefined,
    undefined,
  )
  return makeSignDoc(bodyBytes, authInfoBytes, HUB, accountNumber)
}

/**
 * The kit options for the Cosmos adapter on the simulator, signing `mode`
 * (direct, or amino as a Ledger-style account), with every check it offers.
 * With `personality`, the wallet is that emulation (@portico/dev-wallets/cosmos/personalities)
 * at its own window path, knowing only the hub (the switch to the second chain goes
 * through `experimentalSuggestChain`), on the file's shared simulator; the
 * WalletConnect check stays with the Portico dev wallet.
 */
export function cosmosConformanceOptions(
  mode: 'direct' | 'amino',
  personality?: CosmosPersonalityId,
): DescribeChainAdapterOptions<'cosmos'> & {
  /** A fresh, unbroken adapter (once the devnet and a dev wallet are up). */
  realAdapter(): ChainAdapter<'cosmos'>
} {
  let local: Local
  /** A fixture account's public key (hex) by its hub address. */
  const keyOf = (address: string) =>
    local.sim.fixtures.accounts.find((a) => a.addresses[HUB] === address)!.publicKey
  // The window-like target of the current test's dev wallet (the adapter discovers under it).
  let win: EventTarget
  const realAdapter = () => cosmosAdapter({ networks: [local.hub, local.osmo], window: win, discover: true })
  /** The emulated wallet: at its own path under the window, the hub only known, its own keystore event. */
  function personalityWallet(id: CosmosPersonalityId) {
    const { sim } = local
    const hubChain = sim.chains[0]!
    const wallet = COSMOS_PERSONALITIES[id]({
      chains: [
        {
          chainId: hubChain.chainId,
          bech32Prefix: hubChain.bech32Prefix,
          rpc: hubChain.rpcUrl,
          rest: hubChain.restUrl,
        },
      ],
    })
    win = new EventTarget()
    let selected = 0
    const addressOf = (i: number) => sim.fixtures.accounts[i]!.addresses[HUB]!
    return {
      connectorId: cosmosConnectorId(wallet.profile.path),
      get address() {
        return addressOf(selected)
      },
      controls: wallet.controls,
      install() {
        const undo = wallet.install(win)
        // An extension's object is there once the page has loaded: the adapter looks again then.
        win.dispatchEvent(new Event('load'))
        return undo
      },
      switchAccount() {
        selected = 1
        wallet.switchAccount(1)
        return addressOf(1)
      },
      disconnect: () => wallet.disconnect(),
    }
  }

  return {
    realAdapter,
    name: personality
      ? `cosmosAdapter on the Cosmos simulator, ${COSMOS_PERSONALITIES[personality]().name}`
      : `cosmosAdapter on the Cosmos simulator (${mode} signing)`,
    namespace: 'cosmos',
    async devnet(): Promise<ConformanceDevnet<'cosmos'>> {
      local = personality ? await sharedLocal() : await startLocal()
      const { sim, client } = local
      return {
        caipNetworkId: local.hub.caipNetworkId,
        receiver: sim.fixtures.accounts[2]!.addresses[HUB]!,
        amount: 1_250_000n,
        balanceOf: async (a) => BigInt((await client.getBalance(a, 'uatom')).amount),
        transferRequest: (to, value) => ({ to, amount: [{ denom: 'uatom', amount: value }] }),
        async feeOf(hash) {
          const tx = await client.getTx(hash)
          if (!tx) throw new Error(`transaction ${hash} not found`)
          if (tx.code !== 0) throw new Error(`transaction ${hash} failed with code ${tx.code}`)
          const fee = decodeTxRaw(tx.tx).authInfo.fee?.amount ?? []
          return fee.filter((c) => c.denom === 'uatom').reduce((sum, c) => sum + BigInt(c.amount), 0n)
        },
        async stop() {
          // The shared simulator outlives this suite (the file's afterAll stops it).
          if (personality) return
          local.client.disconnect()
          await sim.stop()
        },
      }
    },
    adapter: realAdapter,
    devWallet() {
      const { sim } = local
      if (personality) return personalityWallet(personality)
      const dev = createCosmosDevWallet({
        chains: sim.chains.map((c) => ({
          chainId: c.chainId,
          bech32Prefix: c.bech32Prefix,
          rpc: c.rpcUrl,
          rest: c.restUrl,
        })),
        aminoOnly: mode === 'amino',
        // Like Keplr's fee picker: the wallet puts its own fee in unless asked `preferNoSetFee`,
        // so the fees check fails if the adapter does not ask.
        setsOwnFee: true,
      })
      win = new EventTarget()
      let selected = 0
      const addressOf = (i: number) => sim.fixtures.accounts[i]!.addresses[HUB]!
      return {
        connectorId: 'keplr:keplr',
        get address() {
          return addressOf(selected)
        },
        controls: dev,
        install() {
          const undo = dev.install(win)
          // Keplr announces itself after injecting; the adapter looks again then.
          win.dispatchEvent(new Event('keplr#initialized'))
          return undo
        },
        switchAccount() {
          selected = 1
          dev.selectAccount(1)
          return addressOf(1)
        },
        // No switchChain: a Keplr-API wallet has no active chain of its own to switch (the
        // app picks the chain per call), so the kit's wallet-side chainChanged test is
        // skipped. The app-side switch, where the address changes prefix, is the networkSwitch check.
        disconnect: () => dev.disconnect(),
      }
    },
    // Issue 28 (on the Cosmos simulator, not a node): the fee shown is the fee charged (within
    // 1%, with a wallet that would set its own fee), a transfer's outcome is succeeded, and a
    // reload restores the connection. Reserves: the fee coin sent as itself keeps nothing beyond
    // the fee; a USDC send keeps its fee in ATOM (`fee-denom`), so Max of USDC is all of it.
    checks: {
      // The simulator's second chain (portico-osmo-1, its own state and bech32 prefix): an app-side
      // switch re-reads the key there, so the account is the same key's osmo1… address. A Keplr-API
      // wallet has no active chain of its own (no `network()`), so the address is what shows it.
      networkSwitch: {
        to: 'cosmos:portico-osmo-1',
        addressOn: () => local.sim.fixtures.accounts[0]!.addresses['portico-osmo-1']!,
      },
      fees: { overAtMost: 1.01 },
      outcomes: {},
      restore: true,
      reserves: {
        kind: 'fee-denom',
        token: {
          token: 'uusdc',
          decimals: 6,
          symbol: 'USDC',
          balanceOf: async (a, denom) => BigInt((await local.client.getBalance(a, denom)).amount),
        },
      },
      // A malformed key (bad bech32 checksum) or signature (wrong length, another key) from the
      // Keplr-API wallet: the adapter's InvalidWalletResponseError, never a generic error.
      invalidWalletResponseError: InvalidWalletResponseError,
      ...(mode === 'direct'
        ? {
            // signTransaction: a direct sign doc built with CosmJS; the answer keeps the body and
            // its signature verifies (CosmJS secp256k1) for the account's key and address.
            signTransaction: {
              request: (_devnet: ConformanceDevnet<'cosmos'>, address: string) => ({
                mode: 'direct' as const,
                signDoc: transferSignDoc(
                  address,
                  local.sim.fixtures.accounts[2]!.addresses[HUB]!,
                  keyOf(address),
                  0,
                ),
              }),
              async verify(result: CosmosSignTransactionResult, address: string) {
                if (result.mode !== 'direct') return false
                const pubkey = fromHex(result.publicKey.replace(/^0x/, ''))
                const derived = pubkeyToAddress(
                  { type: 'tendermint/PubKeySecp256k1', value: toBase64(pubkey) },
                  'cosmos',
                )
                if (derived !== address) return false
                return await Secp256k1.verifySignature(
                  Secp256k1Signature.fromFixedLength(fromBase64(result.signature)),
                  sha256(
                    makeSignBytes({ ...result.signed, accountNumber: BigInt(result.signed.accountNumber) }),
                  ),
                  pubkey,
                )
              },
            },
            // The same core checks over a real WalletConnect session (loopback relay, dev
            // WalletConnect wallet holding fixture 0 on the hub): connect, an ADR-036 message the
            // kit verifies on its own, 5000 → UserRejectedRequestError, a transfer that lands.
            ...(personality
              ? {}
              : {
                  walletConnect: {
                    async open() {
                      const relay = await startWalletConnectRelay()
                      const hubChain = local.sim.chains[0]!
                      const wallet = await createDevWcWallet({
                        relayUrl: relay.url,
                        cosmos: { prefixes: { [local.hub.caipNetworkId]: hubChain.bech32Prefix } },
                      })
                      return {
                        relayUrl: relay.url,
                        wallet,
                        address: local.sim.fixtures.accounts[0]!.addresses[HUB]!,
                        async stop() {
                          await wallet.stop()
                          await relay.stop()
                        },
                      }
                    },
                  },
                }),
          }
        : {}),
    },
  }
}
