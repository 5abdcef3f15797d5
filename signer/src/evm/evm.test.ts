import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseTransaction,
  recoverMessageAddress,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { describeEvm, EvmWireError, parseEvmRequest } from './index.js'

const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const ORIGIN = 'http://localhost:5173'
const DEAD = '0x000000000000000000000000000000000000dEaD'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** The card and the exact bytes signed, from one parsed request. */
async function cardAndSigned(tx: Record<string, unknown>, chainId = 31337) {
  const request = parseEvmRequest('eth_signTransaction', [tx], chainId)
  if (request.method !== 'eth_signTransaction') throw new Error('not a transaction')
  const card = describeEvm(request, ORIGIN)
  const signed = parseTransaction(await account.signTransaction(request.tx))
  return { card, signed }
}

describe('EVM: what you see is what you sign (one parsed object for the card and the key)', () => {
  it('a `to` that is not strictly an address is refused, never shown and then dropped into a contract creation', () => {
    for (const to of ['0xdead', `${DEAD.slice(2)}`, `${DEAD} `, 42, `0x${'g'.repeat(40)}`])
      expect(() => parseEvmRequest('eth_signTransaction', [{ to, value: '0x1' }], 1)).toThrow(EvmWireError)
    for (const value of ['1', '0x', '0x01', 1])
      expect(() => parseEvmRequest('eth_signTransaction', [{ to: DEAD, value }], 1)).toThrow(EvmWireError)
    expect(() => parseEvmRequest('eth_signTransaction', [{ to: DEAD, data: '0xabc' }], 1)).toThrow(
      EvmWireError,
    )
  })

  it('the card shows recipient, value, gas limit, max fee, worst-case total, nonce, chain and origin: the signed transaction has exactly those', async () => {
    const { card, signed } = await cardAndSigned({
      to: DEAD,
      value: '0xde0b6b3a7640000',
      gas: '0x5208',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
      nonce: '0x7',
    })
    expect(card.title).toBe('Send transaction')
    expect(card.lines).toEqual([
      `To: ${DEAD}`,
      'Amount: 1 (native token)',
      'Gas limit: 21000',
      'Max fee: 2 gwei per gas',
      'At most, with fees: 1.000042 (native token)',
      'Nonce: 7',
      'Network: eip155:31337',
      `Requested by: ${ORIGIN}`,
    ])
    expect(signed.to).toBe(DEAD.toLowerCase())
    expect(signed.value).toBe(10n ** 18n)
    expect(signed.gas).toBe(21_000n)
    expect(signed.maxFeePerGas).toBe(2_000_000_000n)
    expect(signed.nonce).toBe(7)
    expect(signed.chainId).toBe(31337)
    expect(signed.data).toBeUndefined()
  })

  it('no `to` is a contract creation on the card and in the signature', async () => {
    const { card, signed } = await cardAndSigned({ data: '0x6080' })
    expect(card.lines[0]).toBe('To: (contract creation)')
    expect(signed.to).toBeUndefined()
    expect(signed.data).toBe('0x6080')
  })

  it('an ERC-20 approval of the maximum amount is called out as unlimited; transfer names amount and recipient; calldata shows in full', async () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, maxUint256] })
    const a = await cardAndSigned({ to: TOKEN, data: approve })
    expect(a.card.lines).toContain(
      `Token approval: ${DEAD} may spend UNLIMITED (every token you hold, now and later) of token ${TOKEN}`,
    )
    expect(a.card.warnings).toEqual([
      `Unlimited approval: ${DEAD} may take every ${TOKEN} token you hold, now and later.`,
    ])
    expect(a.card.details).toEqual([{ label: 'Data (68 bytes)', text: approve }])
    expect(a.signed.data).toBe(approve)
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, 5n] })
    const t = await cardAndSigned({ to: TOKEN, data: transfer })
    expect(t.card.lines).toContain(`Token transfer: 5 of token ${TOKEN} to ${DEAD}`)
    expect(t.signed.to).toBe(TOKEN.toLowerCase())
    const long = `0x${'ab'.repeat(5000)}`
    const l = await cardAndSigned({ to: DEAD, data: long })
    // Whole, never cut, and what is signed; calldata that is no token call is named blind.
    expect(l.card.details).toEqual([{ label: 'Data (5000 bytes)', text: long }])
    expect(l.signed.data).toBe(long)
    expect(l.card.warnings).toEqual([
      'Blind signature: this contract call is not decoded. Only its bytes are shown below.',
    ])
    expect(t.card.warnings).toBeUndefined()
  })

  it('personal_sign: the text shown is the bytes signed; typed data shows its domain and is signed as parsed', async () => {
    const msg = parseEvmRequest('personal_sign', ['0x68656c6c6f', account.address], 1)
    if (msg.method !== 'personal_sign') throw new Error('not personal_sign')
    expect(describeEvm(msg, ORIGIN)).toEqual({
      title: 'Sign message',
      lines: [`Requested by: ${ORIGIN}`],
      details: [{ label: 'Message', text: 'hello' }],
    })
    const sig = await account.signMessage({ message: msg.message })
    expect(await recoverMessageAddress({ message: 'hello', signature: sig })).toBe(account.address)
    const long = 'x'.repeat(3000)
    const l = parseEvmRequest('personal_sign', [long, account.address], 1)
    expect(describeEvm(l, ORIGIN).details?.[0]?.text).toBe(long)

    const typed = {
      domain: { name: 'Mail', version: '1', chainId: 1, verifyingContract: DEAD },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    const td = parseEvmRequest('eth_signTypedData_v4', [account.address, JSON.stringify(typed)], 1)
    if (td.method !== 'eth_signTypedData_v4') throw new Error('not typed data')
    const details = describeEvm(td, ORIGIN).details ?? []
    expect(details.map((d) => d.label)).toEqual(['Domain (who reads this signature)', 'Message (Mail)'])
    expect(JSON.parse(details[0]?.text ?? '')).toEqual(typed.domain)
    expect(JSON.parse(details[1]?.text ?? '')).toEqual(typed.message)
    const tsig = await account.signTypedData(td.typedData as Parameters<typeof account.signTypedData>[0])
    expect(await verifyTypedData({ ...typed, address: account.address, signature: tsig } as never)).toBe(true)
    expect(() => parseEvmRequest('eth_signTypedData_v4', [account.address, '{'], 1)).toThrow(EvmWireError)
  })
})
