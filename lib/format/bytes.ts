/** A byte count as people read it: "812 B", "4.2 KB", "31 KB", "2.5 MB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1_048_576) return `${(size / 1024).toFixed(size < 10_240 ? 1 : 0)} KB`;
  return `${(size / 1_048_576).toFixed(1)} MB`;
}
