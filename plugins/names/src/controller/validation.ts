import { isValidNameLabel } from '@portico/core'
import type { NamesMessage } from './messages.js'

/** The gateway keeps DNS's 63-character limit for a label. */
export const MAX_LABEL_LENGTH = 63

/** What a typed name is: the label (lower case, zone suffix removed) or why it cannot be registered. */
export type NameCheck = { ok: true; label: string } | { ok: false; problem: NamesMessage }

/**
 * SPEC §5: a name to register is at least 4 letters, digits or hyphens
 * (`isValidNameLabel`); `ada.portico.id` counts as its label `ada`. Spaces
 * around the text are ignored; anything else (a dot, a symbol, an emoji)
 * is refused with the SPEC rule's message key (`invalidName`; English:
 * "A name needs at least 4 characters of letters, digits or hyphens").
 *
 * @example
 * checkName('Ada-1', 'portico.id') // { ok: true, label: 'ada-1' }
 * checkName('ada', 'portico.id')   // { ok: false, problem: { key: 'invalidName' } }
 */
export function checkName(text: string, zone: string): NameCheck {
  let label = text.trim().toLowerCase()
  if (label.endsWith(`.${zone}`)) label = label.slice(0, -(zone.length + 1))
  if (!isValidNameLabel(label)) return { ok: false, problem: { key: 'invalidName' } }
  if (label.length > MAX_LABEL_LENGTH) return { ok: false, problem: { key: 'tooLong' } }
  return { ok: true, label }
}
