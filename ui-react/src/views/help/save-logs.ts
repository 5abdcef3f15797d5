/** The file name of a saved log: `portico-logs-2026-01-02T03-04-05Z.txt` (no characters a file system refuses). */
export function logFileName(now: Date): string {
  return `portico-logs-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.txt`
}

/**
 * Saves `text` as a `.txt` download: a Blob, an object URL on a temporary
 * link, a click, then the URL revoked (after the click has started the
 * download) and the link removed. Returns the file name.
 */
export function saveLogs(text: string, doc: Document, now = new Date()): string {
  const name = logFileName(now)
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const a = doc.createElement('a')
  a.href = url
  a.download = name
  a.hidden = true
  doc.body.appendChild(a)
  try {
    a.click()
  } finally {
    a.remove()
    // Revoked on the next turn: the click has handed the URL to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return name
}
