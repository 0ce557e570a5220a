import { formatAbsoluteTime, formatRelativeTime } from "@/lib/format/relative-time";

export interface RelativeTimeProps {
  /** An ISO timestamp or a Date. */
  value: string | Date;
  className?: string;
}

/** "3 h ago", with the machine-readable time and the exact time (UTC) on hover. */
export function RelativeTime({ value, className }: RelativeTimeProps) {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return (
    // Rendered again in the browser for posts loaded later; a minute's difference is not an error.
    <time className={className} dateTime={date.toISOString()} title={formatAbsoluteTime(date)} suppressHydrationWarning>
      {formatRelativeTime(date)}
    </time>
  );
}
