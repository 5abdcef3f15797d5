import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'

/** AllWallets: the wallet directory needs the gateway; until it is wired, say so honestly. */
export default function AllWalletsView() {
  const t = useStrings()
  useViewTitle(t('allWalletsTitle'))
  return <p className="empty">{t('allWalletsEmpty')}</p>
}
