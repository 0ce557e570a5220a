import "server-only";

// Progress for large forums: at most one line every few seconds, so a quick backup prints none.
const EVERY_MS = 3000;

export interface Progress {
  report(line: string, force?: boolean): void;
}

export function createProgress(log: (line: string) => void): Progress {
  let last = Date.now();
  return {
    report(line, force = false) {
      const now = Date.now();
      if (!force && now - last < EVERY_MS) return;
      last = now;
      log(line);
    },
  };
}
