import { createWallet, reassemble, saveDeviceShare } from '../keys.js'
import { askPassphrase } from '../passphrase.js'
import {
  deriveRecovery,
  openRecovery,
  parseRecoveryKdf,
  sealRecovery,
  WrongPassphraseError,
} from '../recovery.js'
import { ft } from '../strings.js'
import { api, Refusal, setUi } from './env.js'

/** The session's wallet; a first login makes one (device share here, auth share on the gateway). */
export async function wallet(t: string): Promise<{ address: string; auth: string }> {
  try {
    const stored = await api<{ address: string; share: string }>('GET', '/v1/auth/share', undefined, t)
    return { address: stored.address, auth: stored.share }
  } catch (error) {
    if (!(error instanceof Refusal) || error.info.status !== 404) throw error
  }
  const w = await createWallet()
  await saveDeviceShare(w.address, w.device)
  // The auth share goes to the gateway only with its sealed recovery share (issue 29): a prompt
  // abandoned here stores nothing, and the next login makes a wallet again. The verifier goes with
  // them: every later release of the recovery share needs the passphrase proven online.
  const recovery = await sealedRecovery(w.address, w.recovery)
  await api(
    'PUT',
    '/v1/auth/share',
    { address: w.address, share: w.auth, recovery: recovery.blob, recoveryVerifier: recovery.verifier },
    t,
  )
  return { address: w.address, auth: w.auth }
}

/** First device: the visitor sets a passphrase here, in the frame; the gateway gets only the sealed share and its verifier. */
async function sealedRecovery(
  address: string,
  recovery: string,
): Promise<{ blob: string; verifier: string }> {
  setUi(true)
  let passphrase: string | undefined
  try {
    // Required: without it the wallet would live on this browser's storage alone.
    while (!passphrase) passphrase = await askPassphrase(document, { mode: 'set' })
  } finally {
    setUi(false)
  }
  return sealRecovery(recovery, passphrase, address)
}

const recoveryLocked = () =>
  new Refusal({
    code: 'recovery_locked',
    message: 'Wrong passphrase. Recovery is locked for now: try again later.',
  })

/**
 * A device without a device share (issue 14, "a second device needs the
 * recovery passphrase"): the passphrase typed here opens the recovery share;
 * with the auth share it must rebuild this wallet's key; then it becomes this
 * device's share. The old device's share keeps working (nothing is re-split):
 * two devices of one visitor both sign, and no gateway write can lose a share.
 *
 * Issue 29: the gateway releases the share only to a proof of the passphrase
 * (the verifier derived here from the blob's salt), counting each miss. A
 * wallet stored before the proof gets the counted release of before, and its
 * verifier is added after the unlock, signed with the rebuilt key.
 */
export async function recoverDevice(t: string, w: { address: string; auth: string }): Promise<void> {
  const status = await api<{ exists: boolean; kdf?: string; proof?: boolean }>(
    'GET',
    '/v1/auth/recovery',
    undefined,
    t,
  )
  if (!status.exists)
    throw new Refusal({
      code: 'device_share_missing',
      message: 'This device holds no key share of this wallet, and the wallet has no recovery passphrase',
    })
  const kdf = status.kdf ? parseRecoveryKdf(status.kdf) : undefined
  if (!kdf) throw new Refusal({ code: 'internal', message: 'An error occurred' })
  let error: string | undefined
  setUi(true)
  try {
    for (;;) {
      const passphrase = await askPassphrase(document, { mode: 'enter', ...(error ? { error } : {}) })
      if (passphrase === undefined) throw new Refusal({ code: 4001, message: 'Request was aborted' })
      const derived = await deriveRecovery(passphrase, kdf)
      const released = await api<
        | { released: true; blob: string; attemptsLeft: number; proof: boolean }
        | { released: false; attemptsLeft: number }
      >('POST', '/v1/auth/recovery/release', status.proof ? { verifier: derived.verifier } : {}, t)
      const wrong = (left: number) => {
        if (left <= 0) throw recoveryLocked()
        return left === 1 ? ft('wrongOne') : ft('wrongMany', { left })
      }
      if (!released.released) {
        error = wrong(released.attemptsLeft)
        continue
      }
      let share: string
      try {
        share = await openRecovery(released.blob, derived, w.address)
      } catch (e) {
        if (!(e instanceof WrongPassphraseError)) throw e
        error = wrong(released.attemptsLeft)
        continue
      }
      const key = await reassemble(w.address, w.auth, share)
      let upgrade: { verifier: string; signature: `0x${string}` } | undefined
      try {
        if (!released.proof) {
          // A wallet from before the proof: its verifier now, signed by the key only its owner could rebuild.
          const message = `Portico recovery verifier for ${w.address.toLowerCase()}: ${derived.verifier}`
          upgrade = {
            verifier: derived.verifier,
            // The EVM signer's chunk (this path runs once per pre-verifier wallet).
            signature: await (await import('../evm/index.js')).signText(key, message),
          }
        }
      } finally {
        key.fill(0)
      }
      await saveDeviceShare(w.address, share)
      await api('POST', '/v1/auth/recovery/confirm', upgrade ?? {}, t)
      return
    }
  } finally {
    setUi(false)
  }
}
