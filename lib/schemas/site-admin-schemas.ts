import { z } from "zod";
import { idParam, intParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";

// Contract section 20, "Site administration".

export const SUSPEND_REASON_MAX = 500;
export const SUSPEND_DAYS_MAX = 3650;

export const SuspendParamsSchema = z.object({
  user_id: idParam(),
  suspended: intParam({ min: 0, max: 1 }).describe("1 suspends, 0 restores"),
  reason: unsetWhenBlank(trimmedString({ max: SUSPEND_REASON_MAX }).optional()),
  days: unsetWhenBlank(intParam({ min: 0, max: SUSPEND_DAYS_MAX }).optional()).describe("0 (the default): until lifted"),
});

export const SuspendResponseSchema = z.object({ user_id: z.number().int(), activate: z.number().int() });

export const RecommendParamsSchema = z.object({
  group_id: idParam(),
  no_recommend: unsetWhenBlank(intParam({ min: 0, max: 1 }).optional()),
  super_no_recommend: unsetWhenBlank(intParam({ min: 0, max: 1 }).optional()),
});

export const RecommendResponseSchema = z.object({ group_id: z.number().int(), no_recommend: z.number().int(), super_no_recommend: z.number().int() });
