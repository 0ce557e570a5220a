import { beforeAll, describe, expect, inject, it } from "vitest";
import type { TagDto } from "@/lib/schemas/tag-schemas";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { createCast, expectOk, expectRefused, getAs, listThreadsAs, postAs, readThreadAs, type Cast } from "../support/community-helpers";
import { textDelta } from "../support/thread-helpers";
import { makePng, sendUpload, uploadOk } from "../support/upload-helpers";

// Contract section 20: each group feature switched off takes effect everywhere: its writes are a
// 403 naming it, its reads are empty, and switching it on again brings back what was kept.

let cast: Cast;

async function setFeature(feature: string, status: 0 | 1): Promise<void> {
  expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/features`, { feature_name: feature, status }));
}

function expectFeatureRefusal(response: Awaited<ReturnType<typeof postAs>>, feature: string): void {
  expectRefused(response, 40300);
  expect(response.body.description).toContain(`"${feature}"`);
}

beforeAll(async () => {
  cast = await createCast();
});

describe("topic_organization (tags)", () => {
  it("off: tag writes and tagging are refused, tags read empty; on again: the thread's tags are back", async () => {
    const made = await postAs<{ tag: TagDto }>(cast.owner, `/api/v2/groups/${cast.group.id}/tags`, { name: "Proposals" });
    expectOk(made);
    const tag = made.body.data.tag;
    const created = await postAs<{ thread: ThreadDto }>(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, {
      title: "Tagged before the switch",
      content: textDelta("Body"),
      tags: String(tag.id),
    });
    expectOk(created);
    const threadId = created.body.data.thread.id;

    await setFeature("topic_organization", 0);
    expectFeatureRefusal(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags`, { name: "Another" }), "topic_organization");
    expectFeatureRefusal(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags/${tag.id}/edit`, { name: "Renamed" }), "topic_organization");
    expectFeatureRefusal(
      await postAs(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, { title: "Tagged after", content: textDelta("x"), tags: String(tag.id) }),
      "topic_organization",
    );
    // A thread without tags is still welcome, and an edit that names none keeps the hidden ones.
    expectOk(await postAs(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, { title: "Untagged", content: textDelta("x") }));
    expectOk(await postAs(cast.author, `/api/v2/threads/${threadId}/edit`, { title: "Tagged before the switch, renamed" }));

    const tags = await getAs<{ tags: TagDto[] }>(undefined, `/api/v2/groups/${cast.group.id}/tags`);
    expectOk(tags);
    expect(tags.body.data.tags).toEqual([]);
    const info = await getAs<{ group: { tags: unknown[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
    expect(info.body.data.group.tags).toEqual([]);
    expect((await readThreadAs(undefined, cast.group, threadId)).body.data.thread.tags).toEqual([]);
    expect((await listThreadsAs(undefined, cast.group.id)).find((item) => item.id === threadId)?.tags).toEqual([]);

    await setFeature("topic_organization", 1);
    expect((await readThreadAs(undefined, cast.group, threadId)).body.data.thread.tags).toEqual([{ id: tag.id, name: "Proposals" }]);
    expect((await listThreadsAs(undefined, cast.group.id)).find((item) => item.id === threadId)?.tags).toEqual([{ id: tag.id, name: "Proposals" }]);
  });
});

describe("attached_files (uploads)", () => {
  it("off: uploads to the group's posts are refused and nothing is stored; group art and avatars still upload", async () => {
    await setFeature("attached_files", 0);
    const refused = await sendUpload(cast.author, await makePng(), "photo.png", { group_id: cast.group.id, purpose: "post" });
    expectFeatureRefusal(refused, "attached_files");
    await uploadOk(cast.owner, await makePng(), "logo.png", { group_id: cast.group.id, purpose: "logo" });
    await uploadOk(cast.author, await makePng(), "me.png", { purpose: "avatar" });
    await setFeature("attached_files", 1);
    await uploadOk(cast.author, await makePng(), "photo.png", { group_id: cast.group.id, purpose: "post" });
  });
});

describe("share_externally (link previews)", () => {
  async function groupPageHtml(): Promise<string> {
    const response = await fetch(new URL(`/g/${cast.group.name}`, inject("baseUrl")));
    expect(response.status).toBe(200);
    return response.text();
  }

  it("off: the group's pages carry no Open Graph tags; on: they do", async () => {
    expect(await groupPageHtml()).toContain('property="og:title"');
    await setFeature("share_externally", 0);
    expect(await groupPageHtml()).not.toContain('property="og:');
    await setFeature("share_externally", 1);
    expect(await groupPageHtml()).toContain('property="og:title"');
  });
});
