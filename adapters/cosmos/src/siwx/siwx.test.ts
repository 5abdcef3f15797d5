import { parseSiwxMessage, SiwxMessageError, type SiwxMessageFields } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { cosmosAdapter } from '../adapter/index.js'
import { createCosmosDevWallet } from '../dev-wallet/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { cosmosLocalHub, cosmosLocalOsmo } from '../networks/index.js'
import { verifyAdr036Signature } from '../sign-message/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { formatCosmosSignInMessage } from './index.js'

// Signing a message reads no chain: these URLs are never fetched (no Cosmos node runs here).
const urls = { rpcUrl: 'http://127.0.0.1:9', restUrl: 'http://127.0.0.1:9' }
const hub = cosmosLocalHub(urls)
const osmo = cosmosLocalOsmo(urls)
const NETWORKS = [hub, osmo]

async function connected() {
  const dev = createCosmosDevWallet({
    chains: NETWORKS.map((n) => ({
      chainId: n.cosmos.chainId,
      bech32Prefix: n.cosmos.bech32Prefix,
      rpc: urls.rpcUrl,
      rest: urls.restUrl,
    })),
  })
  const window = new EventTarget()
  dev.install(window)
  const adapter = cosmosAdapter({ networks: NETWORKS, window, discover: true })
  await adapter.setup(createTestContext().ctx)
  const { accounts } = await adapter.connect({ connectorId: 'keplr:keplr' })
  return { dev, adapter, connectorId: 'keplr:keplr', address: accounts[0]!.address }
}

const fields = (address: string, over: Partial<SiwxMessageFields> = {}): SiwxMessageFields => ({
  domain: 'app.example:5173',
  address,
  statement: 'Sign in to Portico.',
  uri: 'http://app.example:5173',
  version: '1',
  caipNetworkId: hub.caipNetworkId,
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-25T03:00:00.000Z',
  expirationTime: '2026-11-26T03:00:00.000Z',
  ...over,
})

describe('Cosmos sign-in message (CAIP-122 on cosmos, signed with ADR-036)', () => {
  it('names the Cosmos account and carries the chain id as "Chain ID"', async () => {
    const { address } = await connected()
    const text = formatCosmosSignInMessage(fields(address), NETWORKS)
    expect(text.split('\n')[0]).toBe('app.example:5173 wants you to sign in with your Cosmos account:')
    expect(parseSiwxMessage(text)).toMatchObject({
      chainName: 'Cosmos',
      address,
      chainReference: 'portico-hub-1',
    })
  })

  it("the address must carry the chain's bech32 prefix, and the chain must be one of the adapter's", async () => {
    const { address } = await connected()
    expect(address.startsWith('cosmos1')).toBe(true)
    expect(() =>
      formatCosmosSignInMessage(fields(address, { caipNetworkId: osmo.caipNetworkId }), NETWORKS),
    ).toThrow(/osmo1/)
    expect(() =>
      formatCosmosSignInMessage(fields(address, { caipNetworkId: 'cosmos:cosmoshub-4' }), NETWORKS),
    ).toThrow(SiwxMessageError)
    expect(() => formatCosmosSignInMessage(fields(address, { caipNetworkId: 'eip155:1' }), NETWORKS)).toThrow(
      /not a cosmos network/,
    )
  })

  it('the dev wallet signs the sign-in text with signArbitrary; the ADR-036 signature and key verify', async () => {
    const { adapter, connectorId, address } = await connected()
    const message = await adapter.formatSignInMessage!(fields(address))
    const signed = await adapter.signMessage({ connectorId, address, message })
    expect(signed.publicKey).toMatch(/^0x0[23][0-9a-f]{64}$/)
    const proof = { signer: address, publicKey: signed.publicKey!, signature: signed.signature }
    expect(await verifyAdr036Signature({ ...proof, data: message })).toBe(true)
    expect(await verifyAdr036Signature({ ...proof, data: message.replace('Nonce: a1', 'Nonce: b1') })).toBe(
      false,
    )
    expect(new TextDecoder().decode(signed.signedMessage)).toContain(
      `"msgs":[{"type":"sign/MsgSignData","value":{"data":"${Buffer.from(message).toString('base64')}","signer":"${address}"}}]`,
    )
  })

  it('a wallet answer that is not a 64-byte base64 signature by the account key is refused', async () => {
    const { adapter, connectorId, address, dev } = await connected()
    const message = await adapter.formatSignInMessage!(fields(address))
    const real = dev.keplr.signArbitrary.bind(dev.keplr)
    dev.keplr.signArbitrary = async (...args) => ({ ...(await real(...args)), signature: 'not base64!' })
    await expect(adapter.signMessage({ connectorId, address, message })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    dev.keplr.signArbitrary = async (...args) => {
      const s = await real(...args)
      return { ...s, signature: Buffer.from(s.signature, 'base64').subarray(2).toString('base64') }
    }
    await expect(adapter.signMessage({ connectorId, address, message })).rejects.toThrow(/not 64/)
  })
})
