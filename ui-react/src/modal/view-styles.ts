// The stylesheet of the views other than Connect (Account, Receive, Send, NFTs, Activity,
// sessions, networks, the wallet directory and plugins' views): a lazy chunk, loaded with the
// first of those views (outlet.tsx) and adopted by every modal's shadow root next to `modalCss`
// (sheets.ts `addModalCss`), so the first load carries only the shell's and Connect's rules.
// Constructable stylesheets as the rest: no <style> tags, so a strict CSP works.

/** Rules of the lazily loaded views; they come after `modalCss` in the cascade. */
export const viewsCss = /* css */ `
/* The wallet directory (AllWallets, from @portico/plugin-walletconnect): search field and virtualized rows (60px pitch). */
.search { display: block; width: 100%; box-sizing: border-box; margin-block: 0 10px; margin-inline: 0; padding-block: 10px; padding-inline: 14px; border: 1px solid var(--portico-border); border-radius: 12px; background: var(--portico-surface); color: inherit; font: inherit; }
.search::placeholder { color: var(--portico-muted); }
.search:focus-visible { outline: 2px solid var(--portico-focus-ring); outline-offset: 1px; }
.wallet-scroll { overscroll-behavior: contain; }
.wallet-scroll .row { height: 52px; padding-block: 6px; contain: strict; }
.connections { margin-block: 12px 4px; }
.connection-main { display: flex; align-items: center; gap: 4px; }
.connection .row { flex: 1; min-width: 0; gap: 10px; padding-block: 8px; cursor: default; }
.connection button.row { cursor: pointer; }
.connection .row[aria-current='true'] { box-shadow: inset 0 0 0 2px var(--portico-accent); }
.connection .wallet-icon { width: 28px; height: 28px; font-size: 13px; border-radius: 8px; }
.connection .row-label { font-size: 14px; }
.connection-wallet { display: block; overflow: hidden; text-overflow: ellipsis; }
.connection .row-sub { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.connection .row-sub .mono { unicode-bidi: isolate; }
.connection button:disabled { cursor: progress; opacity: .6; }
.connection .error-text { margin-block: 4px 0; margin-inline: 12px; }
.check { display: inline-flex; }
.profile { display: flex; flex-direction: column; align-items: center; gap: 6px; padding-block: 4px 14px; padding-inline: 0; }
.avatar { display: block; width: 64px; height: 64px; border-radius: 50%; flex: none; object-fit: cover; box-shadow: inset 0 0 0 1px var(--portico-border); }
.avatar[data-size='sm'] { width: 24px; height: 24px; }
.avatar[data-variant='0'] { background: conic-gradient(from 40deg, #6366f1, #ec4899, #f59e0b, #6366f1); }
.avatar[data-variant='1'] { background: conic-gradient(from 90deg, #0ea5e9, #22c55e, #a3e635, #0ea5e9); }
.avatar[data-variant='2'] { background: conic-gradient(from 200deg, #f43f5e, #8b5cf6, #06b6d4, #f43f5e); }
.avatar[data-variant='3'] { background: conic-gradient(from 10deg, #f97316, #facc15, #ef4444, #f97316); }
.avatar[data-variant='4'] { background: conic-gradient(from 120deg, #14b8a6, #3b82f6, #a855f7, #14b8a6); }
.avatar[data-variant='5'] { background: conic-gradient(from 300deg, #84cc16, #10b981, #0ea5e9, #84cc16); }
.avatar[data-variant='6'] { background: conic-gradient(from 60deg, #e11d48, #fb7185, #fbbf24, #e11d48); }
.avatar[data-variant='7'] { background: conic-gradient(from 160deg, #7c3aed, #2563eb, #22d3ee, #7c3aed); }
.identity { display: flex; align-items: center; gap: 6px; font-size: 18px; font-weight: 600; }
.balance { font-size: 15px; color: var(--portico-muted); font-variant-numeric: tabular-nums; }
.account-actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; margin-block: 14px 4px; }
.account-action { flex: 1 1 0; min-width: 72px; max-width: 50%; min-height: 44px; display: inline-flex; align-items: center; justify-content: center; gap: 6px; padding-block: 8px; padding-inline: 10px; border: 0; border-radius: 14px; background: var(--portico-surface); color: var(--portico-foreground); font: inherit; font-size: 13px; font-weight: 600; cursor: pointer; }
.account-action:hover { background: var(--portico-surface-hover); }
.account-action svg { flex: none; width: 16px; height: 16px; }
.receive { display: flex; flex-direction: column; align-items: stretch; gap: 10px; }
.receive-qr { align-self: center; padding: 8px; border-radius: 16px; background: #ffffff; line-height: 0; }
.receive-qr svg { width: 220px; max-width: 100%; height: auto; }
.receive-label { margin: 0; font-size: 12px; color: var(--portico-muted); text-align: center; }
.receive-address { margin: 0; padding-block: 10px; padding-inline: 12px; border-radius: 12px; background: var(--portico-surface); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; text-align: center; word-break: break-all; user-select: all; }
.receive .note { margin-block: 0; }
.receive .alert { margin-block: 0; }
.segmented { display: flex; gap: 4px; margin: 0; padding: 4px; border: 0; border-radius: 14px; background: var(--portico-surface); }
.segment { flex: 1; position: relative; display: flex; align-items: center; justify-content: center; min-height: 36px; border-radius: 10px; color: var(--portico-muted); font-size: 14px; font-weight: 600; cursor: pointer; }
.segment input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
.segment[data-checked] { background: var(--portico-background); color: var(--portico-foreground); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.1); }
.segment:focus-within { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.tabs { display: flex; gap: 4px; padding: 4px; border-radius: 14px; background: var(--portico-surface); margin-block: 4px 12px; margin-inline: 0; }
.tab { flex: 1; padding-block: 8px; padding-inline: 0; border: 0; border-radius: 10px; background: transparent; color: var(--portico-muted); font: inherit; font-size: 14px; font-weight: 600; cursor: pointer; }
.tab[aria-selected='true'] { background: var(--portico-background); color: var(--portico-foreground); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.1); }
.panel { min-height: 96px; }
.token { display: flex; align-items: center; gap: 12px; padding-block: 8px; padding-inline: 4px; }
.token-icon { flex: none; width: 36px; height: 36px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 12px; font-weight: 700; background: var(--portico-surface); color: var(--portico-accent); overflow: hidden; }
.token-name { flex: 1; min-width: 0; font-weight: 500; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.token-amount .row-sub, .token-name .row-sub { overflow: hidden; text-overflow: ellipsis; }
.token-amount { flex: none; text-align: end; font-variant-numeric: tabular-nums; font-weight: 500; }
.activity { gap: 4px; }
.activity-row { display: flex; align-items: center; gap: 12px; padding-block: 8px; padding-inline: 6px; border-radius: 12px; color: inherit; text-decoration: none; }
a.activity-row:hover { background: var(--portico-surface); }
a.activity-row:focus-visible { outline: 2px solid var(--portico-focus-ring); outline-offset: 1px; }
.activity-icon { flex: none; width: 36px; height: 36px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; background: var(--portico-surface); color: var(--portico-muted); }
.activity-icon svg { width: 18px; height: 18px; }
.activity-thumb { border-radius: 8px; overflow: hidden; }
.activity-thumb img { inline-size: 100%; block-size: 100%; object-fit: cover; display: block; }
.activity-icon[data-direction='in'] { color: var(--portico-success); background: color-mix(in srgb, var(--portico-success) 12%, transparent); }
.activity-icon[data-direction='out'] { color: var(--portico-accent); background: color-mix(in srgb, var(--portico-accent) 12%, transparent); }
.activity-body { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.activity-line { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; min-width: 0; }
.activity-line > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.activity-label { flex: 1 1 auto; font-weight: 500; }
.activity-amount { flex: 0 1 auto; font-weight: 500; font-variant-numeric: tabular-nums; text-align: end; }
.activity-amount[data-direction='in'] { color: var(--portico-success); }
.activity-counterparty { flex: 1 1 auto; }
.activity-date { flex: 0 0 auto; text-align: end; }
.activity-failed { color: var(--portico-danger); }
.session-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.session-row { display: flex; flex-direction: column; gap: 6px; padding-block: 12px; padding-inline: 12px; border-radius: 12px; background: var(--portico-surface); }
.session-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.session-copy { flex: none; min-height: 36px; padding-block: 6px; font-size: 13px; border: 1px solid var(--portico-border); background: var(--portico-background); }
.session-pci { font-size: 14px; overflow-wrap: anywhere; }
.session-text { margin: 0; font-size: 13px; color: var(--portico-muted); overflow-wrap: anywhere; text-align: start; }
.activity-more { margin-top: 8px; width: 100%; }
.skeleton-row { display: flex; align-items: center; gap: 12px; padding-block: 8px; padding-inline: 6px; }
.skeleton { display: block; border-radius: 8px; background: var(--portico-surface); animation: portico-pulse 1.2s ease-in-out infinite; }
.skeleton[data-shape='circle'] { flex: none; width: 36px; height: 36px; border-radius: 50%; }
.skeleton-lines { flex: 1; display: flex; flex-direction: column; gap: 6px; }
.skeleton[data-shape='line'] { height: 12px; width: 70%; }
.skeleton[data-shape='short'] { height: 10px; width: 40%; }
.network-dot { flex: none; width: 32px; height: 32px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-weight: 700; font-size: 13px; color: #fff; background: linear-gradient(135deg, #6366f1, #06b6d4); }
.network-dot[data-variant='1'] { background: linear-gradient(135deg, #f59e0b, #ef4444); }
.network-dot[data-variant='2'] { background: linear-gradient(135deg, #10b981, #3b82f6); }
.network-dot[data-variant='3'] { background: linear-gradient(135deg, #a855f7, #ec4899); }
.code { width: 100%; margin-block: 4px 0; margin-inline: 0; padding: 12px; border-radius: 12px; background: var(--portico-surface); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; text-align: start; white-space: pre-wrap; word-break: break-word; max-height: 160px; overflow: auto; }
.kv { width: 100%; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 13px; text-align: start; }
.kv dt { color: var(--portico-muted); } .kv dd { margin: 0; text-align: end; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.send-fee dd, .kv dd.send-fee-text { word-break: normal; overflow-wrap: anywhere; }
.check { color: var(--portico-success); }
/* WalletSend: amount with Max beside it, the resolved name, the success ring at rest. */
.send-amount { display: flex; gap: 8px; align-items: flex-start; }
.send-amount .search { flex: 1; }
.send-amount .chip { margin-block-start: 6px; }
.send-balance, .send-resolved { margin-block: -6px 10px; margin-inline: 4px; font-size: 12px; word-break: break-all; }
.send-form .error-text { margin-block: 0 10px; margin-inline: 4px; }
.send-fee { margin-block: 4px 10px; }
.send-heading { margin-block: 0 12px; font-size: 16px; font-weight: 600; }
.send-name { font-family: inherit; font-weight: 600; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* NFTs tab: square frames so the grid never jumps while images load; a labelled fallback tile. */
.nft-group { margin-block-end: 12px; }
.nft-collection { margin-block: 8px; margin-inline: 4px; font-size: 13px; font-weight: 600; }
.nft-collection .row-sub { display: inline; margin-inline-start: 4px; font-weight: 400; }
.nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
.nft-tile { width: 100%; display: flex; flex-direction: column; gap: 4px; padding: 4px; border: 0; border-radius: 12px; background: none; color: inherit; font: inherit; text-align: start; cursor: pointer; }
.nft-tile:hover { background: var(--portico-surface); }
.nft-tile:focus-visible { outline: 2px solid var(--portico-focus-ring); outline-offset: 1px; }
.nft-frame { display: block; width: 100%; aspect-ratio: 1 / 1; border-radius: 10px; overflow: hidden; background: var(--portico-surface); }
.nft-frame[data-size='large'] { max-inline-size: 220px; margin-inline: auto; }
.nft-img { display: block; width: 100%; height: 100%; object-fit: cover; }
.nft-fallback { display: flex; align-items: center; justify-content: center; padding: 6px; text-align: center; font-size: 12px; color: var(--portico-muted); }
.nft-name { font-size: 12px; font-weight: 500; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.nft-count { font-size: 11px; color: var(--portico-muted); }
.nft-back { align-self: flex-start; }
.nft-back-icon { display: inline-flex; }
.nft-description { margin: 0; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; text-align: start; }
`
