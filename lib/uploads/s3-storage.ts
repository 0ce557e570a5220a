import "server-only";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { ByteRange, StoredObject, UploadStorage } from "@/lib/uploads/storage";

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === "NotFound" || name === "NoSuchKey";
}

/** Objects in an S3-compatible bucket, under "uploads/<key>". A PUT is atomic on S3: readers see the old object or the new one. */
export function createS3Storage(settings: S3Settings): UploadStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Self-hosted servers (MinIO, s3rver, ...) answer on one host, bucket in the path.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `uploads/${key}`;
  const size = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      if ((await size(key)) === bytes.length) return;
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async putStream(key, body, length, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: length }));
    },
    size,
    async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const total = await size(key);
      if (total === null) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        if (!object.Body) return null;
        return { size: total, body: object.Body.transformToWebStream() as ReadableStream<Uint8Array> };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async isEmpty() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: objectKey(""), MaxKeys: 1 }));
      return (listed.KeyCount ?? 0) === 0;
    },
  };
}
