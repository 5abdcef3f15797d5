import { parseSignature, serializeSignature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

describe.each(ENGINES)('name registration replay and typed data (%s)', (kind) => {
  let t: TestGateway
  const key = generatePrivateKey()
  const owner = privateKeyToAccount(key)
  let clock = Date.now()
  beforeAll(async () => {
    t = await startTestGateway(kind, { names: { zone: 'portico.id', maxMessageAgeMs: 60_000 } })
  })
  afterAll(() => t?.close())

  const names = async () =>
    Number((await t.gateway.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM names'))[0]!.n)
  const make = async (over: Record<string, unknown> = {}) => {
    const fields = {
      name: 'replay.portico.id',
      address: owner.address,
      coin_type: 60,
      timestamp: ++clock,
      ...over,
    }
    return {
      coin_type: fields.coin_type,
      address: owner.address,
      message: JSON.stringify(fields),
      signature: await owner.signTypedData(registrationTypedData(fields as never)),
    }
  }
  const post = (json: unknown) => call(`${t.url}/v1/profile/account?projectId=local`, { json })

  it('re-encoding a used signature (v 0/1, high s) cannot dodge the replay check', async () => {
    const body = await make()
    expect((await post(body)).status).toBe(200)
    const { r, s, yParity } = parseSignature(body.signature)
    const v01 = `${body.signature.slice(0, 130)}0${yParity}`
    expect((await post({ ...body, signature: v01 })).body.code).toBe('replayed_signature')
    const high = serializeSignature({
      r,
      s: `0x${(N - BigInt(s)).toString(16).padStart(64, '0')}`,
      yParity: yParity === 0 ? 1 : 0,
    })
    const r2 = await post({ ...body, signature: high })
    expect([r2.status, r2.body.code]).toEqual([400, 'non_canonical_signature'])
  })

  it('coin_type is signed: changing it in the body or the message is refused', async () => {
    const before = await names()
    const body = await make({ name: 'coins.portico.id' })
    const other = 0x80000000 + 10
    expect((await post({ ...body, coin_type: other })).body.code).toBe('coin_type_mismatch')
    const swapped = body.message.replace('"coin_type":60', `"coin_type":${other}`)
    const r = await post({ ...body, coin_type: other, message: swapped })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
    expect((await post({ ...body, coin_type: -1 })).status).toBe(400)
    expect(await names()).toBe(before)
  })

  it('a personal_sign signature over the message text is refused: only the EIP-712 domain counts', async () => {
    const fields = { name: 'plain.portico.id', address: owner.address, coin_type: 60, timestamp: ++clock }
    const message = JSON.stringify(fields)
    const r = await post({
      coin_type: 60,
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
  })

  it('timestamps are monotonic per owner: an older signed message is refused after a newer one', async () => {
    const older = await make({
      name: 'clock.portico.id',
      attributes: { avatar: 'https://a.example/old.png' },
    })
    const newer = await make({
      name: 'clock.portico.id',
      attributes: { avatar: 'https://a.example/new.png' },
    })
    expect((await post(newer)).status).toBe(200)
    const r = await post(older)
    expect([r.status, r.body.code]).toEqual([409, 'stale_message'])
    const record = await call(`${t.url}/v1/profile/account/clock.portico.id?projectId=local`)
    expect(record.body.attributes.avatar).toBe('https://a.example/new.png')
  })
})
