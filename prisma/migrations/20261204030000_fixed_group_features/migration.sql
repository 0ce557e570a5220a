-- Contract section 20: subscription and discordsettings are not offered (always 0), and
-- adminsAndModerators, GroupLevelPermission and layout are always on. Groups made before
-- started every feature at 1.
UPDATE "group_features" SET "status" = 0 WHERE "feature_name" IN ('subscription', 'discordsettings') AND "status" IS DISTINCT FROM 0;
UPDATE "group_features" SET "status" = 1 WHERE "feature_name" IN ('adminsAndModerators', 'GroupLevelPermission', 'layout') AND "status" IS DISTINCT FROM 1;
