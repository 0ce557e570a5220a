import Link from "next/link";
import type { TagView } from "@/lib/views/tag-view";
import { TagDot, tagFilterHref } from "./tag-chips";
import "./tags.css";

export interface TagFilterProps {
  groupName: string;
  tags: TagView[];
  /** The tag the list is filtered by, or null for all threads. */
  activeId: number | null;
}

/** The group page's tag filter: a link per tag (no script needed), the current one marked. */
export function TagFilter({ groupName, tags, activeId }: TagFilterProps) {
  if (tags.length === 0) return null;
  return (
    <nav className="tag-filter" aria-label="Filter threads by tag">
      <ul className="tag-filter__list">
        <li>
          <Link className="tag-chip" href={`/g/${groupName}`} aria-current={activeId === null ? "page" : undefined}>
            All threads
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              className="tag-chip"
              href={tagFilterHref(groupName, tag.id)}
              aria-current={tag.id === activeId ? "page" : undefined}
              title={tag.description || undefined}
            >
              <TagDot color={tag.color} />
              {tag.name}
              <span className="tag-chip__count">
                <span className="visually-hidden">, </span>
                {tag.threadCount}
                <span className="visually-hidden"> {tag.threadCount === 1 ? "thread" : "threads"}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
