// What the names tests add to the shared world (@portico/devnet/test-helpers: anvil and
// a real gateway with the names registry; @portico/adapter-evm/testing: a real Portico
// connected through the EVM dev wallet). Not shipped (excluded from build and files).
import { type EvmWorldDevnet, postJson } from '@portico/devnet/test-helpers'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationTypedData } from '../controller/typed-data.js'

/** A label no other test (or earlier run on the same gateway) has used. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`
}

/**
 * Registers `label.portico.id` for devnet account `key` straight over HTTP
 * (signed with the key, as another visitor's wallet would), so a test can
 * meet a name that is already taken.
 */
export async function registerDirectly(devnet: EvmWorldDevnet, apiUrl: string, key: number, label: string) {
  const account = privateKeyToAccount(devnet.fixtures.accounts[key]!.privateKey)
  const fields = {
    name: `${label}.portico.id`,
    address: account.address,
    coin_type: 60,
    timestamp: Date.now(),
  }
  const typedData = registrationTypedData(fields)
  const signature = await account.signTypedData({
    ...typedData,
    message: { ...typedData.message, timestamp: BigInt(fields.timestamp) },
  })
  const body = { coin_type: 60, address: account.address, message: JSON.stringify(fields), signature }
  const answer = await postJson(`${apiUrl}/v1/profile/account?projectId=local`, body)
  if (answer.status !== 200) throw new Error(`registerDirectly: ${answer.status} ${answer.text}`)
}
