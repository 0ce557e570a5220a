import { describe, expect, it } from "vitest";
import type { PostNode } from "@/lib/db/post-tree";
import { presentUploadedImages, REMOVED_IMAGE_HTML } from "@/lib/views/post-images";

const HASH = "a".repeat(64);
const kept = `/uploads/7/${HASH}.png`;
const gone = `/uploads/8/${HASH}.png`;
const row = { id: 7, url: `https://forum.example${kept}`, width: 120, height: 80 } as PostNode["attachments"][number];

describe("presentUploadedImages", () => {
  it("sizes and links an upload's image, and puts a placeholder where a deleted one was", () => {
    const html = `<p><img src="${kept}" alt="" loading="lazy"><img src="${gone}" alt="" loading="lazy"></p>`;
    expect(presentUploadedImages(html, [row], (id) => id === 8)).toBe(
      `<p><a href="${kept}" class="post__image-link" data-lightbox="" aria-label="View the image full size"><img src="${kept}" width="120" height="80" alt="" loading="lazy"></a>${REMOVED_IMAGE_HTML}</p>`,
    );
  });

  it("keeps a link the author put on an image, and leaves remote images alone", () => {
    const html = `<p><a href="https://example.com" rel="nofollow"><img src="${kept}" alt=""></a><img src="/media/proxy?url=x" alt=""></p>`;
    expect(presentUploadedImages(html, [row], () => false)).toBe(
      `<p><a href="https://example.com" rel="nofollow"><img src="${kept}" width="120" height="80" alt=""></a><img src="/media/proxy?url=x" alt=""></p>`,
    );
  });
});
