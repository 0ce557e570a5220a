import { z } from "zod";
import { httpUrl, intParam } from "@/lib/schemas/params";
import { EMAIL_DIGESTS, EMAIL_NOTIFICATIONS } from "@/lib/schemas/user-settings-schemas";

// ---- Request fields (shared by the API and the web app's forms) ----

// Characters that draw nothing or reorder what is drawn, so two names could look the same or a
// name could hide text: format characters (zero-width, bidi controls, soft hyphen), the other
// default-ignorables (variation selectors, Hangul fillers), controls, line and paragraph
// separators, private-use, surrogate and unassigned code points.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

const countCharacters = (value: string) => [...value].length;

/**
 * Contract section 7: 2-32 characters, unique case-insensitively. Stored as typed after NFKC
 * (fullwidth and compatibility forms become the plain letters); uniqueness by confusable
 * skeleton is the service's and the database's job (lib/services/username-skeleton.ts).
 */
export const UsernameSchema = z
  .string({ error: "must be a string" })
  .overwrite((value) => value.normalize("NFKC"))
  .trim()
  .refine((value) => !INVISIBLE.test(value), {
    error: "must not contain invisible, format or control characters (zero-width, bidi controls)",
    abort: true,
  })
  .refine((value) => countCharacters(value) >= 2, { error: "must be at least 2 characters", abort: true })
  .refine((value) => countCharacters(value) <= 32, { error: "must be at most 32 characters" })
  .meta({ minLength: 2, maxLength: 32 });

/** Many wallets have no avatar, so "" is accepted; anything else must be an http(s) URL. */
export const PhotoUrlSchema = httpUrl();

export const EmailSchema = z
  .string({ error: "must be a string" })
  .trim()
  .max(254, { error: "must be at most 254 characters" })
  .refine((value) => value === "" || z.email().safeParse(value).success, { error: "must be an email address" });

export const IsNftSchema = intParam({ min: 0, max: 1 });

// ---- Response shapes (reference "User" section) ----

const Timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

export const WalletKeySchema = z.strictObject({ type: z.number().int(), address: z.string() });

// "Group (list item inside a user record)": owner only in recommend_groups, url and
// permission_level only in groups.
const GroupItemBase = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  created_at: Timestamp,
  cover: z.string(),
  logo: z.string(),
  updated_at: Timestamp,
  description: z.string(),
  followers: z.number().int(),
  posts: z.number().int(),
  no_recommend: z.string(),
  super_no_recommend: z.string(),
  main_token: z.string(),
  ipfs: z.string(),
  ipns: z.string(),
  score: z.number().int(),
});
export const UserGroupSchema = GroupItemBase.extend({ url: z.url(), permission_level: z.string() });
export const RecommendGroupSchema = GroupItemBase.extend({ owner: z.number().int() });

const GroupPermLevelSchema = z.strictObject({ group_id: z.number().int(), level: z.number().int() });

/** The user of get user info (endpoint 9), every field of the reference table. */
export const MeUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  /** Contract section 20: 1 once the address was confirmed by its link (0 again when it changes). */
  email_confirmed: z.union([z.literal(0), z.literal(1)]),
  web3_public_key: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  photo_url: z.string(),
  cover_image: z.string().nullable(),
  bio: z.string().nullable(),
  public_key: z.string().nullable(),
  likes: z.number().int(),
  posts: z.number().int(),
  activate: z.number().int(),
  last_post_time: Timestamp.nullable(),
  payment_cus_id: z.string(),
  web3_public_keys: z.array(WalletKeySchema),
  group_perm_level: z.array(GroupPermLevelSchema),
  groups: z.array(UserGroupSchema),
  recommend_groups: z.array(RecommendGroupSchema),
  ban_group: z.array(z.number().int()),
  can_join_group: z.array(z.number().int()),
  blocked_users: z.array(z.strictObject({ id: z.number().int(), username: z.string(), photo_url: z.string() })),
  api_version: z.union([z.number().int(), z.string()]),
  super_admin: z.number().int(),
  settings: z.strictObject({
    email_notifications: z.enum(EMAIL_NOTIFICATIONS),
    email_digest: z.enum(EMAIL_DIGESTS),
    show_nsfw: z.number().int(),
    hide_online: z.number().int(),
  }),
  browser_wallet_address: z.string(),
  archive_address: z.string(),
  dark_mode: z.number().int(),
  referral_url: z.url().refine((url) => new URL(url).searchParams.has("signature"), {
    error: "must carry a signature parameter",
  }),
  widget_secret: z.string(),
  username: z.string(),
  is_nft: z.union([z.literal(0), z.literal(1)]),
});

/** Endpoint 8: the user of a wallet login. */
export const WalletLoginUserSchema = MeUserSchema.pick({
  id: true,
  email: true,
  photo_url: true,
  likes: true,
  posts: true,
  activate: true,
  last_post_time: true,
  web3_public_keys: true,
  username: true,
  is_nft: true,
});

/** Endpoint 10: the user of a wallet register. */
export const WalletRegisterUserSchema = MeUserSchema.pick({
  photo_url: true,
  activate: true,
  updated_at: true,
  created_at: true,
  id: true,
  web3_public_keys: true,
  username: true,
  is_nft: true,
});

/** Endpoint 6: "the me fields without groups". */
export const UpdateInfoUserSchema = MeUserSchema.omit({ groups: true, email_confirmed: true });

/** Endpoint 5: "the me fields except the timestamps" (created_at, updated_at, last_post_time). */
export const CreateGroupUserSchema = MeUserSchema.omit({
  email_confirmed: true,
  created_at: true,
  updated_at: true,
  last_post_time: true,
});

/** Endpoint 14: as create group, plus is_nfc; widget_secret is withheld ("") until a signed login. */
export const PurseRegisterUserSchema = CreateGroupUserSchema.extend({
  widget_secret: z.literal(""),
  is_nfc: z.union([z.literal(0), z.literal(1)]),
});

export type WalletKeyDto = z.infer<typeof WalletKeySchema>;
export type UserGroupDto = z.infer<typeof UserGroupSchema>;
export type RecommendGroupDto = z.infer<typeof RecommendGroupSchema>;
export type MeUserDto = z.infer<typeof MeUserSchema>;
export type WalletLoginUserDto = z.infer<typeof WalletLoginUserSchema>;
export type WalletRegisterUserDto = z.infer<typeof WalletRegisterUserSchema>;
export type UpdateInfoUserDto = z.infer<typeof UpdateInfoUserSchema>;
export type CreateGroupUserDto = z.infer<typeof CreateGroupUserSchema>;
export type PurseRegisterUserDto = z.infer<typeof PurseRegisterUserSchema>;
