import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLocalStorage } from "@/lib/uploads/local-storage";
import { createS3Storage } from "@/lib/uploads/s3-storage";
import type { UploadStorage } from "@/lib/uploads/storage";
import { GENEROUS_BUDGETS } from "../support/budgets";
import { createTestUser, type TestUser } from "../support/fixtures";
import { findFreePort } from "../support/free-port";
import { startServer, type RunningServer } from "../support/server-process";
import { createNamedGroup } from "../support/thread-helpers";
import { makePhoneJpeg, makePng } from "../support/upload-helpers";

// Contract section 15's storage interface, on local disk and on an S3-compatible bucket: s3rver
// (npm, a local S3 implementation over the filesystem) stands in for S3, and a second server
// configured with AGORA_S3_* stores and serves uploads from it over HTTP.

const BUCKET = "agora-test";
const KEY = `${"ab".repeat(32)}.png`;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let s3: S3rver;
let s3Endpoint: string;
let s3Dir: string;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-s3rver-"));
  const port = await findFreePort();
  s3 = new S3rver({ port, address: "127.0.0.1", directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

function describeStorage(name: string, make: () => UploadStorage) {
  describe(`${name} storage`, () => {
    it("stores whole objects by key, reads them whole or by range, and removes them", async () => {
      const storage = make();
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
      expect(await storage.size(KEY)).toBeNull();
      expect(await storage.read(KEY)).toBeNull();
      await storage.put(KEY, bytes, "image/png");
      await storage.put(KEY, bytes, "image/png"); // the same content again: a no-op
      expect(await storage.size(KEY)).toBe(1000);
      const whole = await storage.read(KEY);
      expect(whole?.size).toBe(1000);
      expect((await readAll(whole!.body)).equals(bytes)).toBe(true);
      const part = await storage.read(KEY, { start: 10, end: 19 });
      expect((await readAll(part!.body)).equals(bytes.subarray(10, 20))).toBe(true);
      await storage.remove(KEY);
      await storage.remove(KEY);
      expect(await storage.size(KEY)).toBeNull();
    });
  });
}

describeStorage("local", () => createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "agora-local-"))));
describeStorage("S3 (s3rver)", () =>
  createS3Storage({ bucket: BUCKET, endpoint: s3Endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }),
);

describe("a server configured with AGORA_S3_BUCKET", () => {
  let server: RunningServer;
  let user: TestUser;
  let groupId: number;

  beforeAll(async () => {
    server = await startServer({
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      AGORA_MIGRATE_ON_START: "0",
      LOG_LEVEL: "warn",
      ...GENEROUS_BUDGETS,
      AGORA_S3_BUCKET: BUCKET,
      AGORA_S3_ENDPOINT: s3Endpoint,
      AGORA_S3_REGION: "us-east-1",
      AGORA_S3_ACCESS_KEY_ID: "S3RVER",
      AGORA_S3_SECRET_ACCESS_KEY: "S3RVER",
      // Two uploads per user and day, so the daily budget's refusal is seen too.
      AGORA_UPLOADS_PER_DAY: "2",
    });
    user = await createTestUser();
    groupId = (await createNamedGroup(user)).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("stores an upload in the bucket, serves it from there, and removes it on delete", async () => {
    const form = new FormData();
    form.append("group_id", String(groupId));
    // Dimensions of its own, so no other row (of earlier runs on this database) shares its content.
    form.append("file", new Blob([new Uint8Array(await makePhoneJpeg(100 + Math.floor(Math.random() * 500), 61))]), "photo.jpg");
    const headers = { api_key: inject("apiKey"), authorization: `Bearer ${user.token}` };
    const answer = await fetch(`${server.baseUrl}/api/v2/uploads`, { method: "POST", headers, body: form });
    const body = (await answer.json()) as { data: { file: { id: number; url: string; sha256: string } } };
    expect(answer.status).toBe(200);
    const { file } = body.data;
    const bucket = createS3Storage({ bucket: BUCKET, endpoint: s3Endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
    const key = `${file.sha256}.jpg`;
    const stored = await bucket.read(key);
    expect(stored).not.toBeNull();
    const bytes = await readAll(stored!.body);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const served = await fetch(`${server.baseUrl}${new URL(file.url).pathname}`, { headers: { range: "bytes=0-99" } });
    expect(served.status).toBe(206);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    const removed = await fetch(`${server.baseUrl}/api/v2/uploads/${file.id}/delete`, { method: "POST", headers });
    expect(removed.status).toBe(200);
    expect(await bucket.size(key)).toBeNull();
  });

  it("refuses a user's uploads past the daily budget with 429 / 42900 (AGORA_UPLOADS_PER_DAY)", async () => {
    const uploader = await createTestUser();
    const headers = { api_key: inject("apiKey"), authorization: `Bearer ${uploader.token}` };
    const send = async () => {
      const form = new FormData();
      form.append("purpose", "avatar");
      form.append("file", new Blob([new Uint8Array(await makePng(9, 9))]), "me.png");
      return fetch(`${server.baseUrl}/api/v2/uploads`, { method: "POST", headers, body: form });
    };
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ status: false, code: "42900" });
  });
});
