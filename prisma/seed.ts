// npm run db:seed: demo groups, categories, threads and nested replies; a second run adds nothing.
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/engine/client";
import { parseDeltaContent } from "@/lib/delta/parse";
import { createCategory } from "@/lib/services/categories";
import { createGroup, updateGroupSettings } from "@/lib/services/groups";
import { createPost } from "@/lib/services/posts";
import { createThread } from "@/lib/services/threads";
import { createUserWithWallet, usernameKey } from "@/lib/services/users";
import { runScript } from "../scripts/run-script";
import { DEMO_GROUPS, DEMO_USERS, groupArt, openingPicture, openingPost, replyContent, replyPicture, type DemoGroup } from "./seed-content";
import { uploadDemoImage } from "./seed-images";

function toContent(ops: unknown): string {
  const parsed = parseDeltaContent(ops);
  if (!parsed.ok) throw new Error(`demo content is invalid: ${parsed.error}`);
  return parsed.json;
}

async function ensureUsers(): Promise<number[]> {
  const db = await getDb();
  const ids: number[] = [];
  for (const user of DEMO_USERS) {
    const existing = await db.user.findUnique({ where: { usernameKey: usernameKey(user.username) }, select: { id: true } });
    ids.push(existing?.id ?? (await createUserWithWallet({ username: user.username, wallet: { type: 5, address: user.address, publicKey: null } })).id);
  }
  return ids;
}

async function seedGroup(definition: DemoGroup, userIds: number[], groupIndex: number): Promise<number> {
  const db = await getDb();
  const owner = userIds[groupIndex % userIds.length]!;
  const group = await createGroup(
    { id: owner },
    {
      name: definition.name,
      title: definition.title,
      description: definition.description,
      cover: "",
      logo: "",
    },
  );
  // Group art is uploaded to the group once it exists, as its settings page does.
  const art = groupArt(definition.name);
  await updateGroupSettings({ id: owner }, group.id, {
    title: definition.title,
    description: definition.description,
    logo: await uploadDemoImage(owner, group.id, art.logo, "logo"),
    cover: await uploadDemoImage(owner, group.id, art.cover, "cover"),
  });
  const categoryIds = new Map<string, number>();
  for (const category of definition.categories) {
    const { id } = await createCategory({ id: owner }, { groupId: group.id, name: category.name, parentId: null });
    categoryIds.set(category.name, id);
    for (const child of category.children ?? []) {
      categoryIds.set(child, (await createCategory({ id: owner }, { groupId: group.id, name: child, parentId: id })).id);
    }
  }
  let threads = 0;
  for (const [index, spec] of definition.threads.entries()) {
    const author = userIds[(groupIndex + index) % userIds.length]!;
    // Uploaded by the post's author just before the post, which attaches it (its delta shows it).
    const picture = openingPicture(index);
    const thread = await createThread(
      { id: author },
      {
        group: { id: group.id },
        title: spec.title,
        content: toContent(openingPost(spec.title, picture ? await uploadDemoImage(author, group.id, picture, "post") : null)),
        categoryId: categoryIds.get(spec.category) ?? null,
      },
    );
    // Pinning is a moderator's act, not part of starting a thread.
    if (spec.pinned) await db.thread.update({ where: { id: thread.id }, data: { isPin: 1 } });
    const replies = 2 + ((index * 7 + groupIndex) % 6);
    const postIds: number[] = [];
    for (let r = 0; r < replies; r++) {
      // Every third reply answers an earlier reply, so threads show nested conversations.
      const parentId = r >= 2 && r % 3 === 2 ? postIds[r - 2] : undefined;
      const replier = userIds[(author + r + 1) % userIds.length]!;
      const replyImage = replyPicture(index + r);
      const post = await createPost(
        { id: replier },
        {
          threadId: thread.id,
          content: toContent(replyContent(index + r, replyImage ? await uploadDemoImage(replier, group.id, replyImage, "post") : null)),
          parentId: parentId ?? null,
        },
      );
      postIds.push(post.id);
    }
    // Spread the demo over the past weeks so listings and relative times look lived-in.
    const hoursAgo = (definition.threads.length - index) * 17 + groupIndex * 5;
    await db.$executeRaw`UPDATE posts SET created_at = created_at - make_interval(hours => ${hoursAgo}) + make_interval(mins => (id % 97)), updated_at = created_at - make_interval(hours => ${hoursAgo}) + make_interval(mins => (id % 97)) WHERE thread_id = ${thread.id}`;
    await db.$executeRaw`UPDATE threads SET created_at = created_at - make_interval(hours => ${hoursAgo}), last_activity_at = (SELECT max(created_at) FROM posts WHERE thread_id = ${thread.id}) WHERE id = ${thread.id}`;
    threads++;
  }
  await db.$executeRaw`UPDATE groups SET last_activity_at = (SELECT max(last_activity_at) FROM threads WHERE group_id = ${group.id}) WHERE id = ${group.id}`;
  return threads;
}

runScript(async () => {
  const db = await getDb();
  const userIds = await ensureUsers();
  let createdGroups = 0;
  let createdThreads = 0;
  for (const [index, definition] of DEMO_GROUPS.entries()) {
    if (await db.group.findUnique({ where: { name: definition.name }, select: { id: true } })) continue;
    createdThreads += await seedGroup(definition, userIds, index);
    createdGroups++;
  }
  if (createdGroups === 0) {
    console.log('Demo data is already present; nothing added. New API key: npm run apikey -- create "<label>"');
    return;
  }
  const { key } = await createApiKey("demo (db:seed)");
  console.log(`Seeded ${createdGroups} groups and ${createdThreads} threads. API key for the demo data:`);
  console.log(key);
});
