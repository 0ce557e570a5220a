import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { expect, inject } from "vitest";
import { UploadResponseSchema, type UploadFileDto } from "@/lib/schemas/upload-schemas";
import type { ApiResponse } from "./api-client";
import type { TestUser } from "./fixtures";
import { validateAgainstDocument } from "./openapi-validator";

/** POST /api/v2/uploads with a real multipart body (the key in its header, as uploads need). */
export async function sendUpload(
  user: TestUser | undefined,
  bytes: Buffer,
  name: string,
  fields: Record<string, string | number> = {},
  clientType = "application/octet-stream",
): Promise<ApiResponse<{ file: UploadFileDto }>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append("file", new Blob([new Uint8Array(bytes)], { type: clientType }), name);
  const url = new URL("/api/v2/uploads", inject("baseUrl"));
  const headers: Record<string, string> = { api_key: inject("apiKey") };
  if (user) headers.authorization = `Bearer ${user.token}`;
  const response = await fetch(url, { method: "POST", headers, body: form });
  const body = (await response.json()) as ApiResponse<{ file: UploadFileDto }>["body"];
  await validateAgainstDocument("POST", url, response.status, body);
  return { status: response.status, headers: response.headers, body };
}

/** An upload that must succeed: its file record. */
export async function uploadOk(user: TestUser, bytes: Buffer, name: string, fields: Record<string, string | number> = {}): Promise<UploadFileDto> {
  const response = await sendUpload(user, bytes, name, fields);
  expect(response.body.description).toBe("");
  expect(response.status).toBe(200);
  return UploadResponseSchema.parse(response.body.data).file;
}

/** A small PNG of one random colour: content of its own, shared with no row of an earlier run. */
export function makePng(width = 32, height = 24): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({ create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } } })
    .png()
    .toBuffer();
}

/**
 * A JPEG as a phone writes it: pixels stored landscape (width > height) with EXIF orientation 6
 * (shown rotated 90°), a camera make and a GPS position.
 */
export function makePhoneJpeg(width = 120, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "AgoraPhone", Model: "Test 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` (a decompression bomb's header; no pixels follow). */
export async function makePixelBombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // Signature (8 bytes), then IHDR: length (4), "IHDR" (4), width (4), height (4), ... , CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const crc = crc32(png.subarray(12, 29));
  png.writeUInt32BE(crc >>> 0, 29);
  return png;
}

/** Every stored file under the test server's data directory (local storage). */
export function listStoredFiles(): string[] {
  const root = path.join(inject("dataDir"), "uploads");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((entry) => fs.statSync(path.join(root, entry)).isFile());
}

export function isStored(file: UploadFileDto): boolean {
  return listStoredFiles().some((entry) => entry.endsWith(`${file.sha256}.${file.url.split(".").pop()}`));
}

/** GET an upload's URL (as the server answers it), optionally as a user or with a Range. */
export async function fetchFile(file: UploadFileDto, headers: Record<string, string> = {}) {
  const url = new URL(new URL(file.url).pathname, inject("baseUrl"));
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
