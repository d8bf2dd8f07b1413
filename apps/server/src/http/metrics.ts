import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics (issue #6): one registry per app instance, so tests can build many apps. */
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
    watcherLag: new Gauge({
      name: 'svp_watcher_lag_blocks',
      help: 'Confirmed blocks not yet scanned by the deposit watcher',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
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
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // With METRICS_TOKEN set, only a scraper that presents it may read the figures.
    if (token && request.headers.authorization !== `Bearer ${token}`)
      return reply.status(401).send({ status: 'unauthorized' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
