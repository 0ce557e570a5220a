import Link from "next/link";
import { QueryProvider } from "@/components/providers/query-provider";
import { Pagination } from "@/components/ui/pagination";
import "../forms/forms.css";
import "./site-admin.css";

const SECTIONS = [
  { href: "/admin", label: "Health" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/groups", label: "Groups" },
  { href: "/admin/keys", label: "API keys" },
  { href: "/admin/jobs", label: "Jobs" },
] as const;

export type AdminSection = (typeof SECTIONS)[number]["label"];

/** The /admin pages' heading and tabs. */
export function AdminFrame({ current, lead, children }: { current: AdminSection; lead: string; children: React.ReactNode }) {
  return (
    <main className="form-page site-admin">
      <h1>Site administration</h1>
      <nav aria-label="Site administration" className="site-admin__nav">
        {SECTIONS.map((section) => (
          <Link key={section.href} href={section.href} aria-current={section.label === current ? "page" : undefined}>
            {section.label}
          </Link>
        ))}
      </nav>
      <p className="form-page-lead">{lead}</p>
      <QueryProvider>{children}</QueryProvider>
    </main>
  );
}

/** A GET search box: works without JavaScript, and the address can be shared. */
export function AdminSearch({ action, query, label }: { action: string; query: string; label: string }) {
  return (
    <form method="get" action={action} role="search" className="site-admin__search">
      <label htmlFor="admin-search">{label}</label>
      <input id="admin-search" name="q" type="search" defaultValue={query} className="form-input" />
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}

export interface AdminDirectoryProps {
  current: "Users" | "Groups";
  lead: string;
  /** The page's path: the search form's action and the page links'. */
  path: string;
  searchLabel: string;
  query: string;
  page: number;
  totalPages: number;
  /** "1 account", "12 groups". */
  count: string;
  children: React.ReactNode;
}

/** A searchable, paged list of the site's accounts or groups. */
export function AdminDirectory({ current, lead, path, searchLabel, query, page, totalPages, count, children }: AdminDirectoryProps) {
  const hrefFor = (n: number) => `${path}?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <AdminFrame current={current} lead={lead}>
      <AdminSearch action={path} query={query} label={searchLabel} />
      <p role="status">{count}</p>
      <ul className="site-admin__list">{children}</ul>
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />
    </AdminFrame>
  );
}
