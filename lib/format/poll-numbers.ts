// Shares and weights of a poll's results. Weights are base units of a token as decimal strings
// (an ERC-20 balance of 10^24 is common), so shares are computed with BigInt, never Number.

const toBig = (value: string | number): bigint => {
  try {
    return BigInt(typeof value === "number" ? Math.trunc(value) : value.trim() || "0");
  } catch {
    return 0n;
  }
};

/** `part` of `total` in percent, to one decimal (0 when the total is 0). */
export function sharePercent(part: string | number, total: string | number): number {
  const whole = toBig(total);
  if (whole <= 0n) return 0;
  return Number((toBig(part) * 1000n) / whole) / 10;
}

/** Whether a weight (base units, decimal) is more than nothing. */
export function isPositiveAmount(value: string): boolean {
  return toBig(value) > 0n;
}

/** "42%", "42.5%", and "<0.1%" for a share too small to show as a number but not nothing. */
export function formatPercent(percent: number, hasAny: boolean): string {
  if (percent === 0 && hasAny) return "<0.1%";
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** Base units grouped by thousands: "1,250,000". */
export function formatBaseUnits(value: string): string {
  const digits = toBig(value).toString();
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "0x12ab…cdef" for an address in running text (the full one goes in a title). */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
