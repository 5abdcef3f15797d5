import './reflect.js'
import { container, type DependencyContainer, type InjectionToken, instanceCachingFactory } from 'tsyringe'

/**
 * Explicit injection tokens of one Portico instance. Services are registered
 * with factories against these tokens, never by reflected constructor types
 * (esbuild, Vite and vitest do not emit decorator metadata).
 */
export const TOKENS = {
  Options: Symbol('portico.options'),
  Environment: Symbol('portico.environment'),
  Store: Symbol('portico.store'),
  Events: Symbol('portico.events'),
  Storage: Symbol('portico.storage'),
  Logger: Symbol('portico.logger'),
  Api: Symbol('portico.api'),
  Adapters: Symbol('portico.adapters'),
  Timers: Symbol('portico.timers'),
  Router: Symbol('portico.router'),
  Modal: Symbol('portico.modal'),
  Accounts: Symbol('portico.accounts'),
  Networks: Symbol('portico.networks'),
  Connection: Symbol('portico.connection'),
  Balance: Symbol('portico.balance'),
  Profile: Symbol('portico.profile'),
  Ready: Symbol('portico.ready'),
} as const

/**
 * A fresh child container for one instance. Nothing is ever registered on the
 * root container, so two instances (two modals on a page, two SSR requests)
 * share no service.
 */
export function createInstanceContainer(): DependencyContainer {
  return container.createChildContainer()
}

/** Registers a lazily built singleton (per child container) under `token`. */
export function registerSingleton<T>(
  c: DependencyContainer,
  token: InjectionToken<T>,
  factory: (c: DependencyContainer) => T,
): void {
  c.register<T>(token, { useFactory: instanceCachingFactory<T>(factory) })
}

/** Registers a ready value under `token`. */
export function registerValue<T>(c: DependencyContainer, token: InjectionToken<T>, value: T): void {
  c.register<T>(token, { useValue: value })
}

export type { DependencyContainer }
