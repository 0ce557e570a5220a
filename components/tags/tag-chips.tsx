import Link from "next/link";
import type { TagChipView } from "@/lib/views/tag-view";
import "./tags.css";

export interface TagChipsProps {
  groupName: string;
  tags: TagChipView[];
  /** Inside a stretched-link row: the chips sit above the row's link. */
  inRow?: boolean;
}

/** The group page filtered by a tag. */
export function tagFilterHref(groupName: string, tagId: number): string {
  return `/g/${groupName}?tag=${tagId}`;
}

/** The tag's color as a dot beside its name (the name carries the meaning; the dot is decoration). */
export function TagDot({ color }: { color: string }) {
  return <span className="tag-dot" aria-hidden="true" style={color ? { background: color } : undefined} />;
}

/** A thread's tags, each a link to its group's threads with that tag. Inline, so it fits in a line of meta. */
export function TagChips({ groupName, tags, inRow = false }: TagChipsProps) {
  if (tags.length === 0) return null;
  return (
    <span className="tag-chips" data-testid="tag-chips">
      {tags.map((tag) => (
        <Link key={tag.id} className={`tag-chip${inRow ? " above-stretch" : ""}`} href={tagFilterHref(groupName, tag.id)}>
          <TagDot color={tag.color} />
          <span className="visually-hidden">Tag: </span>
          {tag.name}
        </Link>
      ))}
    </span>
  );
}
