/** Polls `predicate` every 10 ms until it holds; rejects after `timeoutMs`. */
export function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) resolve()
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'))
      else setTimeout(tick, 10)
    }
    tick()
  })
}
