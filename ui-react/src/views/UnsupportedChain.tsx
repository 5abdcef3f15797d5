import { usePortico } from '../context/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { NetworkList } from './NetworkList.js'

/** UnsupportedChain: the wallet sits on a chain not configured; offer the supported ones and disconnect. */
export default function UnsupportedChainView() {
  const portico = usePortico()
  const t = useStrings()
  useViewTitle(t('unsupportedTitle'))
  return (
    <>
      <p className="note" data-testid="unsupported-text">
        {t('unsupportedText')}
      </p>
      <div className="section">
        <NetworkList />
        <button
          type="button"
          className="button"
          data-variant="danger"
          onClick={() => void portico.disconnect()}
        >
          {t('disconnect')}
        </button>
      </div>
    </>
  )
}
