// Types of the zip reader (src/zip.js), for callers that load it alone (a CommonJS test runner
// cannot load src/index.js, whose dependencies ship ESM only).

/** Every file in the zip: `{ name, data }`. */
export function readZipEntries(bytes: Buffer): { name: string; data: Buffer }[];
