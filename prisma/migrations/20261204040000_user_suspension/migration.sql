-- Contract section 20: site admins suspend accounts (activate 0), for some days or until lifted.
ALTER TABLE "users" ADD COLUMN "suspended_until" TIMESTAMPTZ(6);
ALTER TABLE "users" ADD COLUMN "suspend_reason" TEXT NOT NULL DEFAULT '';
