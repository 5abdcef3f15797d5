const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** A small Prometheus registry: request counters and latency histograms, plus gauges set by services. */
export class Metrics {
  #requests = new Map<string, number>()
  #durations = new Map<string, { buckets: number[]; sum: number; count: number }>()
  #gauges = new Map<string, { help: string; values: Map<string, number> }>()
  #counters = new Map<string, { help: string; values: Map<string, number> }>()

  observeRequest(method: string, route: string, status: number, seconds: number) {
    const key = `method="${method}",route="${escapeLabel(route)}",status="${status}"`
    this.#requests.set(key, (this.#requests.get(key) ?? 0) + 1)
    const dkey = `method="${method}",route="${escapeLabel(route)}"`
    let h = this.#durations.get(dkey)
    if (!h) {
      h = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }
      this.#durations.set(dkey, h)
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.buckets[i]!++
    h.sum += seconds
    h.count++
  }

  setGauge(name: string, help: string, labels: Record<string, string>, value: number) {
    let g = this.#gauges.get(name)
    if (!g) {
      g = { help, values: new Map() }
      this.#gauges.set(name, g)
    }
    g.values.set(labelText(labels), value)
  }

  inc(name: string, help: string, labels: Record<string, string> = {}, by = 1) {
    let c = this.#counters.get(name)
    if (!c) {
      c = { help, values: new Map() }
      this.#counters.set(name, c)
    }
    const k = labelText(labels)
    c.values.set(k, (c.values.get(k) ?? 0) + by)
  }

  /** Prometheus text exposition format 0.0.4. */
  render(): string {
    const out: string[] = []
    out.push('# HELP portico_http_requests_total HTTP requests answered.')
    out.push('# TYPE portico_http_requests_total counter')
    for (const [k, v] of this.#requests) out.push(`portico_http_requests_total{${k}} ${v}`)
    out.push('# HELP portico_http_request_duration_seconds Time to answer an HTTP request.')
    out.push('# TYPE portico_http_request_duration_seconds histogram')
    for (const [k, h] of this.#durations) {
      BUCKETS.forEach((b, i) => {
        out.push(`portico_http_request_duration_seconds_bucket{${k},le="${b}"} ${h.buckets[i]}`)
      })
      out.push(`portico_http_request_duration_seconds_bucket{${k},le="+Inf"} ${h.count}`)
      out.push(`portico_http_request_duration_seconds_sum{${k}} ${h.sum}`)
      out.push(`portico_http_request_duration_seconds_count{${k}} ${h.count}`)
    }
    for (const [name, c] of this.#counters) {
      out.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`)
      for (const [k, v] of c.values) out.push(`${name}${k ? `{${k}}` : ''} ${v}`)
    }
    for (const [name, g] of this.#gauges) {
      out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`)
      for (const [k, v] of g.values) out.push(`${name}${k ? `{${k}}` : ''} ${v}`)
    }
    return `${out.join('\n')}\n`
  }
}

function escapeLabel(v: string) {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}
function labelText(labels: Record<string, string>) {
  return Object.entries(labels)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')
}
