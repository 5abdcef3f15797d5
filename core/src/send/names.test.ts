import { afterEach, describe, expect, it } from 'vitest'
import type { NameResolver, Portico } from '../contracts/index.js'
import { definePlugin } from '../contracts/index.js'
import { NameNotFoundError } from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { isNameLike } from './names.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let portico: Portico | undefined
afterEach(() => {
  portico?.destroy()
  portico = undefined
})

async function instance(resolvers: NameResolver[]) {
  portico = createPortico({
    adapters: [createFakeAdapter()],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    plugins: [
      definePlugin({
        id: 'resolvers',
        setup(ctx) {
          for (const r of resolvers) ctx.registerNameResolver?.(r)
        },
      }),
    ],
  })
  await portico.ready
  return portico
}

describe('portico.resolveName (Send receiver names, resolved by plugins)', () => {
  it('asks resolvers in order, skipping those that answer undefined (another zone)', async () => {
    const asked: string[] = []
    const p = await instance([
      async ({ name }) => {
        asked.push(`ens:${name}`)
        return name.endsWith('.eth') ? { name, address: BOB, source: 'ens' } : undefined
      },
      async ({ name, namespace }) => {
        asked.push(`names:${name}:${namespace}`)
        return { name, address: BOB, source: 'names' }
      },
    ])
    await expect(p.resolveName({ name: ' Ada-Lovelace.Portico.ID ', namespace: 'eip155' })).resolves.toEqual({
      name: 'ada-lovelace.portico.id',
      address: BOB,
      source: 'names',
    })
    expect(asked).toEqual(['ens:ada-lovelace.portico.id', 'names:ada-lovelace.portico.id:eip155'])
  })

  it('SPEC §5: a first label under 4 characters or with symbols is refused before any lookup', async () => {
    const asked: string[] = []
    const p = await instance([
      async ({ name }) => {
        asked.push(name)
        return undefined
      },
    ])
    for (const name of [
      'ada.portico.id',
      'a$da.portico.id',
      'ad a.eth',
      '.eth',
      'adal..eth',
      'no-dot-here',
    ]) {
      await expect(p.resolveName({ name, namespace: 'eip155' })).rejects.toMatchObject({
        code: 'INVALID_NAME',
        message: 'A name needs at least 4 characters of letters, digits or hyphens',
      })
    }
    await expect(p.resolveName({ name: 42 as unknown as string })).rejects.toMatchObject({
      code: 'INVALID_NAME',
    })
    expect(asked).toEqual([])
  })

  it('no resolver knowing the name → NameNotFoundError; none registered → NameResolutionUnavailableError', async () => {
    const p = await instance([async () => undefined])
    await expect(p.resolveName({ name: 'nobody.eth', namespace: 'eip155' })).rejects.toBeInstanceOf(
      NameNotFoundError,
    )
    p.destroy()
    const bare = await instance([])
    await expect(bare.resolveName({ name: 'nobody.eth', namespace: 'eip155' })).rejects.toMatchObject({
      code: 'NAME_RESOLUTION_UNAVAILABLE',
    })
  })

  it("a resolver's answer without an address is 'not found', never an empty receiver", async () => {
    const p = await instance([async ({ name }) => ({ name, address: ' ', source: 'x' })])
    await expect(p.resolveName({ name: 'blank.eth', namespace: 'eip155' })).rejects.toMatchObject({
      code: 'NAME_NOT_FOUND',
    })
  })

  it('a failure of the resolver (gateway down) is thrown as is', async () => {
    const p = await instance([
      async () => {
        throw new Error('gateway unreachable')
      },
    ])
    await expect(p.resolveName({ name: 'ada-lovelace.portico.id', namespace: 'eip155' })).rejects.toThrow(
      'gateway unreachable',
    )
  })

  it('isNameLike: a dot marks a name; no address of any namespace has one', () => {
    expect(isNameLike('ada.portico.id')).toBe(true)
    expect(isNameLike(BOB)).toBe(false)
    expect(isNameLike('Ez2uFCWHQAsMP7ww3qoVhG4eT3huTV3a846cP9pmVhmQ')).toBe(false)
    expect(isNameLike('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBe(false)
  })
})
