import Link from "next/link";
import type { PostSort } from "@/lib/views/post-view";
import "./threads.css";

export interface PostSortToggleProps {
  basePath: string;
  sort: PostSort;
  /** Extra query kept when switching (a non-default page size). */
  extraQuery?: string;
}

const OPTIONS: Array<{ value: PostSort; label: string }> = [
  { value: "old", label: "Oldest" },
  { value: "new", label: "Newest" },
];

/** Plain links (`?sort=`), so the order survives reloads and shared URLs and works without JS. */
export function PostSortToggle({ basePath, sort, extraQuery = "" }: PostSortToggleProps) {
  return (
    <nav className="segmented" aria-label="Sort replies">
      {OPTIONS.map((option) => {
        const params = [option.value === "old" ? "" : `sort=${option.value}`, extraQuery].filter(Boolean).join("&");
        return (
          <Link
            key={option.value}
            href={params ? `${basePath}?${params}` : basePath}
            className="segmented__option"
            aria-current={option.value === sort ? "true" : undefined}
            scroll={false}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}
