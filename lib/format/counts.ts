/** 999 → "999", 1234 → "1.2k", 15300 → "15k", 2_500_000 → "2.5M". */
export function formatCount(value: number): string {
  if (value < 1000) return String(value);
  const [divisor, suffix] = value < 1_000_000 ? [1000, "k"] : [1_000_000, "M"];
  const scaled = value / divisor;
  const text = scaled < 10 ? scaled.toFixed(1).replace(/\.0$/, "") : String(Math.floor(scaled));
  return `${text}${suffix}`;
}

/** "1 reply", "12 replies": the noun agrees with the number. */
export function pluralize(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
