import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ByteRange, StoredObject, UploadStorage } from "@/lib/uploads/storage";

const KEY_PATTERN = /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/;

/** Files under `<dataDir>/uploads/ab/cd/<key>`, written to a temporary name and renamed into place. */
export function createLocalStorage(dataDir: string): UploadStorage {
  const root = path.resolve(dataDir, "uploads");
  const pathOf = (key: string) => {
    // Keys are made by Agora; anything else is a bug, never a path to follow.
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  const size = async (key: string) => {
    try {
      return (await fs.stat(pathOf(key))).size;
    } catch {
      return null;
    }
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const target = pathOf(key);
      if ((await size(key)) === bytes.length) return;
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = path.join(path.dirname(target), `.${key}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await fs.writeFile(temporary, bytes, { mode: 0o600, flag: "wx" });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    size,
    async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const total = await size(key);
      if (total === null) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { size: total, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async isEmpty() {
      try {
        const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
        return !entries.some((entry) => entry.isFile());
      } catch {
        return true;
      }
    },
  };
}
