import type { PreparedSend } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { useCatalogue } from '../../i18n/index.js'
import { smartAccountStrings } from './strings.js'

/** The adapter's user-operation pricing, read structurally (only the EVM adapter with smart accounts has it). */
interface PricesUserOperations {
  priceUserOperation(p: {
    address: string
    caipNetworkId: string
    request: unknown
  }): Promise<{ sponsored: boolean; sponsorName?: string } | undefined>
}

/** The page's host, as the address bar shows it. */
function pageOrigin(): string {
  return globalThis.location?.host || globalThis.location?.origin || ''
}

/**
 * Send's confirm step: "Sponsored by <site>" when the sender is a smart
 * account whose gas the site's paymaster agreed to pay: the name the site
 * gives itself (`createPortico`'s `metadata.name`), else "the site at <host>". Nothing otherwise;
 * a failed check is logged and shows nothing (the fee line says what is paid).
 */
export function SponsoredNote({ prepared }: { prepared: PreparedSend }) {
  const portico = usePortico()
  const t = useCatalogue(smartAccountStrings)
  const [sponsor, setSponsor] = useState<string | undefined>()
  useEffect(() => {
    let live = true
    const adapter = portico.getAdapter(prepared.namespace) as Partial<PricesUserOperations> | undefined
    if (typeof adapter?.priceUserOperation !== 'function') return
    adapter
      .priceUserOperation({
        address: prepared.from,
        caipNetworkId: prepared.caipNetworkId,
        request: prepared.request,
      })
      .then(
        (priced) => {
          if (live) setSponsor(priced?.sponsored ? (priced.sponsorName ?? '') : undefined)
        },
        (error: unknown) => live && console.warn('Portico: the sponsorship could not be checked', error),
      )
    return () => {
      live = false
    }
  }, [portico, prepared])
  if (sponsor === undefined) return null
  // The site's name (its app metadata, or the adapter's `sponsorName`); only the origin known: labelled as the site's address.
  return (
    <p className="note" data-testid="send-sponsored">
      {sponsor ? t('sponsoredBy', { name: sponsor }) : t('sponsoredBySite', { origin: pageOrigin() })}
    </p>
  )
}

/** True for the paymaster's refusal of a smart account's send (`SponsorshipRefusedError`). */
export function isSponsorshipRefused(error: unknown): error is { details?: string; reason?: string } {
  return (error as { code?: unknown } | undefined)?.code === 'SPONSORSHIP_REFUSED'
}

/**
 * Send failed because the site's paymaster refused to pay the gas: its
 * reason, and the choice of paying the gas from the account instead.
 */
export function SponsorshipRefused({
  error,
  onPaySelf,
  onEdit,
  editLabel,
}: {
  error: { details?: string; reason?: string }
  onPaySelf(): void
  onEdit(): void
  editLabel: string
}) {
  const t = useCatalogue(smartAccountStrings)
  return (
    <div className="center" aria-live="polite" data-testid="send-sponsorship-refused">
      <h3>{t('sponsorshipRefused')}</h3>
      <p className="error-text" role="alert" data-testid="send-sponsorship-reason">
        {error.details ?? error.reason ?? ''}
      </p>
      <p className="note">{t('payGasHint')}</p>
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={onEdit}>
          {editLabel}
        </button>
        <button
          type="button"
          className="button"
          data-variant="primary"
          data-testid="send-pay-gas"
          onClick={onPaySelf}
        >
          {t('payGasYourself')}
        </button>
      </div>
    </div>
  )
}
