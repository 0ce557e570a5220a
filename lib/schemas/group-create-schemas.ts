import { z } from "zod";
import { GroupNameSchema } from "@/lib/schemas/group-schemas";
import { httpUrl, trimmedString } from "@/lib/schemas/params";

/** The fields of a new group, shared by the create-group form and the API (endpoint 5). */
export const CreateGroupFieldsSchema = z.object({
  name: GroupNameSchema,
  title: trimmedString({ min: 1, max: 100 }),
  description: trimmedString({ max: 2000 }),
  // A group may start without images; when given they must be http(s).
  cover: httpUrl(),
  logo: httpUrl(),
});

export type CreateGroupFields = z.infer<typeof CreateGroupFieldsSchema>;
