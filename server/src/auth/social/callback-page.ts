/**
 * The page the provider sends the popup back to (on the signer origin). Its
 * script hands `{ code, state }` (or the provider's error) to the signer
 * frame: to the frames of the window that opened the popup, with this origin
 * as the target (only the signer frame has it), and on a BroadcastChannel
 * of this origin as a fallback when the opener is gone. Then it closes.
 */
export const CALLBACK_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signing in…</title>
<link rel="stylesheet" href="/frame.css">
</head>
<body>
<p id="status">Signing in… you can close this window if it stays open.</p>
<script type="module" src="/v1/auth/social/callback.js"></script>
</body>
</html>
`

export const CALLBACK_JS = `const q = new URLSearchParams(location.search)
const msg = { portico: 'embedded-wallet-social', v: 1, state: q.get('state') || '', code: q.get('code') || '', error: q.get('error') || '' }
history.replaceState(null, '', location.pathname)
let viaOpener = false
try {
  const o = window.opener
  if (o) for (let i = 0; i < o.frames.length; i++) { o.frames[i].postMessage(msg, location.origin); viaOpener = true }
} catch (e) { console.warn('[portico signer] could not reach the opener', e) }
try { const c = new BroadcastChannel('portico-embedded-wallet-social'); c.postMessage(msg); c.close() } catch (e) { console.warn('[portico signer] no BroadcastChannel', e) }
// With an opener, the modal closes this window once the session exists (closing first would read as "gave up").
if (!viaOpener) setTimeout(() => window.close(), 500)
`
