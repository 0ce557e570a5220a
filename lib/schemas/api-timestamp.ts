// `/api` timestamps carry microseconds (contract section 10); JavaScript keeps milliseconds. Shared by
// the serializers and by documents Agora publishes outside its API (archive bundles).
export function formatApiTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}
