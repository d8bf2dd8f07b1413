/**
 * The treasury lock (DESIGN D16): a run decides and sends only while it holds its chain's lease, a row in
 * `treasury_locks` every instance and operator machine sharing the database sees. Taken with a conditional upsert
 * (free, expired, or already ours), renewed while the run goes on, deleted when it ends; a run whose process
 * died frees it once its expiry passes. Each step is recorded only if the lease is still held, checked in the
 * same transaction (steps.repository), so a run that lost it cannot send. It needs no session state, so it
 * works the same through a pooler in transaction mode. Times are the database's: machines' clocks may differ.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/** How long a lease lasts without renewal: a dead run blocks the next one at most this long. */
export const LEASE_TTL_MS = 60_000;
/** How often a run renews its lease. */
export const LEASE_RENEW_MS = 15_000;

export interface LeaseHolder {
  owner: string;
  acquiredAt: Date;
  expiresAt: Date;
}

export interface TreasuryLease {
  chainId: number;
  owner: string;
  /** Whether the last renewal found the lease still ours (the step recording checks it again itself). */
  held(): boolean;
  release(): Promise<void>;
}

/** A name for a lease holder: the machine, the process and a random part (two runs of one process differ). */
export const leaseOwner = (label = 'treasury') => `${label}@${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export class LeaseTimeout extends Error {
  constructor(readonly holder: LeaseHolder | null) {
    super(
      holder
        ? `Another treasury run holds the treasury lock (${holder.owner}, taken ${holder.acquiredAt.toISOString()}, ` +
            `expires ${holder.expiresAt.toISOString()} unless renewed); try again once it has finished.`
        : 'Another treasury run holds the treasury lock; try again once it has finished.',
    );
    this.name = 'LeaseTimeout';
  }
}

const ttl = (ms: number) => sql`(${ms}::integer * interval '1 millisecond')`;

/** Takes the lease if it is free, expired or already `owner`'s; true when `owner` holds it now. */
export async function tryAcquire(db: Pick<Db, 'execute'>, chainId: number, owner: string, ttlMs = LEASE_TTL_MS) {
  const rows = await queryRows<{ owner: string }>(
    db,
    sql`insert into treasury_locks (chain_id, owner, acquired_at, expires_at)
        values (${chainId}, ${owner}, clock_timestamp(), clock_timestamp() + ${ttl(ttlMs)})
        on conflict (chain_id) do update
          set owner = excluded.owner, acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
          where treasury_locks.expires_at < clock_timestamp() or treasury_locks.owner = excluded.owner
        returning owner`,
  );
  return rows.length > 0;
}

/** Extends `owner`'s lease; false when it is no longer theirs (expired and taken, or deleted). */
export async function renew(db: Pick<Db, 'execute'>, chainId: number, owner: string, ttlMs = LEASE_TTL_MS) {
  const rows = await queryRows<{ owner: string }>(
    db,
    sql`update treasury_locks set expires_at = clock_timestamp() + ${ttl(ttlMs)}
        where chain_id = ${chainId} and owner = ${owner} and expires_at > clock_timestamp()
        returning owner`,
  );
  return rows.length > 0;
}

/** Who holds the chain's lease now, if anyone (an expired row counts as free). */
export async function leaseHolder(db: Pick<Db, 'execute'>, chainId: number): Promise<LeaseHolder | null> {
  const [row] = await queryRows<{ owner: string; acquired_at: Date | string; expires_at: Date | string }>(
    db,
    sql`select owner, acquired_at, expires_at from treasury_locks
        where chain_id = ${chainId} and expires_at > clock_timestamp()`,
  );
  return row ? { owner: row.owner, acquiredAt: new Date(row.acquired_at), expiresAt: new Date(row.expires_at) } : null;
}

export interface AcquireOptions {
  owner?: string;
  /** How long to wait for a run that holds it; 0: give up at once. */
  waitMs?: number;
  pollMs?: number;
  ttlMs?: number;
  renewMs?: number;
  /** Called once, when the lease is found held by someone else and the caller starts waiting. */
  onWait?: (holder: LeaseHolder | null) => void;
  /** Stops the wait (a server closing). */
  signal?: AbortSignal;
}

/**
 * Waits for the chain's lease and holds it, renewing it in the background, until `release`. Throws LeaseTimeout
 * when another run still holds it after `waitMs`.
 */
export async function acquireLease(db: Db, chainId: number, options: AcquireOptions = {}): Promise<TreasuryLease> {
  const owner = options.owner ?? leaseOwner();
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  let told = false;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await tryAcquire(db, chainId, owner, ttlMs)) break;
    const holder = await leaseHolder(db, chainId);
    if (Date.now() >= deadline) throw new LeaseTimeout(holder);
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }

  let held = true;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renew(db, chainId, owner, ttlMs).then(
      (still) => {
        held = held && still;
      },
      () => undefined, // a failed renewal is tried again; the step recording checks the lease itself
    );
  }, options.renewMs ?? LEASE_RENEW_MS);
  timer.unref();
  return {
    chainId,
    owner,
    held: () => held,
    async release() {
      clearInterval(timer);
      await renewing;
      held = false;
      await db.execute(sql`delete from treasury_locks where chain_id = ${chainId} and owner = ${owner}`);
    },
  };
}

/** Inside a step's recording transaction: whether `owner` still holds the lease; locks the row until commit. */
export async function leaseHeldIn(tx: Pick<Db, 'execute'>, chainId: number, owner: string): Promise<boolean> {
  const rows = await queryRows<{ owner: string }>(
    tx,
    sql`select owner from treasury_locks
        where chain_id = ${chainId} and owner = ${owner} and expires_at > clock_timestamp()
        for share`,
  );
  return rows.length > 0;
}
