// Styles as text, adopted as constructable stylesheets (no <style> tags, no
// style attributes), so a strict CSP (`style-src 'self'`) works. No remote
// fonts or images: the system font stack and CSS-only shapes.

/**
 * The theme variables, with their light defaults. Override any of them with
 * `<PorticoModal themeVariables={{ '--portico-accent': '#e11d48' }} />`.
 */
export const themeVariableDefaults = {
  '--portico-accent': '#4f46e5',
  '--portico-accent-foreground': '#ffffff',
  '--portico-font-family':
    "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--portico-font-size': '15px',
  '--portico-radius': '20px',
  '--portico-z-index': '999',
  '--portico-background': '#ffffff',
  '--portico-foreground': '#0f172a',
  '--portico-muted': '#556070',
  '--portico-surface': '#f1f5f9',
  '--portico-surface-hover': '#e2e8f0',
  '--portico-border': 'rgba(15, 23, 42, 0.08)',
  '--portico-overlay': 'rgba(15, 23, 42, 0.45)',
  '--portico-success': '#15803d',
  '--portico-danger': '#b91c1c',
  '--portico-focus-ring': 'rgba(79, 70, 229, 0.45)',
} as const

export type ThemeVariables = Partial<Record<keyof typeof themeVariableDefaults, string>>

const dark: ThemeVariables = {
  '--portico-accent': '#818cf8',
  '--portico-accent-foreground': '#0b1020',
  '--portico-background': '#14161f',
  '--portico-foreground': '#f1f5f9',
  '--portico-muted': '#94a3b8',
  '--portico-surface': '#1e2130',
  '--portico-surface-hover': '#282c3f',
  '--portico-border': 'rgba(255, 255, 255, 0.08)',
  '--portico-overlay': 'rgba(0, 0, 0, 0.6)',
  '--portico-success': '#4ade80',
  '--portico-danger': '#f87171',
  '--portico-focus-ring': 'rgba(129, 140, 248, 0.55)',
}

function decls(vars: ThemeVariables): string {
  return Object.entries(vars)
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ')
}

/** Drops anything that could end a declaration or a rule, so a variable value can't inject CSS. */
export function sanitizeCssValue(value: string): string {
  return value.replace(/[;{}<>\\]/g, '')
}

/** `:host` rules for integrator overrides (z-index, accent, …). */
export function themeOverrideCss(vars: ThemeVariables | undefined, zIndex?: number): string {
  const entries = Object.entries(vars ?? {}).filter(([k]) => k.startsWith('--portico-'))
  const safe = Object.fromEntries(entries.map(([k, v]) => [k, sanitizeCssValue(String(v))]))
  if (zIndex !== undefined) safe['--portico-z-index'] = String(Math.trunc(zIndex))
  return entries.length || zIndex !== undefined ? `:host { ${decls(safe)} }` : ''
}

/**
 * The modal's first-load stylesheet (adopted by its shadow root): the shell, the Connect view and
 * the parts every view shares (rows, buttons, alerts, tags). The other views' rules are
 * `viewsCss` (view-styles.ts), a lazy chunk loaded with the first of them.
 */
export const modalCss = /* css */ `
:host { all: initial; ${decls(themeVariableDefaults)} }
:host([data-theme='dark']) { ${decls(dark)} color-scheme: dark; }
/* Embedded in a host page's flex/grid container: never wider than it (a flex item's min-width:auto would take the dialog's min-content and overflow). */
:host([data-embedded]) { display: block; width: 100%; min-width: 0; max-width: 100%; }
* , *::before, *::after { box-sizing: border-box; }
.root { font-family: var(--portico-font-family); font-size: var(--portico-font-size); color: var(--portico-foreground); line-height: 1.4; -webkit-font-smoothing: antialiased; }
.overlay { position: fixed; inset: 0; z-index: var(--portico-z-index); background: var(--portico-overlay); display: flex; align-items: center; justify-content: center; padding: 16px; animation: portico-fade 150ms ease-out; }
.dialog { position: relative; width: 360px; max-width: 100%; max-height: calc(100vh - 32px); display: flex; flex-direction: column; background: var(--portico-background); color: var(--portico-foreground); border: 1px solid var(--portico-border); border-radius: var(--portico-radius); box-shadow: 0 24px 64px -12px rgba(15, 23, 42, 0.35), 0 2px 6px rgba(15, 23, 42, 0.08); outline: none; animation: portico-pop 150ms cubic-bezier(0.2, 0.9, 0.3, 1.2); overflow: hidden; }
.dialog[data-embedded] { width: 100%; max-width: 360px; margin-block: 0; margin-inline: auto; animation: none; box-shadow: 0 1px 3px rgba(15, 23, 42, 0.08); }
.dialog[data-shake] { animation: portico-shake 500ms ease-in-out; }
@media (max-width: 429.98px) {
  .overlay { align-items: flex-end; padding: 0; }
  .dialog:not([data-embedded]) { width: 100%; border-radius: var(--portico-radius) var(--portico-radius) 0 0; max-height: 90vh; animation-name: portico-sheet; }
}
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding-block: 14px 6px; padding-inline: 14px; min-height: 56px; }
.title { margin: 0; text-align: center; font-size: 16px; font-weight: 600; letter-spacing: -0.01em; animation: portico-fade 120ms ease-out; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.icon-button { width: 36px; height: 36px; border-radius: 12px; border: 0; background: transparent; color: var(--portico-muted); display: inline-flex; align-items: center; justify-content: center; cursor: pointer; font: inherit; }
.icon-button:hover { background: var(--portico-surface); color: var(--portico-foreground); }
.icon-button svg { width: 18px; height: 18px; }
.body { overflow: hidden; transition: height 150ms ease; }
.content { padding-block: 6px 18px; padding-inline: 16px; overflow-y: auto; max-height: calc(90vh - 72px); }
.view { animation: portico-view 150ms ease-out; }
button, a { -webkit-tap-highlight-color: transparent; }
:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.group + .group, .group + .list { margin-top: 12px; }
.group-label { margin-block: 0 6px; margin-inline: 4px; font-size: 12px; font-weight: 600; letter-spacing: .02em; color: var(--portico-muted); }
.row { width: 100%; display: flex; align-items: center; gap: 12px; padding-block: 10px; padding-inline: 12px; border: 0; border-radius: 14px; background: var(--portico-surface); color: inherit; font: inherit; text-align: start; cursor: pointer; text-decoration: none; transition: background 120ms ease; }
.row:hover { background: var(--portico-surface-hover); }
.row[aria-current='true'] { box-shadow: inset 0 0 0 2px var(--portico-accent); }
.row > svg { flex: none; width: 18px; height: 18px; color: var(--portico-muted); }
.button svg, .check svg { flex: none; width: 18px; height: 18px; }
.row-label { flex: 1; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row-sub { display: block; font-size: 12px; color: var(--portico-muted); font-weight: 400; }
.tag { flex: none; font-size: 11px; font-weight: 600; padding-block: 3px; padding-inline: 8px; border-radius: 999px; background: color-mix(in srgb, var(--portico-accent) 14%, var(--portico-background)); color: var(--portico-accent); }
.tag[data-tone='muted'] { background: var(--portico-background); color: var(--portico-muted); }
/* The tag's tint is mixed with the modal background, not the row's (a hovered row lowered it below 4.5:1);
   dark: the accent on its tint is 4.4:1 at 11px (WCAG AA asks 4.5:1), so the text is lightened toward white. */
:host([data-theme='dark']) .tag:not([data-tone]) { color: color-mix(in srgb, var(--portico-accent) 60%, #ffffff); }
.wallet-icon { flex: none; width: 40px; height: 40px; border-radius: 12px; object-fit: cover; background: var(--portico-background); display: inline-flex; align-items: center; justify-content: center; font-weight: 700; color: var(--portico-accent); border: 1px solid var(--portico-border); overflow: hidden; }
.wallet-icon[data-size='lg'] { width: 72px; height: 72px; border-radius: 22px; font-size: 28px; }
.grid-icon { display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 1fr 1fr; align-items: stretch; justify-items: stretch; gap: 4px; padding: 9px; }
.grid-icon span { border-radius: 4px; background: var(--portico-surface-hover); }
.alert { display: flex; align-items: flex-start; gap: 8px; margin-block: 0 12px; margin-inline: 0; padding-block: 10px; padding-inline: 12px 8px; border-radius: 14px; font-size: 13px; background: color-mix(in srgb, var(--portico-danger) 10%, transparent); color: var(--portico-foreground); }
.alert > div { flex: 1; display: flex; flex-direction: column; gap: 2px; }
.alert[data-severity='warning'] { background: color-mix(in srgb, #f59e0b 14%, transparent); }
.alert[data-severity='info'] { background: color-mix(in srgb, var(--portico-accent) 10%, transparent); }
.note { margin-block: 14px 0; margin-inline: 4px; font-size: 12px; color: var(--portico-muted); text-align: center; }
.center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding-block: 8px 4px; padding-inline: 4px; }
.center h3 { margin-block: 6px 0; margin-inline: 0; font-size: 17px; font-weight: 600; }
.center p { margin: 0; color: var(--portico-muted); font-size: 14px; }
.ring { position: relative; padding: 6px; border-radius: 28px; }
.ring::after { content: ''; position: absolute; inset: 0; border-radius: 28px; border: 3px solid transparent; border-block-start-color: var(--portico-accent); border-inline-end-color: var(--portico-accent); animation: portico-spin 900ms linear infinite; }
.ring[data-status='error']::after { animation: none; border-color: var(--portico-danger); }
.actions { display: flex; gap: 8px; width: 100%; margin-top: 10px; }
.button { flex: 1; min-height: 44px; padding-block: 10px; padding-inline: 14px; border-radius: 14px; border: 0; font: inherit; font-weight: 600; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; gap: 8px; text-decoration: none; transition: filter 120ms ease, background 120ms ease; }
.button[data-variant='primary'] { background: var(--portico-accent); color: var(--portico-accent-foreground); }
.button[data-variant='primary']:hover { filter: brightness(1.08); }
.button[data-variant='secondary'] { background: var(--portico-surface); color: var(--portico-foreground); }
.button[data-variant='secondary']:hover { background: var(--portico-surface-hover); }
.button[data-variant='danger'] { background: color-mix(in srgb, var(--portico-danger) 12%, transparent); color: var(--portico-danger); }
.error-text { color: var(--portico-danger); font-size: 13px; word-break: break-word; }
.chip-row { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }
.chip { display: inline-flex; align-items: center; gap: 6px; padding-block: 7px; padding-inline: 12px; border-radius: 999px; border: 0; background: var(--portico-surface); color: var(--portico-foreground); font: inherit; font-size: 13px; font-weight: 500; cursor: pointer; text-decoration: none; }
.chip:hover { background: var(--portico-surface-hover); }
.chip svg { width: 14px; height: 14px; }
.empty { padding-block: 24px; padding-inline: 12px; text-align: center; color: var(--portico-muted); font-size: 14px; }
.activity-state { display: flex; flex-direction: column; align-items: center; gap: 8px; padding-block: 16px; padding-inline: 12px; text-align: center; }
.section { display: flex; flex-direction: column; gap: 8px; margin-top: 8px; }
.ring[data-status='done'] { color: var(--portico-success); }
.ring[data-status='error'] { color: var(--portico-danger); }
.ring > svg { display: block; width: 44px; height: 44px; padding: 6px; box-sizing: border-box; }
.ring[data-status='done']::after { animation: none; border-color: var(--portico-success); }
/* Right to left (Arabic): the layout mirrors through logical properties; icons that point along the line mirror too. */
[dir='rtl'] .mirror-rtl { transform: scaleX(-1); }
[dir='rtl'] .view { animation-name: portico-view-rtl; }
@keyframes portico-view-rtl { from { opacity: 0; transform: translateX(-6px); } to { opacity: 1; transform: none; } }
@keyframes portico-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes portico-pop { from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; } }
@keyframes portico-sheet { from { transform: translateY(100%); } to { transform: none; } }
@keyframes portico-view { from { opacity: 0; transform: translateX(6px); } to { opacity: 1; transform: none; } }
@keyframes portico-spin { to { transform: rotate(360deg); } }
@keyframes portico-pulse { 50% { opacity: 0.45; } }
@keyframes portico-shake { 10%, 90% { transform: translateX(-1px); } 20%, 80% { transform: translateX(2px); } 30%, 50%, 70% { transform: translateX(-4px); } 40%, 60% { transform: translateX(4px); } }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
  .ring::after { border-color: var(--portico-accent); }
}
`

/** Light-DOM styles of the buttons (adopted by the document, class-scoped, no inline styles). */
export const documentCss = /* css */ `
.portico-button { ${decls({ '--portico-accent': themeVariableDefaults['--portico-accent'], '--portico-accent-foreground': '#ffffff' })} all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px; min-height: 40px; padding-block: 8px; padding-inline: 16px; border-radius: 999px; cursor: pointer; font-family: ${themeVariableDefaults['--portico-font-family']}; font-size: 15px; font-weight: 600; line-height: 1; white-space: nowrap; transition: filter 120ms ease, background 120ms ease; }
.portico-button[data-variant='primary'] { background: var(--portico-accent); color: var(--portico-accent-foreground); box-shadow: 0 4px 14px -4px color-mix(in srgb, var(--portico-accent) 60%, transparent); }
.portico-button[data-variant='primary']:hover { filter: brightness(1.08); }
.portico-button[data-variant='account'], .portico-button[data-variant='network'] { background: #ffffff; color: #0f172a; box-shadow: 0 0 0 1px rgba(15, 23, 42, 0.1), 0 2px 8px -2px rgba(15, 23, 42, 0.12); padding-block: 6px; padding-inline: 6px 14px; }
.portico-button[data-variant='network'] { padding-block: 6px; padding-inline: 6px 14px; }
.portico-button[data-variant='network'][data-unsupported] { color: #b91c1c; box-shadow: 0 0 0 1px rgba(220, 38, 38, 0.4); }
.portico-button:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.portico-button-balance { font-weight: 500; color: #64748b; font-variant-numeric: tabular-nums; }
.portico-button-avatar { width: 28px; height: 28px; border-radius: 50%; flex: none; object-fit: cover; background: conic-gradient(from 40deg, #6366f1, #ec4899, #f59e0b, #6366f1); }
.portico-button-avatar[data-variant='1'] { background: conic-gradient(from 90deg, #0ea5e9, #22c55e, #a3e635, #0ea5e9); }
.portico-button-avatar[data-variant='2'] { background: conic-gradient(from 200deg, #f43f5e, #8b5cf6, #06b6d4, #f43f5e); }
.portico-button-avatar[data-variant='3'] { background: conic-gradient(from 10deg, #f97316, #facc15, #ef4444, #f97316); }
.portico-button-avatar[data-variant='4'] { background: conic-gradient(from 120deg, #14b8a6, #3b82f6, #a855f7, #14b8a6); }
.portico-button-avatar[data-variant='5'] { background: conic-gradient(from 300deg, #84cc16, #10b981, #0ea5e9, #84cc16); }
.portico-button-avatar[data-variant='6'] { background: conic-gradient(from 60deg, #e11d48, #fb7185, #fbbf24, #e11d48); }
.portico-button-avatar[data-variant='7'] { background: conic-gradient(from 160deg, #7c3aed, #2563eb, #22d3ee, #7c3aed); }
.portico-button-dot { width: 28px; height: 28px; border-radius: 50%; flex: none; display: inline-flex; align-items: center; justify-content: center; font-size: 12px; color: #fff; background: linear-gradient(135deg, #6366f1, #06b6d4); }
.portico-button-spinner { width: 14px; height: 14px; border-radius: 50%; border: 2px solid currentColor; border-inline-end-color: transparent; animation: portico-button-spin 800ms linear infinite; }
@keyframes portico-button-spin { to { transform: rotate(360deg); } }
.portico-button[data-theme='dark'] { ${decls({ '--portico-accent': dark['--portico-accent'], '--portico-accent-foreground': dark['--portico-accent-foreground'] })} color-scheme: dark; }
.portico-button[data-theme='dark'][data-variant='account'], .portico-button[data-theme='dark'][data-variant='network'] { background: ${dark['--portico-surface']}; color: ${dark['--portico-foreground']}; box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.12), 0 2px 8px -2px rgba(0, 0, 0, 0.5); }
.portico-button[data-theme='dark'][data-variant='network'][data-unsupported] { color: ${dark['--portico-danger']}; box-shadow: 0 0 0 1px rgba(248, 113, 113, 0.45); }
.portico-button[data-theme='dark'] .portico-button-balance { color: ${dark['--portico-muted']}; }
@media (prefers-reduced-motion: reduce) { .portico-button, .portico-button-spinner { animation: none; transition: none; } }
html[data-portico-scroll-lock] { overflow: hidden; }
`
