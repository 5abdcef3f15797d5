import { connectedDevPortico } from '@portico/adapter-evm/testing'
import { HttpBlockchainApi, NameNotFoundError, type Portico, UnsupportedChainError } from '@portico/core'
import { registrationTypedData as gatewayTypedData } from '@portico/server'
import { hashTypedData } from 'viem'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import {
  getNamesController,
  NamesController,
  type NamesMessage,
  registrationTypedData,
} from './controller/index.js'
import { namesPlugin } from './plugin.js'
import { namesStrings } from './react/strings.js'
import { registerDirectly, uniqueLabel } from './test-helpers/world.js'

const { devnet, gatewayUrl } = inject('namesWorld')
const SPEC_RULE = 'A name needs at least 4 characters of letters, digits or hyphens'
/** The controller hands a message key and fields, never a sentence: this is its English as the view shows it. */
const english = (m: NamesMessage | undefined) =>
  m && namesStrings.en[m.key].replace(/\{(\w+)\}/g, (whole, k: string) => m.fields?.[k] ?? whole)

const started: Portico[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const p of started.splice(0)) p.destroy()
})
async function world(key: number, debounceMs = 20) {
  const portico = await connectedDevPortico({
    devnet,
    apiUrl: gatewayUrl,
    account: key,
    plugins: [namesPlugin({ debounceMs })],
  })
  started.push(portico)
  return { portico, names: getNamesController(portico)! }
}

/** Counts the names calls that reach the network (lookup, suggestions, registration). */
function countNameRequests() {
  const real = globalThis.fetch
  const seen: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/v1/profile/')) seen.push(url)
    return real(input, init)
  })
  return seen
}

async function settled(names: NamesController, ms = 10_000) {
  const start = Date.now()
  while (['checking'].includes(names.getState().status) || names.getState().suggestionsStatus === 'loading') {
    if (Date.now() - start > ms) throw new Error('settled: timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('SPEC §5 name rule: at least 4 letters, digits or hyphens', () => {
  it.each(['ada', 'a', 'ada!', 'ada lovelace', 'ada.eth', 'adä-1', '💥💥💥💥'])(
    '"%s" is refused with the SPEC text and asks the gateway nothing',
    async (text) => {
      const { names } = await world(1)
      const seen = countNameRequests()
      names.setQuery(text)
      expect(names.getState()).toMatchObject({ status: 'invalid', message: { key: 'invalidName' } })
      expect(english(names.getState().message)).toBe(SPEC_RULE)
      await new Promise((r) => setTimeout(r, 60))
      expect(seen).toEqual([])
    },
  )

  it('a label over 63 characters is refused with its own message', async () => {
    const { names } = await world(1)
    names.setQuery('a'.repeat(64))
    expect(names.getState()).toMatchObject({ status: 'invalid', message: { key: 'tooLong' } })
    expect(english(names.getState().message)).toBe('A name has at most 63 characters')
  })

  it('4 characters, upper case and the zone suffix are accepted (the name is lower case in the zone)', async () => {
    const { names } = await world(1)
    names.setQuery('AbC-')
    expect(names.getState()).toMatchObject({ status: 'checking', name: 'abc-.portico.id' })
    names.setQuery('ada1.portico.id')
    expect(names.getState().name).toBe('ada1.portico.id')
  })
})

describe('availability and suggestions from the gateway', () => {
  it('a free name is available; suggestions list free alternatives without the name itself', async () => {
    const { names } = await world(1)
    const label = uniqueLabel('free')
    names.setQuery(label)
    await settled(names)
    const state = names.getState()
    expect(state.status).toBe('available')
    expect(state.suggestionsStatus).toBe('ready')
    expect(state.suggestions.length).toBeGreaterThan(0)
    expect(state.suggestions.map((s) => s.name)).not.toContain(`${label}.portico.id`)
    expect(state.suggestions.every((s) => s.name.endsWith('.portico.id') && !s.registered)).toBe(true)
  })

  it("another account's name is taken, and it is not offered as a suggestion", async () => {
    const label = uniqueLabel('taken')
    await registerDirectly(devnet, gatewayUrl, 7, label)
    await registerDirectly(devnet, gatewayUrl, 8, `${label}1`)
    const { names } = await world(1)
    names.setQuery(label)
    await settled(names)
    expect(names.getState().status).toBe('taken')
    expect(names.getState().suggestions.map((s) => s.name)).not.toContain(`${label}1.portico.id`)
  })

  it('typing is debounced: five quick keystrokes ask the gateway about the last text only', async () => {
    const { names } = await world(1, 80)
    const seen = countNameRequests()
    const label = uniqueLabel('deb')
    for (let i = 4; i <= label.length; i += 2) names.setQuery(label.slice(0, i))
    names.setQuery(label)
    await settled(names)
    expect(seen).toHaveLength(2)
    expect(seen.every((u) => u.includes(label))).toBe(true)
    expect(names.getState()).toMatchObject({ status: 'available', name: `${label}.portico.id` })
  })

  it('a newer text aborts the request of the older one: the older answer never shows', async () => {
    const { names } = await world(1, 0)
    const taken = uniqueLabel('old')
    await registerDirectly(devnet, gatewayUrl, 7, taken)
    const signals: AbortSignal[] = []
    const real = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes(taken) && init?.signal) {
        signals.push(init.signal)
        // Held until aborted, as a slow gateway would.
        await new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        )
      }
      return real(input, init)
    })
    names.setQuery(taken)
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(0))
    const fresh = uniqueLabel('new')
    names.setQuery(fresh)
    expect(signals.every((s) => s.aborted)).toBe(true)
    await settled(names)
    expect(names.getState()).toMatchObject({ status: 'available', name: `${fresh}.portico.id` })
  })

  it('the gateway failing shows the error with its reason, and Try again recovers', async () => {
    const { names } = await world(1)
    const real = globalThis.fetch
    let fail = true
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (fail && url.includes('/v1/profile/')) return Promise.resolve(new Response('down', { status: 503 }))
      return real(input, init)
    })
    const label = uniqueLabel('retry')
    names.setQuery(label)
    await settled(names)
    expect(names.getState().status).toBe('error')
    expect(names.getState().message).toEqual({
      key: 'checkFailed',
      fields: { name: `${label}.portico.id`, reason: 'HTTP status code: 503' },
    })
    expect(english(names.getState().message)).toBe(
      `Could not check ${label}.portico.id: HTTP status code: 503`,
    )
    expect(names.getState().suggestionsStatus).toBe('error')
    fail = false
    await names.retry()
    expect(names.getState()).toMatchObject({ status: 'available', suggestionsStatus: 'ready' })
  })

  it('SPEC §5: on a network the gateway does not support, names calls are skipped ("Unsupported chain")', async () => {
    const { portico, names } = await world(2)
    await portico.switchNetwork(`eip155:${devnet.chains[1]!.chainId}`)
    const seen = countNameRequests()
    names.setQuery(uniqueLabel('unsup'))
    await settled(names)
    expect(names.getState()).toMatchObject({ status: 'unsupported', message: { key: 'unsupportedNetwork' } })
    expect(english(names.getState().message)).toBe(
      'Unsupported chain: names are not available on this network.',
    )
    expect(seen).toEqual([])
  })

  it('without a gateway (no apiUrl) the view says names need one, and nothing is sent', async () => {
    const names = new NamesController({
      api: undefined,
      zone: 'portico.id',
      debounceMs: 0,
      account: () => undefined,
      signTypedData: () => Promise.reject(new Error('unused')),
      refreshProfile: () => Promise.resolve(),
    })
    names.setQuery('ada-lovelace')
    await names.checkNow()
    expect(names.getState()).toMatchObject({ status: 'unsupported', message: { key: 'noGateway' } })
    expect(english(names.getState().message)).toBe('Names need a Portico gateway (set apiUrl).')
  })
})

describe("Send's receiver: ENS names (*.eth) resolve through the gateway", () => {
  it('alice.eth resolves to its addr record on anvil, shown with the source "ens"', async () => {
    const { portico } = await world(3)
    expect(await portico.resolveName({ name: 'Alice.eth' })).toEqual({
      name: 'alice.eth',
      address: devnet.fixtures.ens.names['alice.eth'],
      source: 'ens',
    })
  })

  it('a name with no address is NameNotFoundError ("No address is registered for this name")', async () => {
    const { portico } = await world(3)
    const failure = portico.resolveName({ name: `${uniqueLabel('nobody')}.eth` })
    await expect(failure).rejects.toBeInstanceOf(NameNotFoundError)
    await expect(failure).rejects.toThrow('No address is registered for this name')
  })

  it('SPEC §5: ENS calls are skipped when the active network is unsupported ("Unsupported chain")', async () => {
    const { portico } = await world(3)
    await portico.switchNetwork(`eip155:${devnet.chains[1]!.chainId}`)
    const real = globalThis.fetch
    const seen: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/ens/')) seen.push(url)
      return real(input, init)
    })
    await expect(portico.resolveName({ name: 'alice.eth' })).rejects.toBeInstanceOf(UnsupportedChainError)
    expect(seen).toEqual([])
  })
})

describe('registration (EIP-712 signed by the connected wallet, posted to the gateway)', () => {
  it("the plugin's typed data hashes exactly as the gateway's", () => {
    const fields = {
      name: 'ada-1.portico.id',
      address: devnet.fixtures.accounts[0]!.address,
      coin_type: 60,
      timestamp: 1_790_000_000_000,
      attributes: { b: '2', a: '1' },
    }
    // Typed data as the wallet gets it (a JSON number timestamp) and as the gateway rebuilds it (a bigint).
    const ours = registrationTypedData(fields) as unknown as Parameters<typeof hashTypedData>[0]
    expect(hashTypedData(ours)).toBe(hashTypedData(gatewayTypedData(fields)))
  })

  it('registers the name; the profile name shows at once although "no name" was cached for 24 h', async () => {
    const { portico, names } = await world(3)
    await vi.waitFor(() => expect(portico.getState().accounts.eip155?.profileName).toBeUndefined())
    // The identity call ran on connect and its "no name" answer is cached by the client.
    await portico.refreshProfile('eip155')
    const label = uniqueLabel('reg')
    names.setQuery(label)
    await settled(names)
    expect(await names.register()).toBe(true)
    expect(names.getState().registration).toEqual({ status: 'success', name: `${label}.portico.id` })
    expect(portico.getState().accounts.eip155?.profileName).toBe(`${label}.portico.id`)

    const record = await fetch(`${gatewayUrl}/v1/profile/account/${label}.portico.id?projectId=local`)
    expect(record.status).toBe(200)
    const body = (await record.json()) as { addresses: Record<string, { address: string }> }
    expect(body.addresses['60']?.address).toBe(devnet.fixtures.accounts[3]!.address.toLowerCase())

    // Searching it again says it is yours, not taken.
    names.setQuery(label)
    await settled(names)
    expect(names.getState().status).toBe('yours')
  })

  it('a name taken between the check and the registration fails honestly with "success false"', async () => {
    const { names } = await world(4)
    const label = uniqueLabel('race')
    names.setQuery(label)
    await settled(names)
    expect(names.getState().status).toBe('available')
    await registerDirectly(devnet, gatewayUrl, 8, label)
    expect(await names.register()).toBe(false)
    expect(names.getState().registration).toEqual({
      status: 'failed',
      name: `${label}.portico.id`,
      error: { key: 'registrationRefused', fields: { name: `${label}.portico.id` } },
    })
    expect(english(names.getState().registration.error)).toBe(
      `The gateway did not register ${label}.portico.id (success false). Try again or choose another name.`,
    )
  })

  it('a declined signature fails with the reason and posts nothing', async () => {
    const api = new HttpBlockchainApi({ baseUrl: gatewayUrl, projectId: 'local' })
    const names = new NamesController({
      api,
      zone: 'portico.id',
      debounceMs: 0,
      account: () => ({ address: devnet.fixtures.accounts[5]!.address, caipNetworkId: 'eip155:31337' }),
      signTypedData: () => Promise.reject(new Error('User rejected the request.')),
      refreshProfile: () => Promise.resolve(),
    })
    const seen = countNameRequests()
    names.setQuery(uniqueLabel('declined'))
    await names.checkNow()
    expect(names.getState().status).toBe('available')
    expect(await names.register()).toBe(false)
    expect(names.getState().registration.error).toEqual({
      key: 'registrationFailed',
      fields: { reason: 'User rejected the request.' },
    })
    expect(english(names.getState().registration.error)).toBe(
      'Registration failed: User rejected the request.',
    )
    expect(seen.filter((u) => !u.includes('/v1/profile/account/') && !u.includes('suggestions'))).toEqual([])
  })

  it('register() does nothing unless the name was found available', async () => {
    const { names } = await world(4)
    names.setQuery('ada')
    expect(await names.register()).toBe(false)
    expect(names.getState().registration.status).toBe('idle')
  })
})
