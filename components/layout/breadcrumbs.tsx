import Link from "next/link";
import type { ReactNode } from "react";

export interface BreadcrumbLink {
  href: string;
  label: ReactNode;
}

export interface BreadcrumbsProps {
  links: BreadcrumbLink[];
  /** The page itself, last and unlinked. */
  current?: ReactNode;
}

export function Breadcrumbs({ links, current }: BreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
        {current === undefined ? null : <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  );
}
