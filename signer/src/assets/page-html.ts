/** The signer page: a script and a stylesheet of its own, nothing from elsewhere (CSP below). */
export const FRAME_HTML = `<!doctype html>
<html lang="en" data-visible="false">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portico signer</title>
<link rel="stylesheet" href="/frame.css">
</head>
<body>
<script type="module" src="/frame.js"></script>
</body>
</html>
`

export const FRAME_CSS = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45)}
html[data-visible=false] body{background:transparent}
.card{background:Canvas;color:CanvasText;border-radius:16px;padding:20px;width:min(340px,90vw);box-shadow:0 8px 40px rgba(0,0,0,.3);max-block-size:96vh;overflow:auto;box-sizing:border-box}
.card h1{font-size:18px;margin:0 0 12px}
.card pre{white-space:pre-wrap;word-break:break-word;font:13px ui-monospace,monospace;background:color-mix(in srgb,CanvasText 6%,Canvas);padding:8px;border-radius:8px;max-height:40vh;overflow:auto}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:12px}
button{font:inherit;padding:8px 16px;border-radius:10px;border:1px solid color-mix(in srgb,CanvasText 25%,Canvas);background:Canvas;color:CanvasText;cursor:pointer}
button.primary{background:#1f5eff;border-color:#1f5eff;color:#fff}
.card label{display:block;margin-block:10px;font-size:14px}
.card input{display:block;box-sizing:border-box;inline-size:100%;margin-block-start:4px;padding:8px;font:inherit;border-radius:8px;border:1px solid color-mix(in srgb,CanvasText 35%,Canvas);background:Canvas;color:CanvasText}
.card .error{color:#d0302f;min-block-size:1em;margin-block:6px;font-size:14px}
@media (prefers-color-scheme:dark){.card .error{color:#ff8a80}}
button:focus-visible{outline:2px solid #1f5eff;outline-offset:2px}
.card .warning{color:#a11d1d;font-weight:600;line-height:1.4}
.card .note{font-size:13px;overflow-wrap:anywhere;min-block-size:1em}
.card .label{font-size:14px;margin-block:8px 4px}
.card[data-export]{max-block-size:96vh;overflow:auto;box-sizing:border-box}
.card pre[data-export-key],.card pre[data-export-solana-key],.card pre[data-export-chain-key]{user-select:all;direction:ltr;text-align:left;word-break:break-all}
@media (prefers-color-scheme:dark){.card .warning{color:#ffb4a9}}
.card p[data-warning]{background:color-mix(in srgb,#d0302f 12%,Canvas);border:1px solid #d0302f;border-radius:8px;padding:8px;margin-block:8px}
.card .detail-head{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:14px;margin-block:8px 4px}
.card .detail-head button{padding:4px 10px;font-size:13px}
.card pre.full{max-height:30vh;user-select:text}
.card .blocked{color:#a11d1d}
@media (prefers-color-scheme:dark){.card .blocked{color:#ffb4a9}}
button.primary[aria-disabled=true]{opacity:.55;cursor:not-allowed}
.actions.wrap{flex-wrap:wrap}
a.button{font:inherit;padding:8px 16px;border-radius:10px;border:1px solid #1f5eff;text-decoration:none;display:inline-block}
a.button.primary{background:#1f5eff;color:#fff}
a.button:focus-visible{outline:2px solid #1f5eff;outline-offset:2px}
.card[tabindex="-1"]:focus{outline:none}
.card .qr{display:flex;justify-content:center;margin-block:8px}
.card .qr svg{max-inline-size:100%;block-size:auto}
`
