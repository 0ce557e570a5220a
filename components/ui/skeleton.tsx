import "./ui.css";

export interface SkeletonLinesProps {
  rows: number;
  /** Shape of each row: a thread row or a post. */
  variant: "row" | "post";
}

/** Grey placeholders while a page streams in; announced once as "Loading". */
export function SkeletonRows({ rows, variant }: SkeletonLinesProps) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={`skeleton__item skeleton__item--${variant}`} aria-hidden="true">
          <span className="skeleton__circle" />
          <span className="skeleton__lines">
            <span className="skeleton__line skeleton__line--title" />
            <span className="skeleton__line" />
            {variant === "post" ? <span className="skeleton__line skeleton__line--short" /> : null}
          </span>
        </div>
      ))}
    </div>
  );
}
