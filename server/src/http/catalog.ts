import type { FastifyInstance, FastifySchema } from 'fastify'

/** One registered route as the gateway declared it: method, URL pattern, schemas and auth mode. */
export interface RouteEntry {
  method: string
  url: string
  schema: FastifySchema | undefined
  auth: 'project' | 'public'
}

const catalogs = new WeakMap<object, RouteEntry[]>()

/**
 * Records every route added to `app` from now on. The HTTP fuzzer derives
 * its requests from these schemas, so a new route is fuzzed without
 * anyone listing it.
 */
export function trackRoutes(app: FastifyInstance) {
  const list: RouteEntry[] = []
  catalogs.set(app, list)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      list.push({
        method,
        url: route.url,
        schema: route.schema,
        auth: (route.config as { auth?: 'project' | 'public' } | undefined)?.auth ?? 'project',
      })
    }
  })
}

/** The routes recorded by `trackRoutes` (empty for an app that was not tracked). */
export function routeCatalog(app: object): readonly RouteEntry[] {
  return catalogs.get(app) ?? []
}
