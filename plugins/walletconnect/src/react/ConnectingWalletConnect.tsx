import type { Views } from '@portico/core'
import { useCatalogue, usePorticoState, useViewTitle } from '@portico/react'
import { useEffect, useRef } from 'react'
import { getWalletLink, openWalletLink } from '../deeplink/index.js'
import { PairingPanel } from './ConnectingWalletConnectBasic.js'
import { usePairing, useWalletConnect } from './shared.js'
import { walletConnectStrings } from './strings.js'

/**
 * ConnectingWalletConnect: the pairing QR with the chosen wallet's icon, "Copy
 * link", and "Open <wallet>" through its deep link (native `scheme://` or
 * universal `https://`). On mobile the wallet opens as soon as the URI exists.
 */
export default function ConnectingWalletConnectView() {
  const { portico, instance } = useWalletConnect()
  const data = usePorticoState((s) => s.router.data) as Views['ConnectingWalletConnect']
  const wallet = data?.walletId ? instance.wallets.get(data.walletId) : undefined
  const { state, error, retry } = usePairing(portico, instance.connector)
  const t = useCatalogue(walletConnectStrings)
  const name = wallet?.name ?? 'WalletConnect'
  useViewTitle(name)
  const mobile = instance.isMobile()
  const link = wallet && state.uri ? getWalletLink(wallet, state.uri, { mobile }) : undefined
  const icon =
    wallet?.image_url ??
    (wallet && instance.directory ? instance.directory.getImageUrl('wallet', wallet.image_id) : undefined)

  // Mobile: hand the URI to the wallet app once (the visitor tapped the wallet to get here).
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!mobile || !link || opened.current === link.redirect || typeof window === 'undefined') return
    opened.current = link.redirect
    openWalletLink(link, window, { mobile })
  }, [mobile, link])

  return (
    <PairingPanel
      uri={state.uri}
      error={error}
      retry={retry}
      icon={icon}
      label={wallet ? t('scanWith', { name: wallet.name }) : t('scanWithYourWallet')}
    >
      {link ? (
        <a className="button" data-variant="primary" href={link.redirect} data-link-kind={link.kind}>
          {t('open', { name })}
        </a>
      ) : null}
    </PairingPanel>
  )
}
