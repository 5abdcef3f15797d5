/** The locales the signer frame ships (its catalogues: strings.ts and each namespace's strings.ts). */
export const FRAME_LOCALES = ['en', 'es', 'zh', 'ja', 'ar'] as const
export type FrameLocale = (typeof FRAME_LOCALES)[number]

/**
 * The catalogue locale for a BCP 47 tag (`es-MX` → `es`, `zh-Hans-CN` → `zh`),
 * English when none. Kept apart from the catalogues so a namespace's lazily
 * loaded keys choose their locale without carrying the frame's main catalogue.
 */
export function frameLocale(tag: string | null | undefined): FrameLocale {
  const base = (tag ?? '').toLowerCase().split('-')[0] ?? ''
  return (FRAME_LOCALES as readonly string[]).includes(base) ? (base as FrameLocale) : 'en'
}

/** `{name}` placeholders of `text` filled from `values` (values are text, never HTML). */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m))
}

/**
 * A namespace card's translator: a string of `catalogue` in the frame's
 * locale (its `<html lang>`, set at start), placeholders filled.
 */
export function cardStrings<K extends string>(
  catalogue: Readonly<Record<FrameLocale, Readonly<Record<K, string>>>>,
) {
  return (key: K, values: Record<string, string | number> = {}): string =>
    fill(catalogue[frameLocale(globalThis.document?.documentElement.lang)][key], values)
}
