import { z } from "zod";
import { GroupFeatureSchema } from "@/lib/schemas/group-feature-schemas";
import { GroupInfoTagSchema } from "@/lib/schemas/tag-schemas";
import { TipTokenInfoSchema } from "@/lib/schemas/tip-schemas";

/** Contract section 7: a group's handle. */
export const GroupNameSchema = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{3,32}$/, { error: "must be 3-32 characters of a-z, 0-9, - and _" });

export const GroupAdminSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  level: z.number().int(),
  user_id: z.number().int(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const GroupDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** Group as answered by get group info (reference: "Group (from get group info)"). */
export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  created_at: GroupDateTime,
  updated_at: GroupDateTime,
  owner: z.number().int(),
  cover: z.string(),
  logo: z.string(),
  description: z.string(),
  no_recommend: z.string(),
  super_no_recommend: z.string(),
  joining: z.number().int(),
  visibility: z.number().int(),
  show_snapshot: z.string(),
  snapshot_space: z.string(),
  erc20_token: z.object({
    status: z.string(),
    is_import: z.string(),
    address: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimal: z.string(),
    logo: z.string(),
    balance: z.string(),
  }),
  feature: z.array(GroupFeatureSchema),
  attached_files: z.object({
    allow_everyone: z.number().int(),
    allow_post: z.number().int(),
    allow_all_file_type: z.string(),
  }),
  group_admin: z.array(GroupAdminSchema),
  permission_level: z.string(),
  online_members: z.number().int(),
  pending_user: z.array(z.object({ user_id: z.number().int(), username: z.string(), photo_url: z.string(), message: z.string(), created_at: z.string() })),
  group_subscription: z.object({
    current_plan: z.string(),
    group_id: z.number().int(),
    is_canceled: z.boolean(),
    period_end: z.string(),
  }),
  members: z.number().int(),
  gallery: z.string(),
  privacy_type: z.string(),
  ft_count: z.string(),
  chain_type: z.string(),
  open_readonly: z.string(),
  primary_nft: z.string(),
  primary_token: z.string(),
  group_settings: z.object({
    layout_type: z.string(),
    show_link_preview: z.string(),
    show_poll_cate: z.string(),
  }),
  // Contract section 18: by name, and in the admins' order.
  tags: z.array(GroupInfoTagSchema),
  order_tags: z.array(GroupInfoTagSchema),
  poll_category: z.array(z.number().int()),
  tip_token_info: TipTokenInfoSchema,
  main_token_address: z.string(),
  // Contract section 17: the viewer muted the group (0 for guests).
  is_muted: z.number().int(),
  // Contract section 19: 1 while every new post and revision is archived.
  archive: z.number().int(),
});

export type GroupDto = z.infer<typeof GroupSchema>;

export type GroupAdminDto = z.infer<typeof GroupAdminSchema>;
