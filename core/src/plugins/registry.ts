import type { AccountAction, ViewLoader, ViewName } from '../contracts/index.js'

/**
 * Views and account actions that plugins register in `setup`
 * (`ctx.registerView`, `ctx.registerAccountAction`). The UI asks for a view's
 * loader when it has to render that view, so plugin UI stays lazy.
 */
export class PluginRegistry {
  private readonly views = new Map<ViewName, ViewLoader>()
  private actions: readonly AccountAction[] = []
  private readonly listeners = new Set<() => void>()

  registerView(name: ViewName, loader: ViewLoader): void {
    this.views.set(name, loader)
    this.notify()
  }

  getViewLoader(name: ViewName): ViewLoader | undefined {
    return this.views.get(name)
  }

  viewNames(): ViewName[] {
    return [...this.views.keys()]
  }

  /** Adds (or replaces, by id) an action of the Account view. */
  registerAccountAction(action: AccountAction): void {
    const index = this.actions.findIndex((a) => a.id === action.id)
    this.actions =
      index < 0 ? [...this.actions, action] : this.actions.map((a, i) => (i === index ? action : a))
    this.notify()
  }

  getAccountActions(): readonly AccountAction[] {
    return this.actions
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  clear(): void {
    this.views.clear()
    this.actions = []
    this.listeners.clear()
  }

  private notify(): void {
    for (const l of [...this.listeners]) l()
  }
}
