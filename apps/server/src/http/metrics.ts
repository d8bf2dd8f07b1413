import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: one registry per app instance, so tests can build many apps. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'svp_http_request_duration_seconds',
      help: 'HTTP request latency by route, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    ledgerPostings: new Counter({
      name: 'svp_ledger_postings_total',
      help: 'Ledger transactions posted, by kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
    depositsSeen: new Counter({
      name: 'svp_deposits_seen_total',
      help: 'Deposit transfers ingested (new or duplicate)',
      registers: [registry],
    }),
    depositsCredited: new Counter({
      name: 'svp_deposits_credited_total',
      help: 'Deposits credited',
      registers: [registry],
    }),
    depositsRejected: new Counter({
      name: 'svp_deposits_rejected_total',
      help: 'Deposit transfers recorded as rejected (not credited; listed on the admin flagged-deposits screen)',
      registers: [registry],
    }),
    payoutsConfirmed: new Counter({
      name: 'svp_payouts_confirmed_total',
      help: 'Approved withdrawals marked paid by a confirmed transfer from the treasury',
      registers: [registry],
    }),
    payoutsUnmatched: new Counter({
      name: 'svp_payouts_unmatched_total',
      help: 'Transfers from the treasury that matched no approved withdrawal (flagged on the treasury screen)',
      registers: [registry],
    }),
    watcherLag: new Gauge({
      name: 'svp_watcher_lag_blocks',
      help: 'Confirmed blocks not yet scanned by the deposit watcher',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Request latency for every response, and `GET /metrics` on the app's own port unless the operator chose a
 * private listener (METRICS_LISTEN, served by `serveMetricsApart`) or no metrics (METRICS=off). Production
 * refuses to start with an anonymous /metrics (config.ts).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { enabled: boolean; onAppPort: boolean; token: string | undefined },
): void {
  if (!options.enabled) return;
  const { token } = options;
  // One labelled child per route, method and status, looked up by a plain string key on every response.
  const children = new Map<string, ReturnType<typeof metrics.httpDuration.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${route} ${request.method} ${reply.statusCode}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.httpDuration.labels(route, request.method, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  if (!options.onAppPort) return;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // With METRICS_TOKEN set, only a scraper that presents it may read the figures.
    if (token && request.headers.authorization !== `Bearer ${token}`)
      return reply.status(401).send({ status: 'unauthorized' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** /metrics alone on its own address (METRICS_LISTEN), for a scraper on a private network; no token. */
export function serveMetricsApart(metrics: Metrics, listen: string): Promise<Server> {
  const at = listen.lastIndexOf(':');
  const host = listen.slice(0, at).replace(/^\[|\]$/g, '');
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(listen.slice(at + 1)), host, () => resolve(server));
  });
}
