import type { PorticoStorage } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_TYPE_STORAGE_KEY, preferredAccountType } from './account-type.js'

function memory(): PorticoStorage {
  const m = new Map<string, unknown>()
  return {
    get: <T>(k: string, ok?: (v: unknown) => v is T) => {
      const v = m.get(k)
      return v === undefined || (ok && !ok(v)) ? undefined : (v as T)
    },
    set: (k, v) => void m.set(k, v),
    remove: (k) => void m.delete(k),
  }
}

describe('SPEC §3 preferredAccountType of an embedded-wallet login on EVM (issue 30)', () => {
  it("a smart account by default; the site's 'eoa' when it says so; the visitor's stored switch over both; a foreign stored value ignored", () => {
    const storage = memory()
    expect(preferredAccountType(storage, undefined)).toBe('smartAccount')
    expect(preferredAccountType(storage, 'eoa')).toBe('eoa')
    storage.set(ACCOUNT_TYPE_STORAGE_KEY, 'smartAccount')
    expect(preferredAccountType(storage, 'eoa')).toBe('smartAccount')
    storage.set(ACCOUNT_TYPE_STORAGE_KEY, 'eoa')
    expect(preferredAccountType(storage, undefined)).toBe('eoa')
    storage.set(ACCOUNT_TYPE_STORAGE_KEY, 'contract')
    expect(preferredAccountType(storage, undefined)).toBe('smartAccount')
  })
})
