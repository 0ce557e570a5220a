import { z } from "zod";

// Contract section 19: what posts, threads and list items carry of their author's badges and title.

/** `badge` entries: the author's three newest badges in the group. */
export const BadgeFaceSchema = z.strictObject({ event_id: z.number().int(), desc: z.string(), image_url: z.string(), origin_url: z.string() });
/** `user_title` entries: the chosen badge's name, or a moderator's role with id 0. */
export const UserTitleSchema = z.strictObject({ id: z.number().int(), title: z.string() });
