import { z } from "zod";
import { intParam } from "@/lib/schemas/params";

/**
 * The `content` parameter as it travels (contract section 8): the delta's JSON text, or the ops
 * array itself in a JSON body. Only the carrier is checked here; the delta is validated and
 * normalised by parseDeltaContent where it is written, so the web's server actions share the rules.
 */
export const DeltaContentParamSchema = z
  .union([z.string(), z.array(z.unknown())], { error: "must be a delta: a JSON array of ops or its JSON text" })
  .describe("Post body: a JSON-encoded array of Quill delta ops (contract section 8)");

/** `nsfw` (contract section 17): 0 or 1, as a number or its digit. */
export const NsfwParamSchema = intParam({ min: 0, max: 1 });
