// Serves the embedded database in a process of its own, as `npm run dev` does, for tests that
// attack its wire server from outside: a frame that froze the server would freeze this process,
// not the test runner. Usage: tsx --conditions=react-server <this file> <data dir>. Prints
// "ready" once server.json is written; SIGTERM stops it.
import { startEmbeddedDatabase } from "@/lib/db/embedded/database";

startEmbeddedDatabase(process.argv[2]!).then(
  () => process.stdout.write("ready\n"),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
