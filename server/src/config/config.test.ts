import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './index.js'

describe('gateway configuration', () => {
  it('defaults: loopback, port 8787, SQLite under the data dir, a local project allowing localhost origins', () => {
    const c = resolveConfig({})
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8787, dataDir: '.portico-data', bodyLimit: 65536 })
    expect(c.databaseUrl).toBeUndefined()
    expect(c.projects).toEqual([DEFAULT_LOCAL_PROJECT])
  })

  it('the file is read first, then PORT / HOST / DATABASE_URL / PORTICO_DATA_DIR / LOG_LEVEL override it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    const file = join(dir, 'c.json')
    writeFileSync(
      file,
      JSON.stringify({
        port: 9000,
        logLevel: 'warn',
        projects: [{ id: 'p', name: 'P', allowedOrigins: [] }],
      }),
    )
    const c = loadConfig(['--config', file], {
      PORT: '0',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      LOG_LEVEL: 'error',
    })
    expect(c.port).toBe(0)
    expect(c.databaseUrl).toBe('postgres://x@127.0.0.1/db')
    expect(c.logLevel).toBe('error')
    expect(c.projects.map((p) => p.id)).toEqual(['p'])
    expect(loadConfig([], { PORTICO_CONFIG: file }).port).toBe(9000)
  })

  it('invalid files and values fail with a ConfigError that names the problem', () => {
    expect(() => resolveConfig({ port: 'x' })).toThrow(/\/port/)
    expect(() => resolveConfig({}, { PORT: '99999' })).toThrow(ConfigError)
    expect(() => resolveConfig({ networks: [{ caipNetworkId: 'eth', rpcUrl: 'x' }] })).toThrow(
      /caipNetworkId/,
    )
    const dup = { id: 'a', name: 'A', allowedOrigins: [] }
    expect(() => resolveConfig({ projects: [dup, dup] })).toThrow(/duplicate project id a/)
    expect(() => loadConfig(['--config', '/nonexistent.json'], {})).toThrow(/cannot read/)
    const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    writeFileSync(join(dir, 'bad.json'), '{ nope')
    expect(() => loadConfig(['--config', join(dir, 'bad.json')], {})).toThrow(/not valid JSON/)
  })
})
