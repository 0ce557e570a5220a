import "server-only";
import { getRedis, redisKeyPrefix } from "@/lib/redis";
import { resource } from "@/lib/runtime/registry";

// Read-your-writes marks (contract section 16): after a request writes, the primary's WAL position
// is kept for its viewer for 30 s; their reads use the replica only once it has replayed past it.
// With REDIS_URL the marks are shared by every instance (a write through one, a read through
// another); they are also kept in this instance's memory. When Redis fails to answer a read of the
// marks, the answer is "unknown" and the request reads from the primary.

export const WRITE_MARK_TTL_MS = 30_000;
const MAX_LOCAL_MARKS = 100_000;

function localMarks(): Map<string, { lsn: bigint; expires: number }> {
  return resource("db.write-marks", () => new Map<string, { lsn: bigint; expires: number }>());
}

// Keeps the higher position: a slower request that wrote earlier must not lower a later mark.
const RAISE_MARK = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

function redisKey(subject: string): string {
  return `${redisKeyPrefix()}:ryw:${subject}`;
}

function keepLocally(subject: string, lsn: bigint, now: number): void {
  const marks = localMarks();
  const current = marks.get(subject);
  if (current && current.expires > now && current.lsn >= lsn) return;
  if (marks.size >= MAX_LOCAL_MARKS) {
    for (const [key, mark] of marks) if (mark.expires <= now) marks.delete(key);
    if (marks.size >= MAX_LOCAL_MARKS) marks.clear();
  }
  marks.set(subject, { lsn, expires: now + WRITE_MARK_TTL_MS });
}

/** Records `lsn` for each subject (here, and in Redis when configured). */
export async function recordWriteMark(subjects: string[], lsn: bigint): Promise<void> {
  const now = Date.now();
  for (const subject of subjects) keepLocally(subject, lsn, now);
  const redis = getRedis();
  if (!redis || redis.status !== "ready") return;
  await Promise.all(subjects.map((subject) => redis.eval(RAISE_MARK, 1, redisKey(subject), lsn.toString(), String(WRITE_MARK_TTL_MS)))).catch(() => undefined);
}

/** The highest unexpired mark of these subjects, null for none, "unknown" when Redis is configured but did not answer. */
export async function readWriteMarks(subjects: string[]): Promise<bigint | null | "unknown"> {
  if (subjects.length === 0) return null;
  const now = Date.now();
  let highest: bigint | null = null;
  for (const subject of subjects) {
    const mark = localMarks().get(subject);
    if (mark && mark.expires > now && (highest === null || mark.lsn > highest)) highest = mark.lsn;
  }
  const redis = getRedis();
  if (!redis) return highest;
  try {
    if (redis.status !== "ready") return "unknown";
    const values = await redis.mget(...subjects.map(redisKey));
    for (const value of values) {
      if (value === null) continue;
      const lsn = BigInt(value);
      if (highest === null || lsn > highest) highest = lsn;
    }
    return highest;
  } catch {
    return "unknown";
  }
}
