const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "4 d ago", then a date: compact enough for a phone row. */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - date.getTime();
  // Clocks drift a little between servers and browsers; a post "from the future" is just new.
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  const month = MONTHS[date.getUTCMonth()];
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  return sameYear ? `${month} ${date.getUTCDate()}` : `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The absolute time for a tooltip, in UTC so server and browser agree on the text. */
export function formatAbsoluteTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  const month = MONTHS[date.getUTCMonth()];
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/**
 * Reads the API's timestamps: `/api` ISO strings with microseconds and group-info
 * `YYYY-MM-DD HH:MM:SS` (UTC). Returns null for anything else.
 */
export function parseApiTimestamp(value: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}
