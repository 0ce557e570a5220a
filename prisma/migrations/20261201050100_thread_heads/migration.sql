-- What the unread feed (and the top and hot feeds' join) reads of each thread it probes by id:
-- its newest post, last activity, group and author, from the index alone. The unread feed probes
-- one thread per read mark the reader holds, so this is what a reader tracking many threads pays
-- per thread (contract section 17: 1,000 followed threads cost at most 1.5 times 10).
CREATE INDEX "threads_live_heads_idx" ON "threads"("id") INCLUDE ("last_post_id", "last_activity_at", "group_id", "user_id") WHERE "is_delete" = 0 AND "first_post_id" IS NOT NULL;
