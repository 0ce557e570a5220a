import "server-only";
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import type { PostProofRecord } from "@/lib/db/post-signatures";
import {
  listExportBadges,
  listExportBookmarks,
  listExportDrafts,
  listExportLikes,
  listExportPosts,
  listExportRevisions,
  listExportTips,
  listExportUploads,
  readSignerKeys,
  type ExportPostRecord,
  type ExportRevisionRecord,
} from "@/lib/db/user-export-reads";
import type { UserProfile } from "@/lib/db/users";
import { buildPostProof, toProofDocument } from "@/lib/services/post-proofs";
import * as documents from "@/lib/services/user-export-documents";
import { getUploadStorage, storageKey } from "@/lib/uploads/storage";

// A data export's zip (contract section 20), written as a stream to `target`: each JSON document
// is an array written a page of rows at a time, and each upload's bytes are read from storage
// when the zip reaches them, so what is held at once is one page, never the whole export.

const PAGE = 200;
/** Posts are heavier (content, proofs, revisions): fewer per page. */
const POST_PAGE = 50;

type Page<T> = (after: T | null) => Promise<{ items: unknown[]; next: T | null }>;

/** The bytes of one JSON array, fetched page by page until a page comes back short. */
async function* jsonArray<T>(page: Page<T>): AsyncGenerator<Buffer> {
  yield Buffer.from("[");
  let first = true;
  let after: T | null = null;
  for (;;) {
    const { items, next } = await page(after);
    for (const item of items) {
      yield Buffer.from(`${first ? "\n" : ",\n"}${JSON.stringify(item)}`);
      first = false;
    }
    if (next === null) break;
    after = next;
  }
  yield Buffer.from(first ? "]\n" : "\n]\n");
}

/** A keyset page: rows after the last key, and the next key while the page was full. */
function keyset<R, K>(list: (after: K, take: number) => Promise<R[]>, start: K, keyOf: (row: R) => K, toDocument: (row: R) => unknown, take = PAGE): Page<K> {
  return async (after) => {
    const rows = await list(after ?? start, take);
    return { items: rows.map(toDocument), next: rows.length === take ? keyOf(rows[rows.length - 1]!) : null };
  };
}

function toProofRecord(post: ExportPostRecord, signerKeys: Map<string, string>, firstWallet: string): PostProofRecord {
  return {
    ...post,
    signerPublicKey: post.signerAddress === null ? null : (signerKeys.get(post.signerAddress) ?? null),
    firstWalletAddress: firstWallet,
  };
}

async function postDocuments(posts: ExportPostRecord[], firstWallet: string): Promise<unknown[]> {
  const ids = posts.map((post) => post.id);
  const [revisions, signerKeys] = await Promise.all([
    listExportRevisions(ids),
    readSignerKeys(posts.flatMap((post) => (post.signerAddress === null ? [] : [post.signerAddress]))),
  ]);
  const byPost = new Map<number, ExportRevisionRecord[]>();
  for (const revision of revisions) byPost.set(revision.postId, [...(byPost.get(revision.postId) ?? []), revision]);
  const result: unknown[] = [];
  // One at a time: a proof re-checks the signature and hashes the archive bundle.
  for (const post of posts) {
    const proof = toProofDocument(await buildPostProof(toProofRecord(post, signerKeys, firstWallet)));
    result.push(documents.toPostDocument(post, byPost.get(post.id) ?? [], proof));
  }
  return result;
}

/** Writes the user's export zip to the file `target`; answers when it is complete on disk. */
export async function writeUserExportZip(profile: UserProfile, target: string, exportedAt = new Date()): Promise<void> {
  const userId = profile.id;
  const zip = new ZipFile();
  const failures: Error[] = [];
  const written = pipeline(zip.outputStream as Readable, createWriteStream(target, { mode: 0o600 }));
  const fail = (error: Error) => {
    failures.push(error);
    (zip.outputStream as Readable).destroy(error);
  };
  zip.on("error", fail);
  const addJson = (name: string, value: unknown) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name);
  const addArray = <K>(name: string, page: Page<K>) => {
    const stream = Readable.from(jsonArray(page), { objectMode: false });
    stream.on("error", fail);
    zip.addReadStream(stream, name);
  };

  addJson("manifest.json", documents.toManifestDocument(profile, exportedAt));
  addJson("profile.json", documents.toProfileDocument(profile));
  const firstWallet = profile.wallets[0]?.address ?? "";
  addArray<number>("posts.json", async (after) => {
    const posts = await listExportPosts(userId, after ?? 0, POST_PAGE);
    return { items: await postDocuments(posts, firstWallet), next: posts.length === POST_PAGE ? posts[posts.length - 1]!.id : null };
  });
  addArray(
    "likes.json",
    keyset(
      (after, take) => listExportLikes(userId, after, take),
      0,
      (like) => like.id,
      documents.toLikeDocument,
    ),
  );
  addArray(
    "bookmarks.json",
    keyset(
      (after, take) => listExportBookmarks(userId, after, take),
      0,
      (mark) => mark.postId,
      documents.toBookmarkDocument,
    ),
  );
  addArray(
    "drafts.json",
    keyset(
      (after, take) => listExportDrafts(userId, after, take),
      "",
      (draft) => draft.draftKey,
      documents.toDraftDocument,
    ),
  );
  addArray(
    "badges.json",
    keyset(
      (after, take) => listExportBadges(userId, after, take),
      0,
      (badge) => badge.badgeId,
      documents.toBadgeDocument,
    ),
  );
  addArray(
    "tips.json",
    keyset(
      (after, take) => listExportTips(userId, after, take),
      0,
      (tip) => tip.id,
      documents.toTipDocument,
    ),
  );
  await addUploads(zip, userId, fail);
  zip.end();
  try {
    await written;
  } catch (error) {
    throw failures[0] ?? error;
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * uploads.json (its rows kept until the listing ends, a few hundred bytes each) and each upload's
 * bytes as uploads/<id>.<ext>, opened from storage when the zip reaches it.
 */
async function addUploads(zip: ZipFile, userId: number, fail: (error: Error) => void): Promise<void> {
  const storage = await getUploadStorage();
  const listed: unknown[] = [];
  for (let after = 0; ;) {
    const uploads = await listExportUploads(userId, after, PAGE);
    for (const upload of uploads) {
      const key = storageKey(upload.sha256, upload.ext);
      const stored = (await storage.size(key)) !== null;
      listed.push(documents.toUploadDocument(upload, stored));
      if (!stored) continue;
      // Images are compressed already; storing them as they are costs no space and no CPU.
      zip.addReadStreamLazy(documents.uploadEntryPath(upload), { compress: !upload.mimeType.startsWith("image/") }, (done) => {
        storage.read(key).then(
          (object) => {
            if (!object) return done(new Error(`upload ${upload.id}'s stored file went missing during the export`), undefined as never);
            const stream = Readable.fromWeb(object.body as import("node:stream/web").ReadableStream<Uint8Array>);
            stream.on("error", fail);
            done(null, stream);
          },
          (error: Error) => done(error, undefined as never),
        );
      });
    }
    if (uploads.length < PAGE) break;
    after = uploads[uploads.length - 1]!.id;
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(listed, null, 2)}\n`), "uploads.json");
}
