import { ProviderError } from './types.js'

/**
 * One JSON request to a provider's API with a time limit. Non-2xx answers
 * and bodies that are not JSON become `ProviderError` (never echoed raw to
 * the visitor: the provider's text goes to the log through the cause).
 */
export async function providerFetch<T>(
  provider: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    })
  } catch (cause) {
    throw new ProviderError(provider, 'unreachable', { cause })
  }
  const text = await res.text()
  if (!res.ok) {
    throw new ProviderError(provider, `HTTP ${res.status}`, { cause: new Error(text.slice(0, 500)) })
  }
  try {
    return JSON.parse(text) as T
  } catch (cause) {
    throw new ProviderError(provider, 'answer is not JSON', { cause })
  }
}

/** Reads a field that must be a non-empty string in a provider's answer. */
export function str(provider: string, value: unknown, what: string): string {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  throw new ProviderError(provider, `answer has no ${what}`)
}
