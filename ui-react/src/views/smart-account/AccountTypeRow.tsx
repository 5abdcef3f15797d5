import { useState } from 'react'
import { usePortico } from '../../context/index.js'
import { useAccount } from '../../hooks/index.js'
import { useCatalogue } from '../../i18n/index.js'
import { smartAccountStrings } from './strings.js'

/**
 * Account: which account is shown (SPEC §3 account record type) and, when the
 * wallet has both an EOA and a smart account on this network, the switch to
 * the other one (`portico.switchAccountType`). Nothing for a wallet with one
 * account type only.
 */
export function AccountTypeRow() {
  const portico = usePortico()
  const account = useAccount()
  const t = useCatalogue(smartAccountStrings)
  const [error, setError] = useState<string | undefined>()
  const records = account.allAccounts ?? []
  const active = records.find((r) => r.address === account.address)
  const hasSmart = records.some((r) => r.type === 'smartAccount')
  const hasEoa = records.some((r) => r.type === 'eoa')
  if (!active || !hasSmart) return null
  const smart = active.type === 'smartAccount'
  const other = smart ? 'eoa' : 'smartAccount'
  const onSwitch = () => {
    try {
      setError(undefined)
      portico.switchAccountType(other, account.namespace)
    } catch (e) {
      setError(`${t('switchFailed')}: ${(e as Error).message}`)
    }
  }
  return (
    <div className="row" data-testid="account-type">
      <span className="row-label">
        <span data-testid="account-type-active">{smart ? t('smartAccount') : t('eoa')}</span>
        <span className="row-sub">
          {smart && account.smartAccountDeployed === false ? t('notDeployed') : t('accountType')}
        </span>
      </span>
      {hasEoa ? (
        <button type="button" className="chip" data-testid="account-type-switch" onClick={onSwitch}>
          {smart ? t('switchToEoa') : t('switchToSmart')}
        </button>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
