// `/api` timestamps carry microseconds (contract section 10); JavaScript keeps milliseconds.
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

export function formatNullableTimestamp(date: Date | null | undefined): string | null {
  return date ? formatTimestamp(date) : null;
}

/** Group timestamps in get-group-info: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatGroupTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
