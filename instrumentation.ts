// Runs once when the server starts: opens the database (starting the embedded one when
// DATABASE_URL is unset) and applies pending migrations before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db/client");
  await getDb();
}
