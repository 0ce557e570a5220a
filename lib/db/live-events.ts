import "server-only";
import { getPool } from "@/lib/db/engine/client";

// Reads of the live-event log (migration 20261127000000_live_events). Straight to the pool, one
// statement each: listeners and streams run them on every event, not just on requests.

/** One event of the log: `id` is what SSE clients send back as Last-Event-ID. */
export interface LiveEvent {
  id: number;
  topic: string;
  type: string;
  data: Record<string, unknown>;
}

interface EventRow {
  id: string;
  topic: string;
  type: string;
  data: Record<string, unknown>;
}

function toEvent(row: EventRow): LiveEvent {
  return { id: Number(row.id), topic: row.topic, type: row.type, data: row.data };
}

/** The events with these ids (those still in the log), oldest first. */
export async function readEventsByIds(ids: readonly number[]): Promise<LiveEvent[]> {
  if (ids.length === 0) return [];
  const pool = await getPool();
  const { rows } = await pool.query<EventRow>({
    text: "SELECT id, topic, type, data FROM live_events WHERE id = ANY($1::bigint[]) ORDER BY id",
    values: [ids],
  });
  return rows.map(toEvent);
}

/** Up to `limit` events after `afterId`, oldest first; only those of `topics` when given. */
export async function readEventsAfter(afterId: number, limit: number, topics?: readonly string[]): Promise<LiveEvent[]> {
  const pool = await getPool();
  const { rows } = topics
    ? await pool.query<EventRow>({
        text: "SELECT id, topic, type, data FROM live_events WHERE id > $1 AND topic = ANY($2::text[]) ORDER BY id LIMIT $3",
        values: [afterId, topics, limit],
      })
    : await pool.query<EventRow>({ text: "SELECT id, topic, type, data FROM live_events WHERE id > $1 ORDER BY id LIMIT $2", values: [afterId, limit] });
  return rows.map(toEvent);
}

/** The newest event's id (0 for an empty log): where a stream that asks for nothing missed starts. */
export async function readLatestEventId(): Promise<number> {
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string | null }>("SELECT max(id) AS id FROM live_events");
  return Number(rows[0]?.id ?? 0);
}
