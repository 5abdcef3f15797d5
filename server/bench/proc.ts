// Per-process accounting from /proc (Linux): CPU seconds (utime + stime) and resident
// memory, so the bench can say where the time of a run went and what memory a process held.
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on every Linux build in use). */
const HZ = 100

interface Stat {
  pid: number
  ppid: number
  /** utime + stime, seconds. */
  cpu: number
}

function readStat(pid: number | 'self'): Stat | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined // the process ended
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return {
    pid: Number(text.slice(0, text.indexOf(' '))),
    ppid: Number(rest[1]),
    cpu: (Number(rest[11]) + Number(rest[12])) / HZ,
  }
}

/** CPU seconds of a process and, when `children`, of its direct children alive now (PostgreSQL's backends). */
export function cpuSeconds(pid: number | 'self', children = false): number {
  const own = readStat(pid)?.cpu ?? 0
  if (!children) return own
  const parent = pid === 'self' ? process.pid : pid
  let sum = own
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const s = readStat(Number(name))
    if (s && s.ppid === parent) sum += s.cpu
  }
  return sum
}

/** Busy CPU seconds of the whole machine (all cores, every process: other users' included). */
export function machineBusySeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
  const v = line.trim().split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal
  const idle = (v[3] ?? 0) + (v[4] ?? 0)
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0)
  return { busy: (total - idle) / HZ, total: total / HZ }
}

/** Resident set size now (VmRSS) and its high-water mark (VmHWM), bytes. */
export function memory(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

/** The postmaster's pid, from `<data>/postmaster.pid` (its first line). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0])
}

export const MiB = 1024 * 1024
