// A TypeDoc plugin: names each module of the API reference after the package entry it
// documents (`@portico/core`, `@portico/plugin-swap/react`) rather than its folder
// (`core/src`, `plugins/swap/src/react`). scripts/api-docs.mjs passes the map.
import { Converter } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const names = JSON.parse(process.env.PORTICO_API_MODULE_NAMES ?? '{}')
    for (const mod of context.project.children ?? []) {
      if (names[mod.name]) mod.name = names[mod.name]
    }
  })
}
