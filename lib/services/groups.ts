import "server-only";
import { conflict } from "@/lib/api/api-error";
import { inTransaction, isUniqueViolation } from "@/lib/services/transaction";

// The feature list a new group starts with (reference: "Feature names observed").
export const DEFAULT_GROUP_FEATURES = [
  "adminsAndModerators",
  "badges",
  "attached_files",
  "GroupLevelPermission",
  "layout",
  "rewards",
  "share_externally",
  "subscription",
  "topic_organization",
  "discordsettings",
] as const;

export const ADMIN_LEVEL = { owner: 1, admin: 2, moderator: 3 } as const;

export interface NewGroup {
  ownerId: number;
  name: string;
  title: string;
  description: string;
  cover: string;
  logo: string;
}

/** Creates a group with its owner as level-1 admin and first member. */
export async function createGroup(input: NewGroup): Promise<{ id: number }> {
  try {
    return await inTransaction((tx) =>
      tx.group.create({
        data: {
          name: input.name.toLowerCase(),
          title: input.title,
          description: input.description,
          cover: input.cover,
          logo: input.logo,
          ownerId: input.ownerId,
          membersCount: 1,
          settings: { layout_type: "forum", show_link_preview: "1", show_poll_cate: "0" },
          features: {
            create: DEFAULT_GROUP_FEATURES.map((featureName) => ({ featureName, isSetting: 0, status: 1 })),
          },
          admins: { create: { userId: input.ownerId, level: ADMIN_LEVEL.owner } },
          members: { create: { userId: input.ownerId } },
        },
        select: { id: true },
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw conflict(`group name "${input.name}" is already taken`);
    throw error;
  }
}
