-- dark_mode (contract section 17: 0 light, 1 dark, 2 follow the device) becomes settable, and
-- signed-in pages follow it on every device. Until now nothing could set it, so every 0 is the
-- column's default, not a choice: accounts follow their device until their person picks a theme.
ALTER TABLE "users" ALTER COLUMN "dark_mode" SET DEFAULT 2;
UPDATE "users" SET "dark_mode" = 2 WHERE "dark_mode" = 0;
