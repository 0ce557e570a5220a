import Link from "next/link";
import "./ui.css";

export interface PaginationProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}

// First, last and the neighbours of the current page; gaps collapse into an ellipsis.
function listVisiblePages(page: number, totalPages: number): Array<number | "gap"> {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push("gap");
    items.push(n);
  });
  return items;
}

/** Page links that work without JavaScript; on phones only Previous, "n / total" and Next show. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link className="pagination__step" href={hrefFor(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          ← Previous
        </span>
      )}
      <ol className="pagination__pages">
        {listVisiblePages(page, totalPages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link className="pagination__page" href={hrefFor(item)} aria-current={item === page ? "page" : undefined} aria-label={`Page ${item}`}>
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      <span className="pagination__summary">
        {page} / {totalPages}
      </span>
      {page < totalPages ? (
        <Link className="pagination__step" href={hrefFor(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Next →
        </span>
      )}
    </nav>
  );
}
