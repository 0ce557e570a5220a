// Shared by server actions and the forms that call them (no server-only imports here).
/** An action's outcome; a refusal says why in a person's words and, when one field is wrong, which. */
export type ActionResult<T = undefined> = { ok: true; data: T } | { ok: false; error: string; field?: string };

export const NETWORK_ERROR = "We could not reach Agora. Check your connection and try again.";

/** Turns an action's result into a value or a thrown Error whose message is safe to show. */
export async function unwrapAction<T>(call: () => Promise<ActionResult<T>>): Promise<T> {
  let result: ActionResult<T>;
  try {
    result = await call();
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (!result.ok) throw new Error(result.error);
  return result.data;
}
