import { useCatalogue, usePortico } from '@portico/react'
import { registrations } from '../../plugin.js'
import { farcasterStrings } from './strings.js'

/** The Farcaster row among the Connect view's social options (only when the project enables it). */
export function FarcasterButton({ disabled }: { disabled?: boolean }) {
  const portico = usePortico()
  const t = useCatalogue(farcasterStrings)
  if (!registrations.get(portico)?.farcaster) return null
  return (
    <li>
      <button
        type="button"
        className="row"
        data-farcaster-login=""
        disabled={disabled}
        onClick={() => portico.router.push('ConnectingFarcaster')}
      >
        <span className="row-label">{t('button')}</span>
      </button>
    </li>
  )
}
