import Link from "next/link";
import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { QueryProvider } from "@/components/providers/query-provider";
import "./moderation.css";

export interface ModerationFrameProps {
  group: { name: string; title: string };
  /** The last breadcrumb ("Moderation", "Moderation log"). */
  current: string;
  title: ReactNode;
  lead: ReactNode;
  /** Jump links to the page's sections (and its neighbours, such as the modlog). */
  sections?: { href: string; label: string }[];
  children: ReactNode;
}

/** The frame of the moderation pages: the community's breadcrumbs, a heading, then the sections (their actions get the query client here). */
export function ModerationFrame({ group, current, title, lead, sections, children }: ModerationFrameProps) {
  const links = [
    { href: "/", label: "Communities" },
    { href: `/g/${group.name}`, label: group.title },
  ];
  return (
    <main className="page mod-page">
      <Breadcrumbs links={links} current={current} />
      <h1 className="mod-page__title">{title}</h1>
      <p className="mod-page__lead">{lead}</p>
      {sections ? (
        <nav className="mod-jump" aria-label="On this page">
          {sections.map((section) => (
            <Link key={section.href} className="mod-jump__link" href={section.href}>
              {section.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <QueryProvider>{children}</QueryProvider>
    </main>
  );
}
