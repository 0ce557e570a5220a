import { DeltaAttributesSchema, DeltaInsertSchema, type DeltaAttributes, type DeltaOp } from "@/lib/delta/schema";

// Stored content may predate the schema or have been written by a hostile client; rendering must
// still show what it safely can, so each op and each attribute is checked on its own and only the
// parts that fail are dropped (a bad link loses its link, not its text).
export function salvageDeltaOps(value: unknown): DeltaOp[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    const op = salvageOp(raw);
    return op ? [op] : [];
  });
}

function salvageOp(raw: unknown): DeltaOp | undefined {
  if (!isPlainRecord(raw)) return undefined;
  const insert = DeltaInsertSchema.safeParse(raw.insert);
  if (!insert.success) return undefined;
  const attributes = salvageAttributes(raw.attributes);
  return attributes ? { insert: insert.data, attributes } : { insert: insert.data };
}

function salvageAttributes(raw: unknown): DeltaAttributes | undefined {
  if (!isPlainRecord(raw)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(DeltaAttributesSchema.shape)) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = raw[key];
    if (value !== null && value !== false && schema.safeParse(value).success) kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? (kept as DeltaAttributes) : undefined;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
