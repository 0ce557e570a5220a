import { afterAll, inject } from "vitest";
import { recordValidatedCount } from "./openapi-validator";

// Tests that touch the database directly reach the same one as the server under test.
process.env.AGORA_DATA_DIR = inject("dataDir");
if (inject("databaseUrl")) process.env.DATABASE_URL = inject("databaseUrl");
else delete process.env.DATABASE_URL;
process.env.LOG_LEVEL = "warn";

afterAll(recordValidatedCount);
