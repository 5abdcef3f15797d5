import { useCallback, useState } from 'react'
import { safeImageSrc } from '../format/index.js'

export interface ImageSource {
  /** The URL to put in `<img src>`; undefined when there is none, it is unsafe, or it failed to load. */
  src: string | undefined
  /** `<img onError>`: the image could not be shown (blocked by the page's CSP `img-src`, 404, bad data). */
  onError: () => void
}

/**
 * An untrusted image (wallet icon, avatar, token or network icon): only data:/http(s) URLs are used,
 * and one that fails to load is dropped so the caller renders its letter/placeholder instead of a
 * broken image. A new URL gets a new try.
 */
export function useImageSource(url: string | undefined): ImageSource {
  const safe = safeImageSrc(url)
  const [failed, setFailed] = useState<string | undefined>()
  const onError = useCallback(() => setFailed(safe), [safe])
  return { src: safe !== undefined && failed !== safe ? safe : undefined, onError }
}
