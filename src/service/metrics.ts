/**
 * The service's counters in the Prometheus text exposition format (version 0.0.4). Written by
 * hand rather than with prom-client: four metric families, no labels from user input (routes are
 * the router's templates, statuses numbers), and the format is a few lines of text; a client
 * library would add a dependency and a global registry for that.
 */

/** Latency buckets in seconds: the service answers in milliseconds; the chat provider in seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROVIDER_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

class Histogram {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly buckets: number[]) {
    this.counts = buckets.map(() => 0);
  }

  observe(seconds: number): void {
    this.sum += seconds;
    this.count += 1;
    for (const [i, le] of this.buckets.entries()) if (seconds <= le) this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  lines(name: string, labels: string): string[] {
    const sep = labels ? `${labels},` : '';
    const braces = labels ? `{${labels}}` : '';
    return [
      ...this.buckets.map((le, i) => `${name}_bucket{${sep}le="${le}"} ${this.counts[i]}`),
      `${name}_bucket{${sep}le="+Inf"} ${this.count}`,
      `${name}_sum${braces} ${this.sum}`,
      `${name}_count${braces} ${this.count}`,
    ];
  }
}

/** A label value, escaped as the format asks. */
const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private readonly refusals = new Map<string, number>();
  private readonly provider = new Histogram(PROVIDER_BUCKETS);
  private providerFailures = 0;

  /** One answered request: `route` is the router's template (never the path asked, which is unbounded). */
  request(method: string, route: string, status: number, seconds: number): void {
    const id = `method="${label(method)}",route="${label(route)}"`;
    const byStatus = `${id},status="${status}"`;
    this.requests.set(byStatus, (this.requests.get(byStatus) ?? 0) + 1);
    let h = this.latency.get(id);
    if (!h) {
      h = new Histogram(REQUEST_BUCKETS);
      this.latency.set(id, h);
    }
    h.observe(seconds);
  }

  /** A request refused by a limit: `code` is DAILY_LIMIT_EXCEEDED or MONTHLY_LIMIT_EXCEEDED. */
  refusal(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  /** One call to the chat provider, answered or failed. */
  providerCall(seconds: number, ok: boolean): void {
    this.provider.observe(seconds);
    if (!ok) this.providerFailures += 1;
  }

  text(): string {
    const out: string[] = [
      '# HELP bible_http_requests_total Requests answered, by route template, method and status.',
      '# TYPE bible_http_requests_total counter',
      ...[...this.requests].map(([labels, n]) => `bible_http_requests_total{${labels}} ${n}`),
      '# HELP bible_http_request_duration_seconds Time to answer a request, by route template and method.',
      '# TYPE bible_http_request_duration_seconds histogram',
      ...[...this.latency].flatMap(([labels, h]) => h.lines('bible_http_request_duration_seconds', labels)),
      '# HELP bible_quota_refusals_total Requests refused by a key limit (429), by error code.',
      '# TYPE bible_quota_refusals_total counter',
      ...[...this.refusals].map(([code, n]) => `bible_quota_refusals_total{code="${label(code)}"} ${n}`),
      '# HELP bible_chat_provider_duration_seconds Time the chat provider took to reply (failures included).',
      '# TYPE bible_chat_provider_duration_seconds histogram',
      ...this.provider.lines('bible_chat_provider_duration_seconds', ''),
      '# HELP bible_chat_provider_failures_total Chat provider calls that failed or timed out.',
      '# TYPE bible_chat_provider_failures_total counter',
      `bible_chat_provider_failures_total ${this.providerFailures}`,
    ];
    return `${out.join('\n')}\n`;
  }
}
