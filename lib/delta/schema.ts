import { z } from "zod";

export const MAX_DELTA_OPS = 5000;
export const MAX_DELTA_TEXT_LENGTH = 100_000;
export const MAX_URL_LENGTH = 2048;

// Anchored and free of quotes, semicolons and parentheses beyond rgb()/rgba(), so a value that
// passes can be written into a style attribute without letting anything else in.
export const CSS_COLOR_PATTERN =
  /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|rgba\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*(?:0|1|0?\.\d+|1\.0+)\s*\)|[a-z]{3,20})$/i;

// The prefix test runs on the raw string because the URL parser silently strips tabs, newlines
// and leading spaces, which would let "java\tscript:" through a protocol-only check.
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function listUnknownKeys(keys: readonly PropertyKey[]): string {
  return keys.map((key) => `"${String(key)}"`).join(", ");
}

const FlagSchema = z.boolean({ error: "must be true or false" }).nullable().optional();

const LinkSchema = z
  .string({ error: "must be a URL string" })
  .max(MAX_URL_LENGTH, `links must be at most ${MAX_URL_LENGTH} characters`)
  .refine(isHttpUrl, "links must be http(s) URLs");

export const DeltaAttributesSchema = z.strictObject(
  {
    bold: FlagSchema,
    italic: FlagSchema,
    underline: FlagSchema,
    strike: FlagSchema,
    code: FlagSchema,
    blockquote: FlagSchema,
    link: LinkSchema.nullable().optional(),
    list: z.enum(["bullet", "ordered"], { error: 'must be "bullet" or "ordered"' }).nullable().optional(),
    header: z
      .int({ error: "must be an integer from 1 to 3" })
      .min(1, "must be an integer from 1 to 3")
      .max(3, "must be an integer from 1 to 3")
      .nullable()
      .optional(),
    // The quoted post's id, on a blockquote line (contract section 17): checked and attributed when written.
    quote: z.int({ error: "must be a post id" }).min(1, "must be a post id").max(2147483647, "must be a post id").nullable().optional(),
    background: z
      .string({ error: "must be a CSS colour string" })
      .regex(CSS_COLOR_PATTERN, "must be a CSS colour (#rgb, #rrggbb, rgb(), rgba() or a colour name)")
      .nullable()
      .optional(),
  },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown attribute ${listUnknownKeys(issue.keys)}` : "attributes must be an object"),
  },
);
export type DeltaAttributes = z.infer<typeof DeltaAttributesSchema>;

export const ImageInsertSchema = z.strictObject(
  {
    image: z
      .string({ error: "must be a URL string" })
      .max(MAX_URL_LENGTH, `images must be at most ${MAX_URL_LENGTH} characters`)
      .refine(isHttpUrl, "images must be http(s) URLs"),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key ${listUnknownKeys(issue.keys)}` : undefined) },
);
export type ImageInsert = z.infer<typeof ImageInsertSchema>;

export const EmojiSchema = z.strictObject(
  {
    name: z.string({ error: "must be a string" }).min(1, "must be 1 to 64 characters").max(64, "must be 1 to 64 characters"),
    unicode: z.string({ error: "must be a string" }).min(1, "must be 1 to 16 characters").max(16, "must be 1 to 16 characters"),
  },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key ${listUnknownKeys(issue.keys)}` : "must be an object with name and unicode"),
  },
);

export const EmojiInsertSchema = z.strictObject(
  { emoji: EmojiSchema },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key ${listUnknownKeys(issue.keys)}` : undefined) },
);
export type EmojiInsert = z.infer<typeof EmojiInsertSchema>;

export const DeltaInsertSchema = z.union([z.string(), ImageInsertSchema, EmojiInsertSchema], {
  error: (issue) => (issue.input === undefined ? "is required" : "must be a string, an {image} or an {emoji} object"),
});

export const DeltaOpSchema = z.strictObject(
  { insert: DeltaInsertSchema, attributes: DeltaAttributesSchema.optional() },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field ${listUnknownKeys(issue.keys)}` : "must be an object with an insert"),
  },
);
export type DeltaOp = z.infer<typeof DeltaOpSchema>;

export function measureDeltaText(ops: readonly DeltaOp[]): number {
  return ops.reduce((total, op) => total + (typeof op.insert === "string" ? op.insert.length : 0), 0);
}

export const DeltaSchema = z
  .array(DeltaOpSchema, { error: "must be a JSON array of delta ops" })
  .min(1, "must not be empty")
  .max(MAX_DELTA_OPS, `must have at most ${MAX_DELTA_OPS} ops`)
  .refine((ops) => measureDeltaText(ops) <= MAX_DELTA_TEXT_LENGTH, {
    error: `text must be at most ${MAX_DELTA_TEXT_LENGTH} characters`,
  });
export type Delta = z.infer<typeof DeltaSchema>;
