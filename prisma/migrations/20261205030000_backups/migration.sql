-- Backups (contract section 20): each backup while it runs and once it is finished, for the admin
-- pages and for removals of stored uploads, which wait while a backup runs. A schema of its own,
-- as the job queue's: this installation's bookkeeping, left out of the backups it describes.
-- (IF NOT EXISTS: a test applies every migration to a fresh schema of a database that has this one.)
CREATE SCHEMA IF NOT EXISTS agora_ops;

CREATE TABLE IF NOT EXISTS agora_ops.backups (
  id BIGSERIAL PRIMARY KEY,
  file_name TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Moved every few seconds while the backup runs: a killed backup stops counting as running.
  heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ,
  size_bytes BIGINT
);

CREATE INDEX IF NOT EXISTS backups_finished_at_idx ON agora_ops.backups (finished_at DESC) WHERE finished_at IS NOT NULL;
