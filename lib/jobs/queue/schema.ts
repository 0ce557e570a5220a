import "server-only";

// The queue's tables and functions live in a schema of their own, not the app's: the migrations,
// prisma/derived/ (which owns every trigger and function of current_schema()) and backups
// (contract section 20) leave them alone, and pg-boss upgrades them itself.
export const JOB_SCHEMA = "pgboss";
