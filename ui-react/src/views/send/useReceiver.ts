import type { ChainNamespace } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../../context/index.js'

/** What the receiver field holds: nothing, an address (checked by Send), or a name being / been resolved. */
export type Receiver =
  | { kind: 'empty' }
  | { kind: 'address'; address: string }
  | { kind: 'resolving'; name: string }
  | { kind: 'resolved'; name: string; address: string }
  | { kind: 'error'; name: string; error: unknown }

/** A dot marks a name (`ada.portico.id`, `alice.eth`): no namespace's address has one (core's rule too). */
const isNameLike = (text: string) => text.includes('.')

/** Typing pauses this long before a name is looked up. */
const RESOLVE_DEBOUNCE_MS = 350

/**
 * The receiver field's meaning: text with a dot is a name, resolved through
 * `portico.resolveName` (debounced; a lookup for older text is aborted and
 * its answer dropped); anything else is an address, checked by Send itself.
 */
export function useReceiver(text: string, namespace: ChainNamespace | undefined): Receiver {
  const portico = usePortico()
  const trimmed = text.trim()
  const named = isNameLike(trimmed)
  // The answer is kept with the text it was for: older text's answer never describes new text.
  const [lookup, setLookup] = useState<{ text: string; receiver: Receiver }>({
    text: '',
    receiver: { kind: 'empty' },
  })

  useEffect(() => {
    if (!named) return
    setLookup({ text: trimmed, receiver: { kind: 'resolving', name: trimmed } })
    const abort = new AbortController()
    const timer = setTimeout(() => {
      portico.resolveName({ name: trimmed, ...(namespace ? { namespace } : {}), signal: abort.signal }).then(
        (found) =>
          !abort.signal.aborted &&
          setLookup({
            text: trimmed,
            receiver: { kind: 'resolved', name: found.name, address: found.address },
          }),
        (error: unknown) =>
          !abort.signal.aborted &&
          setLookup({ text: trimmed, receiver: { kind: 'error', name: trimmed, error } }),
      )
    }, RESOLVE_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [portico, named, trimmed, namespace])

  if (trimmed === '') return { kind: 'empty' }
  if (!named) return { kind: 'address', address: trimmed }
  return lookup.text === trimmed ? lookup.receiver : { kind: 'resolving', name: trimmed }
}

/** The address Send goes to, when the field holds one (typed or resolved). */
export function receiverAddress(r: Receiver): string | undefined {
  return r.kind === 'address' || r.kind === 'resolved' ? r.address : undefined
}
