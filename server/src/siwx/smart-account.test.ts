// ERC-1271: a deployed smart account signs in; the gateway asks the contract on anvil.
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { createPublicClient, createWalletClient, encodeAbiParameters, getAddress, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

/**
 * Creation code of this contract (solc 0.8.37, optimizer 200 runs, evm paris):
 *
 *   contract Owned1271 {
 *     address public immutable owner;
 *     constructor(address o) { owner = o; }
 *     function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
 *       if (sig.length != 65) return 0xffffffff;
 *       bytes32 r = bytes32(sig[0:32]); bytes32 s = bytes32(sig[32:64]); uint8 v = uint8(sig[64]);
 *       return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
 *     }
 *   }
 */
const OWNED_1271 =
  '0x60a0604052348015600f57600080fd5b5060405161036c38038061036c833981016040819052602c91603c565b6001600160a01b0316608052606a565b600060208284031215604d57600080fd5b81516001600160a01b0381168114606357600080fd5b9392505050565b6080516102e161008b600039600081816071015261014901526102e16000f3fe608060405234801561001057600080fd5b50600436106100365760003560e01c80631626ba7e1461003b5780638da5cb5b1461006c575b600080fd5b61004e6100493660046101ce565b6100ab565b6040516001600160e01b031990911681526020015b60405180910390f35b6100937f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610063565b6000604182146100c457506001600160e01b03196101c7565b60006100d3602082858761024c565b6100dc91610276565b905060006100ee60406020868861024c565b6100f791610276565b905060008585604081811061010e5761010e610295565b6040805160008152602081018083528c9052939091013560f81c90830181905260608301869052608083018590529250506001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000169060019060a0016020604051602081039080840390855afa158015610192573d6000803e3d6000fd5b505050602060405103516001600160a01b0316146101b8576001600160e01b03196101c1565b630b135d3f60e11b5b93505050505b9392505050565b6000806000604084860312156101e357600080fd5b83359250602084013567ffffffffffffffff81111561020157600080fd5b8401601f8101861361021257600080fd5b803567ffffffffffffffff81111561022957600080fd5b86602082840101111561023b57600080fd5b939660209190910195509293505050565b6000808585111561025c57600080fd5b8386111561026957600080fd5b5050820193919092039150565b8035602083101561028f57600019602084900360031b1b165b92915050565b634e487b7160e01b600052603260045260246000fdfea26469706673582212203acbee6b34cb4853228eed1d5bce7d7be1e1a61640b4cc8333abc6379570d10f64736f6c63430008250033' as Hex
const q = 'projectId=local&st=t&sv=1'
const DOMAIN = 'app.example'

describe('sign-in with a deployed ERC-1271 smart account (anvil)', () => {
  let devnet: EvmDevnet
  let t: TestGateway
  let account: Hex
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())

  beforeAll(async () => {
    devnet = await startEvmDevnet()
    const chain = devnet.chains[0]!
    const deployer = privateKeyToAccount(devnet.fixtures.accounts[5]!.privateKey as Hex)
    const wallet = createWalletClient({ account: deployer, transport: http(chain.rpcUrl) })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({
      chain: null,
      data: `${OWNED_1271}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex,
    })
    account = (await client.waitForTransactionReceipt({ hash })).contractAddress!
    t = await startTestGateway('sqlite', {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }],
      networks: [{ caipNetworkId: `eip155:${chain.chainId}`, name: 'Anvil', rpcUrl: chain.rpcUrl }],
    })
  })
  afterAll(async () => {
    await t?.close()
    await devnet?.stop()
  })

  const attempt = async (signer: typeof owner) => {
    const chainId = devnet.chains[0]!.chainId
    const n = await call(`${t.url}/v1/siwx/nonce?${q}&domain=${DOMAIN}`)
    const message = createSiweMessage({
      domain: DOMAIN,
      address: account,
      uri: `https://${DOMAIN}`,
      version: '1',
      chainId,
      nonce: n.body.nonce,
    })
    return call(`${t.url}/v1/siwx/verify?${q}`, {
      json: { message, signature: await signer.signMessage({ message }), caipNetworkId: `eip155:${chainId}` },
    })
  }

  it('the owner’s signature for the contract account verifies through isValidSignature', async () => {
    const r = await attempt(owner)
    expect(r.status).toBe(200)
    expect(r.body.session.address).toBe(getAddress(account))
  })

  it('anyone else’s signature for the contract account is refused (401 invalid_signature)', async () => {
    const r = await attempt(stranger)
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
  })
})
