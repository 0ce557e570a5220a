// `npm run dev` on a fresh clone: migrate and seed the database first (the seed adds nothing
// the second time), so the forum opens with demo content.
import { spawnSync } from "node:child_process";

for (const script of ["db:migrate", "db:seed"]) {
  const result = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
