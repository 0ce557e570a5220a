import { formatApiTimestamp } from "@/lib/schemas/api-timestamp";

export const formatTimestamp = formatApiTimestamp;

export function formatNullableTimestamp(date: Date | null | undefined): string | null {
  return date ? formatTimestamp(date) : null;
}

/** Group timestamps in get-group-info: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatGroupTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
