import { formatAbsoluteTime } from "@/lib/format/relative-time";

/** A poll's opening or closing time, exact and in UTC so server and browser print the same words. */
export function PollTime({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{formatAbsoluteTime(date)}</time>;
}
