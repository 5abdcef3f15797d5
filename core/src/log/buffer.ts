/** SPEC §9: the diagnostics log keeps about this many bytes (UTF-8). */
export const LOG_BUFFER_BYTES = 1_024_000

/** Longest single line kept (bytes, before the newline); longer lines are cut with a marker. */
export const LOG_LINE_MAX_BYTES = 16_384

const CUT_MARK = ' […]'
const CUT_MARK_BYTES = 6

/** UTF-8 length of a string without encoding it (surrogate pairs count 4, lone surrogates 3 like U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}

/** Cuts a string to at most `max` UTF-8 bytes, never inside a surrogate pair. */
function cutToBytes(text: string, max: number): string {
  let n = 0
  let i = 0
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3
    if (n + size > max) break
    n += size
    if (pair) i++
  }
  return text.slice(0, i)
}

/**
 * Lines in arrival order within a byte budget counted in UTF-8 (each line
 * plus its newline): adding a line drops the oldest ones until it fits.
 * A queue with a moving head, so dropping is O(1) and 10,000 lines cost no
 * copying.
 */
export class LogRingBuffer {
  #lines: string[] = []
  #sizes: number[] = []
  #head = 0
  #bytes = 0

  constructor(readonly maxBytes: number = LOG_BUFFER_BYTES) {}

  push(line: string): void {
    let text = line.replace(/\r?\n/g, ' ⏎ ')
    let size = utf8Length(text) + 1
    const limit = Math.min(LOG_LINE_MAX_BYTES, this.maxBytes - 1)
    if (size - 1 > limit) {
      text = `${cutToBytes(text, limit - CUT_MARK_BYTES)}${CUT_MARK}`
      size = utf8Length(text) + 1
    }
    this.#lines.push(text)
    this.#sizes.push(size)
    this.#bytes += size
    while (this.#bytes > this.maxBytes && this.#head < this.#lines.length) {
      this.#bytes -= this.#sizes[this.#head]!
      this.#head++
    }
    // Compact once the dropped prefix outgrows what is kept.
    if (this.#head > 1024 && this.#head * 2 > this.#lines.length) {
      this.#lines = this.#lines.slice(this.#head)
      this.#sizes = this.#sizes.slice(this.#head)
      this.#head = 0
    }
  }

  /** Bytes held (UTF-8, newlines included); never above `maxBytes`. */
  get bytes(): number {
    return this.#bytes
  }

  get length(): number {
    return this.#lines.length - this.#head
  }

  /** The lines, oldest first, each ending with a newline. */
  text(): string {
    const kept = this.#lines.slice(this.#head)
    return kept.length === 0 ? '' : `${kept.join('\n')}\n`
  }

  clear(): void {
    this.#lines = []
    this.#sizes = []
    this.#head = 0
    this.#bytes = 0
  }
}
