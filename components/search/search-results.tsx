import Link from "next/link";
import { Fragment } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import type { SnippetPart } from "@/lib/search/snippet";
import type { SearchResultView } from "@/lib/views/search-view";
import "./search.css";

/** A snippet as text nodes: the matches in <mark>, everything else plain text React escapes. */
export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <p className="search-hit__snippet">
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}
    </p>
  );
}

export function SearchResults({ results }: { results: readonly SearchResultView[] }) {
  return (
    <ol className="search-results">
      {results.map((result) => (
        <li key={result.key} className="card search-hit" data-testid="search-result">
          <p className="search-hit__meta">
            <span>{result.kind === "thread" ? "Thread" : "Post"}</span>
            {" by "}
            <Link href={`/u/${result.author.id}`} className="above-stretch">
              {result.author.username}
            </Link>
            {" in "}
            <Link href={`/g/${result.groupName}`} className="above-stretch">
              {result.groupTitle}
            </Link>
            {" · "}
            <RelativeTime value={result.createdAt} />
          </p>
          <h2 className="search-hit__title">
            <Link href={result.href} className="stretched-link">
              {result.title}
            </Link>
          </h2>
          {result.snippet.length > 0 ? <Snippet parts={result.snippet} /> : null}
        </li>
      ))}
    </ol>
  );
}
