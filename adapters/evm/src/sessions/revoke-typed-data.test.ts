import { GatewayResponseInvalidError } from '@portico/core'
import { sessionRevokeTypedData as gatewayTypedData } from '@portico/server'
import { hashTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { anvil31337 } from '../networks/index.js'
import { sessionRevokeTypedData } from './index.js'

const owner = privateKeyToAccount(generatePrivateKey())
const fields = {
  id: '00000000-0000-4000-8000-000000000001',
  projectId: 'local',
  address: owner.address.toLowerCase(),
  chainId: 'eip155:31337',
  gateway: `0x${'ab'.repeat(32)}`,
  pci: 'pci-1',
  permissions: { spend: '1', z: { b: 2, a: [1, 'x'] } },
  expiry: 1_900_000_000_000,
  nonce: 'nonce-0123456789',
  deadline: 1_800_000_000_000,
}

describe('SessionRevoke typed data (EVM adapter)', () => {
  it('hashes exactly like the gateway’s builder, so the gateway accepts the wallet’s signature', async () => {
    expect(hashTypedData(sessionRevokeTypedData(fields))).toBe(hashTypedData(gatewayTypedData(fields)))
    // Key order of permissions does not change the digest (canonical JSON on both sides).
    const reordered = { ...fields, permissions: { z: { a: [1, 'x'], b: 2 }, spend: '1' } }
    expect(hashTypedData(sessionRevokeTypedData(reordered))).toBe(hashTypedData(gatewayTypedData(fields)))
  })

  it('every covered field changes the digest (nothing the session authorised is left unsigned)', () => {
    const base = hashTypedData(sessionRevokeTypedData(fields))
    for (const over of [
      { id: '00000000-0000-4000-8000-000000000002' },
      { projectId: 'other' },
      { address: privateKeyToAccount(generatePrivateKey()).address },
      { chainId: 'eip155:1' },
      { gateway: `0x${'cd'.repeat(32)}` },
      { pci: 'pci-2' },
      { permissions: { spend: '2' } },
      { expiry: fields.expiry + 1 },
      { nonce: 'nonce-other-0000' },
      { deadline: fields.deadline + 1 },
    ])
      expect(hashTypedData(sessionRevokeTypedData({ ...fields, ...over })), JSON.stringify(over)).not.toBe(
        base,
      )
  })

  it('the domain binds the deployment and the chain: another gateway identity or chain id is another digest', () => {
    const typed = sessionRevokeTypedData(fields)
    expect(typed.domain).toEqual({
      name: 'Portico Sessions',
      version: '2',
      chainId: 31337,
      salt: fields.gateway,
    })
    // The message's chainId alone would not stop a replay to another deployment; the domain does.
    const other = { ...typed, domain: { ...typed.domain, salt: `0x${'cd'.repeat(32)}` as const } }
    expect(hashTypedData(other)).not.toBe(hashTypedData(typed))
  })

  it('a session answer without a 32-byte gateway identity is a malformed gateway answer (GatewayResponseInvalidError)', () => {
    for (const gateway of [undefined, '', '0x1234', `0x${'zz'.repeat(32)}`])
      expect(() => sessionRevokeTypedData({ ...fields, gateway } as never)).toThrow(
        GatewayResponseInvalidError,
      )
  })

  it('the adapter offers it as a capability (loaded on first use)', async () => {
    const adapter = evmAdapter({ networks: [anvil31337] })
    const typed = await adapter.sessionRevokeTypedData!(fields)
    expect(hashTypedData(typed as never)).toBe(hashTypedData(gatewayTypedData(fields)))
  })
})
