// ERC-6492: a smart account that does not exist yet signs in; the gateway checks the signature
// against the factory call it carries (viem's verifySiweMessage on anvil), deploying nothing.
import {
  type EvmDevnet,
  SMART_ACCOUNT_FACTORY_ADDRESS,
  smartAccountArtifacts,
  startEvmDevnet,
} from '@portico/devnet'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const q = 'projectId=local&st=t&sv=1'
const DOMAIN = 'app.example'
const factoryAbi = smartAccountArtifacts.PorticoSmartAccountFactory.abi

describe('sign-in with a smart account on anvil (devnet PorticoSmartAccountFactory)', () => {
  let devnet: EvmDevnet
  let t: TestGateway
  let client: ReturnType<typeof createPublicClient>
  let chainId: number
  let rpcUrl: string

  beforeAll(async () => {
    devnet = await startEvmDevnet()
    ;({ chainId, rpcUrl } = devnet.chains[0]!)
    client = createPublicClient({ transport: http(rpcUrl) })
    t = await startTestGateway('sqlite', {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }],
      networks: [{ caipNetworkId: `eip155:${chainId}`, name: 'Anvil', rpcUrl }],
    })
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    await devnet?.stop()
  })

  /** A fresh owner key and salt, and the CREATE2 address the factory would give their account. */
  async function counterfactual() {
    const owner = privateKeyToAccount(generatePrivateKey())
    const salt = keccak256(toHex(owner.address))
    const account = (await client.readContract({
      address: SMART_ACCOUNT_FACTORY_ADDRESS,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner.address, salt],
    })) as Hex
    const deployCall = encodeFunctionData({
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, salt],
    })
    return { owner, salt, account, deployCall }
  }

  async function signIn(account: Hex, sign: (message: string) => Promise<Hex>) {
    const n = await call(`${t.url}/v1/siwx/nonce?${q}&domain=${DOMAIN}`)
    const message = createSiweMessage({
      domain: DOMAIN,
      address: getAddress(account),
      uri: `https://${DOMAIN}`,
      version: '1',
      chainId,
      nonce: n.body.nonce,
    })
    return call(`${t.url}/v1/siwx/verify?${q}`, {
      json: { message, signature: await sign(message), caipNetworkId: `eip155:${chainId}` },
    })
  }

  it('ERC-6492: the owner signs as the not-yet-deployed account → a session; nothing gets deployed', async () => {
    const { owner, account, deployCall } = await counterfactual()
    expect(await client.getCode({ address: account })).toBeUndefined()
    const r = await signIn(account, async (message) =>
      serializeErc6492Signature({
        address: SMART_ACCOUNT_FACTORY_ADDRESS,
        data: deployCall,
        signature: await owner.signMessage({ message }),
      }),
    )
    expect(r.status).toBe(200)
    expect(r.body.session.address).toBe(getAddress(account))
    // The check ran as a call: the account is still counterfactual.
    expect(await client.getCode({ address: account })).toBeUndefined()
  })

  it('ERC-6492: someone else’s key, or a factory call for another owner, is refused (401 invalid_signature)', async () => {
    const { account, deployCall } = await counterfactual()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const byStranger = await signIn(account, async (message) =>
      serializeErc6492Signature({
        address: SMART_ACCOUNT_FACTORY_ADDRESS,
        data: deployCall,
        signature: await stranger.signMessage({ message }),
      }),
    )
    expect([byStranger.status, byStranger.body.code]).toEqual([401, 'invalid_signature'])

    // The stranger wraps a factory call that deploys *their* account: another address, so no.
    const theirs = encodeFunctionData({
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [stranger.address, keccak256(toHex(stranger.address))],
    })
    const wrongFactoryCall = await signIn(account, async (message) =>
      serializeErc6492Signature({
        address: SMART_ACCOUNT_FACTORY_ADDRESS,
        data: theirs,
        signature: await stranger.signMessage({ message }),
      }),
    )
    expect([wrongFactoryCall.status, wrongFactoryCall.body.code]).toEqual([401, 'invalid_signature'])
  })

  it('ERC-1271: once the factory deployed it, the owner’s plain signature verifies through isValidSignature', async () => {
    const { owner, salt, account } = await counterfactual()
    const deployer = privateKeyToAccount(devnet.fixtures.accounts[6]!.privateKey as Hex)
    const wallet = createWalletClient({ account: deployer, transport: http(rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: SMART_ACCOUNT_FACTORY_ADDRESS,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, salt],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getCode({ address: account })).toMatch(/^0x[0-9a-f]{100,}$/)
    const r = await signIn(account, (message) => owner.signMessage({ message }))
    expect([r.status, r.body.session?.address]).toEqual([200, getAddress(account)])
    const other = privateKeyToAccount(generatePrivateKey())
    const refused = await signIn(account, (message) => other.signMessage({ message }))
    expect([refused.status, refused.body.code]).toEqual([401, 'invalid_signature'])
  })
})
