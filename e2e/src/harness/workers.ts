// No vitest import here: e2e/vitest.config.ts reads it.

/**
 * How many e2e files run at a time: `PORTICO_E2E_WORKERS` (1–4; `npm test` sets 2 so both cores
 * work during the browser flows), default 1. Each worker gets a world of its own (its own anvil
 * devnets and demo servers; the demo build is shared), so the files that run side by side never
 * share chain state, and the files of one worker take turns on its world as they always did.
 */
export function e2eWorkers(): number {
  const n = Number(process.env.PORTICO_E2E_WORKERS ?? 1)
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1
}
