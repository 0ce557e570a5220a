import "server-only";
import { headers } from "next/headers";
import { ApiError } from "@/lib/api/api-error";
import { consumeRateLimit, readClientAddress } from "@/lib/api/rate-limit";
import { getViewer } from "@/lib/auth/session";
import { logger } from "@/lib/log";
import type { ActionResult } from "@/lib/actions/action-types";

export type { ActionResult };

export const GENERIC_ERROR = "Something went wrong on our side. Please try again in a moment.";
export const SIGNED_OUT_ERROR = "Your session has ended. Please sign in again.";

// The API names fields the way its parameters are spelled; a form names them the way its labels do.
const FIELD_LABELS: Record<string, string> = {
  name: "Handle",
  title: "Title",
  description: "Description",
  cover: "Cover image address",
  logo: "Logo address",
  username: "Username",
  photo_url: "Avatar address",
  cover_image: "Cover image address",
  email: "Email",
};

/** "title: must not be empty" → "Title must not be empty"; delta errors keep their detail. */
export function humanizeApiMessage(message: string): string {
  const match = /^([a-z_]+): (.+)$/s.exec(message);
  if (!match) {
    if (message.startsWith("content")) return `The post could not be saved (${message}).`;
    return message;
  }
  const [, field = "", rest = ""] = match;
  if (field === "content") return `The post ${rest}.`.replace(/\.\.$/, ".");
  const label = FIELD_LABELS[field];
  if (!label) return message;
  return /^(must|is|are|should|cannot|not) /.test(rest) ? `${label} ${rest}` : `${label}: ${rest}`;
}

/**
 * Runs a server action body; an ApiError's reason goes back to the form in a person's words,
 * anything else is logged and replaced by a generic message so nothing internal leaks.
 */
export async function runAction<T>(name: string, body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    // Server actions are public endpoints too: a budget per signed-in person, or per client address.
    const viewer = await getViewer();
    await consumeRateLimit(viewer ? `web:user:${viewer.id}` : `web:anon:${readClientAddress(await headers())}`);
    return { ok: true, data: await body() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: humanizeApiMessage(error.message) };
    logger.error({ err: error, action: name }, "server action failed");
    return { ok: false, error: GENERIC_ERROR };
  }
}
