import type { BlockhashLifetime } from './outcome.js'

/** Signature → blockhash life, bounded (the oldest is forgotten first). */
export class Lifetimes {
  private readonly map = new Map<string, BlockhashLifetime>()
  constructor(private readonly limit = 256) {}
  set(signature: string, life: BlockhashLifetime): void {
    this.map.delete(signature)
    this.map.set(signature, life)
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!)
  }
  get(signature: string): BlockhashLifetime | undefined {
    return this.map.get(signature)
  }
  delete(signature: string): void {
    this.map.delete(signature)
  }
}
