// The demo's pictures (prisma/demo-images/, drawn by scripts/make-demo-images.mjs) go through the
// upload service like any uploaded file: typed from their bytes, re-encoded, stored by content.
// Posts then show them as /uploads addresses, so a first run needs no network.
import fs from "node:fs/promises";
import path from "node:path";
import type { UploadPurpose } from "@/lib/db/uploads";
import { getEnv } from "@/lib/env";
import { createUpload } from "@/lib/services/uploads";

// npm runs scripts from the project's root, where this folder is.
const IMAGE_DIR = path.resolve("prisma", "demo-images");

/**
 * Uploads one demo picture as `userId` and answers its address. Each post gets an upload of its
 * own (an upload is attached to one post); the stored bytes are shared, being the same content.
 */
export async function uploadDemoImage(userId: number, groupId: number, file: string, purpose: UploadPurpose): Promise<string> {
  const bytes = await fs.readFile(path.join(IMAGE_DIR, file));
  const upload = await createUpload({ id: userId }, { bytes, name: file, groupId, purpose }, getEnv().AGORA_PUBLIC_URL);
  return upload.url;
}
