import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { NetworkList } from './NetworkList.js'

/** Networks: pick the network to switch to. */
export default function NetworksView() {
  const t = useStrings()
  useViewTitle(t('networksTitle'))
  return <NetworkList />
}
