import pg from 'pg';
import { API_PREFIX, LIVE_EVENT_NOTIFICATION, NOTIFICATIONS_API } from '@svp/shared';
import { sleep } from '../stress/processes.js';
import type { StressUser } from '../stress/setup.js';

interface Stream {
  user: StressUser;
  instance: number;
  /** Notification ids this stream delivered. */
  received: Set<string>;
  reconnects: number;
}

/**
 * Live streams (GET /api/v1/events) held open on every app instance through the drill, reconnecting as a browser's
 * EventSource does (with Last-Event-ID). Each instance hears of new notifications over one LISTEN connection to the
 * primary; after a switchover or a failover that connection must come back by itself on the new primary, or the
 * streams of that instance go silent. `check` compares what the streams delivered with the database.
 */
export function watchLiveStreams(users: StressUser[], bases: string[]) {
  const controller = new AbortController();
  const streams: Stream[] = users.flatMap((user) =>
    bases.map((_, instance) => ({ user, instance, received: new Set<string>(), reconnects: 0 })),
  );
  const run = async (stream: Stream) => {
    let lastEventId: string | null = null;
    while (!controller.signal.aborted) {
      try {
        const headers: Record<string, string> = {
          accept: 'text/event-stream',
          'x-forwarded-for': stream.user.http.ip,
          cookie: [...stream.user.http.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const res = await fetch(bases[stream.instance] + API_PREFIX + NOTIFICATIONS_API.events, {
          headers,
          signal: controller.signal,
        });
        if (res.ok && res.body) {
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const message = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const field = (name: string) =>
                message
                  .split('\n')
                  .find((l) => l.startsWith(`${name}: `))
                  ?.slice(name.length + 2);
              if (field('id')) lastEventId = field('id')!;
              if (field('event') === LIVE_EVENT_NOTIFICATION) {
                const data = JSON.parse(field('data') ?? '{}') as { id?: string };
                if (data.id) stream.received.add(String(data.id));
              }
            }
          }
        } else await res.body?.cancel();
      } catch {
        /* the instance or its database is away: reconnect as EventSource does */
      }
      if (controller.signal.aborted) break;
      stream.reconnects += 1;
      await sleep(1_000);
    }
  };
  const loops = streams.map(run);

  /** What a silent stream would come from: no row telling notification_add to notify, or no process listening. */
  async function listenStateOf(databaseUrl: string): Promise<string> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ rows: number; listeners: number }>(
        `select (select count(*)::int from live_listeners where user_id = any($1::uuid[])) as rows,
                (select count(*)::int from pg_stat_activity where query ilike 'LISTEN%') as listeners`,
        [users.map((u) => u.id)],
      );
      return `${rows[0]!.rows} live_listeners rows of theirs, ${rows[0]!.listeners} LISTEN connections`;
    } finally {
      await client.end();
    }
  }

  return {
    listenStateOf,
    /** The newest notification id now (ids, not times: the app's test clock runs days ahead). */
    async mark(databaseUrl: string): Promise<string> {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>(
          `select coalesce(max(id), 0)::text as id from notifications`,
        );
        return rows[0]!.id;
      } finally {
        await client.end();
      }
    },

    /**
     * Stops the streams; then every notification of the watched users with an id in (`fromId`, `toId`] must have
     * reached that user's stream on every instance.
     */
    async check(databaseUrl: string, fromId: string, toId: string): Promise<{ violations: string[]; note: string }> {
      await sleep(3_000); // what committed just before `toId` is on its way
      const listenState = await listenStateOf(databaseUrl);
      controller.abort();
      await Promise.all(loops);
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      const violations: string[] = [];
      let expected = 0;
      try {
        const { rows } = await client.query<{ id: string; user_id: string }>(
          `select id::text, user_id::text from notifications
           where user_id = any($1::uuid[]) and id > $2::bigint and id <= $3::bigint`,
          [users.map((u) => u.id), fromId, toId],
        );
        expected = rows.length;

        for (const stream of streams) {
          const missing = rows.filter((r) => r.user_id === stream.user.id && !stream.received.has(r.id));
          if (missing.length) {
            violations.push(
              `LIVE STREAM: instance ${stream.instance} never delivered ${missing.length} notification(s) of ` +
                `${stream.user.username} committed after the failover (${missing
                  .slice(0, 3)
                  .map((r) => r.id)
                  .join(', ')})`,
            );
          }
        }
      } finally {
        await client.end();
      }
      const delivered = streams.reduce((n, s) => n + s.received.size, 0);
      const reconnects = streams.reduce((n, s) => n + s.reconnects, 0);
      const note =
        `live streams: ${streams.length} (${users.length} users × ${bases.length} instances), ${delivered} ` +
        `notifications delivered, ${reconnects} reconnects; ${expected} notifications of theirs committed after the ` +
        `failover, each checked on every instance; at the end on the primary: ${listenState}`;
      return { violations, note };
    },
  };
}
