import { randomBytes } from 'node:crypto';
import { parseJson, type HttpResult, type Json } from './http.js';
import type { Rng } from './options.js';
import { sleep } from './processes.js';
import type { Actor } from './setup.js';

/** One request the load sends: what it should do to the database if the server acknowledges it. */
export interface OpSpec {
  endpoint: string;
  actor: Actor;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sends an Idempotency-Key (and may re-send it, at once or later). */
  idempotent: boolean;
  /** The effect an acknowledged op leaves exactly once (see effects.ts); null when it has none to find. */
  sig: string | null;
}

export interface Attempt {
  how: 'first' | 'concurrent' | 'later' | 'retry';
  status?: number;
  code?: string;
  error?: string;
  replayed: boolean;
  text: string;
  instance: number;
  at: number;
  ms: number;
}

export interface OpRecord {
  id: number;
  endpoint: string;
  actorId: string;
  sig: string | null;
  key: string | null;
  attempts: Attempt[];
}

export type OpOutcome = 'acked' | 'rejected' | 'unknown';

/** A 409 that only says the first request with this key is still running: it decides nothing. */
const inProgress = (a: Attempt) => a.status === 409 && a.code === 'IDEMPOTENCY_IN_PROGRESS';
const inconclusive = (a: Attempt) => a.status === undefined || a.status >= 500 || inProgress(a);

/**
 * acked: some attempt got a 2xx, so the effect must be there exactly once. rejected: every answer was
 * a definite 4xx, so there must be no effect. unknown: no answer decided it (no response, 5xx): the
 * effect must be there fully or not at all.
 */
export function outcomeOf(op: OpRecord): OpOutcome {
  if (op.attempts.some((a) => a.status !== undefined && a.status >= 200 && a.status < 300)) return 'acked';
  if (op.attempts.some((a) => a.status === undefined || a.status >= 500)) return 'unknown';
  return op.attempts.every(inProgress) ? 'unknown' : 'rejected';
}

export interface DriverOptions {
  /** Crash mode: a request that got no decisive answer is retried with the same key once the app is up. */
  retryInconclusive: boolean;
  /** Resolves when the app may take requests (crash mode: not while it restarts). */
  whenUp: () => Promise<void>;
}

/** Sends ops, re-sends idempotent ones with the same key at random, and records every attempt. */
export class Driver {
  readonly records: OpRecord[] = [];
  private readonly later = new Set<Promise<void>>();

  constructor(
    private readonly rng: Rng,
    private readonly options: DriverOptions,
  ) {}

  get count(): number {
    return this.records.length;
  }

  /** Runs one op; resolves with the parsed body of its acknowledged answer, if any. */
  async op(spec: OpSpec): Promise<{ record: OpRecord; json: Json | undefined }> {
    const record: OpRecord = {
      id: this.records.length,
      endpoint: spec.endpoint,
      actorId: spec.actor.id,
      sig: spec.sig,
      key: spec.idempotent ? `stress-${randomBytes(9).toString('base64url')}` : null,
      attempts: [],
    };
    this.records.push(record);
    if (spec.idempotent && this.rng.chance(0.1)) {
      await Promise.all([this.attempt(spec, record, 'first'), this.attempt(spec, record, 'concurrent')]);
    } else {
      await this.attempt(spec, record, 'first');
    }
    if (spec.idempotent && this.rng.chance(0.1)) {
      const delay = this.rng.int(50, 3_000);
      const resend = sleep(delay).then(() => this.attempt(spec, record, 'later'));
      this.later.add(resend);
      void resend.finally(() => this.later.delete(resend));
    }
    for (let retry = 0; spec.idempotent && this.options.retryInconclusive && retry < 4; retry++) {
      if (!record.attempts.every(inconclusive)) break;
      await this.options.whenUp();
      await sleep(this.rng.int(100, 1_000));
      await this.attempt(spec, record, 'retry');
    }
    const acked = record.attempts.find((a) => a.status !== undefined && a.status < 300);
    return { record, json: acked ? parseJson(acked.text) : undefined };
  }

  /** Waits for the delayed re-sends still pending. */
  async settle(): Promise<void> {
    while (this.later.size) await Promise.all([...this.later]);
  }

  private async attempt(spec: OpSpec, record: OpRecord, how: Attempt['how']): Promise<void> {
    await this.options.whenUp(); // like a load balancer: nothing is sent to an app that is restarting
    const at = Date.now();
    const res: HttpResult = await spec.actor.http.send(spec.method, spec.path, spec.body, record.key ?? undefined);
    const attempt: Attempt = res.ok
      ? {
          how,
          status: res.status,
          code: res.status >= 400 ? parseJson(res.text)?.error?.code : undefined,
          replayed: res.replayed,
          text: res.text,
          instance: res.instance,
          at,
          ms: res.ms,
        }
      : { how, error: res.error, replayed: false, text: '', instance: res.instance, at, ms: res.ms };
    record.attempts.push(attempt);
  }
}

/** Something to start once `at` ops have been started (e.g. moving the test clock). */
export interface Milestone {
  at: number;
  run: () => Promise<void>;
}

/** Runs `scenario` from `concurrency` workers until `total` ops have been started. */
export async function runLoad(
  driver: Driver,
  total: number,
  concurrency: number,
  scenario: () => Promise<void>,
  milestones: Milestone[] = [],
): Promise<void> {
  const queue = [...milestones].sort((a, b) => a.at - b.at);
  const started: Promise<void>[] = [];
  const worker = async () => {
    while (driver.count < total) {
      while (queue.length && driver.count >= queue[0]!.at) started.push(queue.shift()!.run());
      await scenario();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await Promise.all(started);
  await driver.settle();
}
