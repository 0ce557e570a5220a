-- Email (contract section 20): a notification that may be mailed is queued in email_outbox by the
-- statement that writes it, in its transaction, whichever path wrote it (lib/db/notifications.ts,
-- agora_announce_posts, a job), so a crash between the write and the mail loses nothing; the
-- send-notification-emails job drains it after AGORA_EMAIL_DELAY_SECONDS (lib/services/email-notifications.ts).
--
-- table (operation)                                   | keeps up to date | bumps | emits
-- notifications (insert; update of post_id, per stmt) | email_outbox     | -     | -
--
-- Only people whose address is confirmed and who did not turn notification mail off are queued
-- (what each setting mails is decided when the row is drained). A grouped notification taking a new
-- event (its post_id moves) is queued again unless a row for it is waiting already.
-- Lock order: notifications → email_outbox.

CREATE FUNCTION "agora_queue_notification_emails"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "email_outbox" ("notification_id", "user_id")
    SELECT n."id", n."user_id" FROM "new_rows" n
    JOIN "users" u ON u."id" = n."user_id"
    JOIN "user_email_states" s ON s."user_id" = u."id" AND s."confirmed_address" = u."email"
    WHERE NOT n."read" AND COALESCE(u."settings"->>'email_notifications', 'mentions') <> 'off'
    ORDER BY n."id";
  ELSE
    INSERT INTO "email_outbox" ("notification_id", "user_id")
    SELECT n."id", n."user_id" FROM "new_rows" n
    JOIN "old_rows" o ON o."id" = n."id"
    JOIN "users" u ON u."id" = n."user_id"
    JOIN "user_email_states" s ON s."user_id" = u."id" AND s."confirmed_address" = u."email"
    WHERE NOT n."read" AND n."post_id" IS DISTINCT FROM o."post_id"
      AND COALESCE(u."settings"->>'email_notifications', 'mentions') <> 'off'
      AND NOT EXISTS (SELECT 1 FROM "email_outbox" e WHERE e."notification_id" = n."id")
    ORDER BY n."id";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "notifications_queue_email_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_queue_notification_emails"();
CREATE TRIGGER "notifications_queue_email_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agora_queue_notification_emails"();
