// The reminder picker's choices, in the reader's own time zone: "later today" is three hours on,
// "tomorrow" and "next week" (the coming Monday) are at 9 in the morning, a picked date too.

const MORNING_HOUR = 9;

function atMorning(day: Date): Date {
  const at = new Date(day);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at;
}

export function laterToday(now = new Date()): Date {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000);
}

export function tomorrowMorning(now = new Date()): Date {
  const day = new Date(now);
  day.setDate(day.getDate() + 1);
  return atMorning(day);
}

export function nextWeekMorning(now = new Date()): Date {
  const day = new Date(now);
  const untilMonday = (8 - day.getDay()) % 7 || 7;
  day.setDate(day.getDate() + untilMonday);
  return atMorning(day);
}

/** A date input's value ("2026-12-24") at 9 in the morning, local time; null when it is not a date. */
export function pickedDateMorning(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), MORNING_HOUR, 0, 0, 0);
}

/** "Tue 1 Dec, 09:00", as the picker confirms it. */
export function describeReminder(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}
