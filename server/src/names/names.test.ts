import { HttpBlockchainApi } from '@portico/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const q = 'projectId=local&st=t&sv=1'

let clock = 0
/** Registration messages of one owner carry increasing timestamps (the gateway refuses older ones). */
const nextTimestamp = () => {
  clock = Math.max(Date.now(), clock + 1)
  return clock
}

/** A POST /v1/profile/account body: the message JSON text and the owner's EIP-712 signature over it. */
async function signed(
  key: `0x${string}`,
  fields: {
    name: string
    timestamp?: number
    attributes?: Record<string, string>
    address?: string
    coin_type?: number
  },
) {
  const account = privateKeyToAccount(key)
  const fieldsOut = {
    name: fields.name,
    address: fields.address ?? account.address,
    coin_type: fields.coin_type ?? 60,
    timestamp: fields.timestamp ?? nextTimestamp(),
    ...(fields.attributes ? { attributes: fields.attributes } : {}),
  }
  return {
    coin_type: fieldsOut.coin_type,
    address: account.address,
    message: JSON.stringify(fieldsOut),
    signature: await account.signTypedData(registrationTypedData(fieldsOut)),
  }
}

describe.each(ENGINES)('names registry (%s)', (kind) => {
  let t: TestGateway
  let api: HttpBlockchainApi
  const alice = generatePrivateKey()
  const mallory = generatePrivateKey()
  const aliceAddress = privateKeyToAccount(alice).address
  beforeAll(async () => {
    t = await startTestGateway(kind, { names: { zone: 'portico.id', maxMessageAgeMs: 60_000 } })
    api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  })
  afterAll(() => t.close())

  const countNames = async () =>
    Number((await t.gateway.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM names'))[0]!.n)

  it('registers a signed name; lookup, reverse and identity read it back (core client)', async () => {
    expect(await api.getIdentity({ address: aliceAddress })).toEqual({ name: null, avatar: null })
    // The gateway's identity cache must not hide the new name: a fresh client asks again.
    const res = await api.registerName(
      await signed(alice, { name: 'alice.portico.id', attributes: { avatar: 'https://example.test/a.png' } }),
    )
    expect(res).toEqual({ success: true })
    const record = await api.lookupName('alice.portico.id')
    expect(record).toMatchObject({
      name: 'alice.portico.id',
      addresses: { '60': { address: aliceAddress.toLowerCase() } },
      attributes: { avatar: 'https://example.test/a.png' },
    })
    expect(typeof record.registered).toBe('number')
    const reverse = await api.reverseLookup({ address: aliceAddress })
    expect(reverse.map((r) => r.name)).toEqual(['alice.portico.id'])
    const fresh = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
    // The owner's avatar URL is never handed to browsers: the identity points at the gateway's avatar endpoint.
    expect(await fresh.getIdentity({ address: aliceAddress })).toEqual({
      name: 'alice.portico.id',
      avatar: `${t.url}/v1/identity/${aliceAddress}/avatar?projectId=local`,
    })
  })

  it('one owner per name: another address gets 409 name_taken and nothing changes', async () => {
    const before = await countNames()
    const r = await call(`${t.url}/v1/profile/account?${q}`, {
      json: await signed(mallory, { name: 'alice.portico.id' }),
    })
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('name_taken')
    expect(await api.registerName(await signed(mallory, { name: 'alice.portico.id' }))).toEqual({
      success: false,
    })
    expect(await countNames()).toBe(before)
    expect((await api.lookupName('alice.portico.id')).addresses['60']?.address).toBe(
      aliceAddress.toLowerCase(),
    )
  })

  it('the owner may update the attributes with a new signed message', async () => {
    const r = await call(`${t.url}/v1/profile/account?${q}`, {
      json: await signed(alice, {
        name: 'alice.portico.id',
        attributes: { avatar: 'https://example.test/b.png' },
      }),
    })
    expect(r.status).toBe(200)
    expect((await api.lookupName('alice.portico.id')).attributes.avatar).toBe('https://example.test/b.png')
  })

  it('a replayed registration is refused with 409 replayed_signature', async () => {
    const body = await signed(alice, { name: 'alice-two.portico.id' })
    expect((await call(`${t.url}/v1/profile/account?${q}`, { json: body })).status).toBe(200)
    const again = await call(`${t.url}/v1/profile/account?${q}`, { json: body })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('replayed_signature')
  })

  it('stale, future, forged and mismatched messages are refused and store nothing', async () => {
    const before = await countNames()
    const post = (json: unknown) => call(`${t.url}/v1/profile/account?${q}`, { json })
    const stale = await post(
      await signed(alice, { name: 'stale.portico.id', timestamp: Date.now() - 120_000 }),
    )
    expect([stale.status, stale.body.code]).toEqual([400, 'stale_message'])
    const future = await post(
      await signed(alice, { name: 'future.portico.id', timestamp: Date.now() + 120_000 }),
    )
    expect([future.status, future.body.code]).toEqual([400, 'stale_message'])
    // Signed by mallory, claimed for alice's address.
    const forged = await signed(mallory, { name: 'forged.portico.id', address: aliceAddress })
    const r1 = await post({ ...forged, address: aliceAddress })
    expect([r1.status, r1.body.code]).toEqual([401, 'invalid_signature'])
    // A valid signature over one name cannot register another.
    const good = await signed(alice, { name: 'first.portico.id' })
    const swapped = good.message.replace('first.portico.id', 'other.portico.id')
    const r2 = await post({ ...good, message: swapped })
    expect([r2.status, r2.body.code]).toEqual([401, 'invalid_signature'])
    const mismatch = await signed(alice, {
      name: 'mismatch.portico.id',
      address: privateKeyToAccount(mallory).address,
    })
    expect((await post(mismatch)).body.code).toBe('address_mismatch')
    expect(await countNames()).toBe(before)
  })

  it('names must be ≥4 letters, digits or hyphens within the zone (SPEC §5)', async () => {
    const post = async (name: string) =>
      (await call(`${t.url}/v1/profile/account?${q}`, { json: await signed(alice, { name }) })).body.code
    expect(await post('abc.portico.id')).toBe('invalid_name')
    expect(await post('ab_c1.portico.id')).toBe('invalid_name')
    expect(await post('alice.other.id')).toBe('invalid_name')
    expect(await post('bare-label')).toBe('invalid_name')
    const wrong = [
      { coin_type: '60', address: aliceAddress, message: '{}', signature: '0x00' },
      { coin_type: 60, address: 'nope', message: '{}', signature: `0x${'a'.repeat(130)}` },
      { coin_type: 60, address: aliceAddress, message: 'not json', signature: `0x${'a'.repeat(130)}` },
      { coin_type: 501, address: aliceAddress, message: '{}', signature: `0x${'a'.repeat(130)}` },
    ]
    for (const json of wrong)
      expect((await call(`${t.url}/v1/profile/account?${q}`, { json })).status).toBe(400)
  })

  it('suggestions give the asked name with its status, then free alternatives; other zones are refused', async () => {
    const r = await api.getNameSuggestions({ name: 'alice', zone: 'portico.id' })
    expect(r.suggestions[0]).toEqual({ name: 'alice.portico.id', registered: true })
    expect(r.suggestions.length).toBeGreaterThan(2)
    expect(r.suggestions.slice(1).every((s) => !s.registered && s.name.endsWith('.portico.id'))).toBe(true)
    const free = await call(`${t.url}/v1/profile/suggestions/zebra-crossing?${q}`)
    expect(free.body.suggestions[0]).toEqual({ name: 'zebra-crossing.portico.id', registered: false })
    expect((await call(`${t.url}/v1/profile/suggestions/alice?${q}&zone=eth`)).body.code).toBe(
      'unsupported_zone',
    )
  })

  it('unknown names → 404; malformed addresses → 400', async () => {
    expect((await call(`${t.url}/v1/profile/account/nobody-here.portico.id?${q}&apiVersion=2`)).status).toBe(
      404,
    )
    expect((await call(`${t.url}/v1/profile/reverse/0x123?${q}`)).status).toBe(400)
    expect((await call(`${t.url}/v1/identity/zzz?${q}`)).status).toBe(400)
    expect((await call(`${t.url}/v1/identity/${aliceAddress}?${q}&sender=bad`)).status).toBe(400)
  })
})
