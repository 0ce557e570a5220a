// Upload ids named by a delta's images (their /uploads/{id}/{sha256}.{ext} addresses), so a post
// that shows an uploaded image attaches it and the orphan sweep never takes it away.

const UPLOAD_IMAGE = /^https?:\/\/[^/\s]+\/uploads\/(\d{1,10})\/[0-9a-f]{64}\.[a-z0-9]{1,8}$/;

/** The distinct upload ids of a delta JSON's images, in order. */
export function extractUploadIds(deltaJson: string): number[] {
  if (!deltaJson.includes("/uploads/")) return [];
  let ops: unknown;
  try {
    ops = JSON.parse(deltaJson);
  } catch {
    return [];
  }
  if (!Array.isArray(ops)) return [];
  const ids = new Set<number>();
  for (const op of ops) {
    const image = (op as { insert?: { image?: unknown } })?.insert?.image;
    const match = typeof image === "string" ? UPLOAD_IMAGE.exec(image) : null;
    if (match) ids.add(Number(match[1]));
  }
  return [...ids];
}
