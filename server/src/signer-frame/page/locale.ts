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
