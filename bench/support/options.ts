// Command-line options of the bench scripts: `--name value`.

/** The value after `--name`, or the fallback when it is absent or empty. */
export function textOption(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** A positive number after `--name`, or the fallback; anything else stops the run. */
export function numberOption(name: string, fallback: number): number {
  const value = Number(textOption(name, String(fallback)));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `--name 1` or `--name 0` (on or off), or the fallback; anything else stops the run. */
export function switchOption(name: string, fallback: boolean): boolean {
  const value = textOption(name, fallback ? "1" : "0");
  if (value !== "0" && value !== "1") throw new Error(`--${name} must be 0 or 1`);
  return value === "1";
}
