import type { ReactNode } from "react";
import { FormPage } from "@/components/forms/form-page";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export interface GroupFormPageProps {
  group: { name: string; title: string };
  /** The last breadcrumb: what this page is within the community. */
  current: string;
  title: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}

/** A write page inside a community (new thread, settings), under the community's breadcrumbs. */
export function GroupFormPage({ group, current, title, lead, children }: GroupFormPageProps) {
  const links = [
    { href: "/", label: "Communities" },
    { href: `/g/${group.name}`, label: group.title },
  ];
  return (
    <FormPage trail={<Breadcrumbs links={links} current={current} />} title={title} lead={lead}>
      {children}
    </FormPage>
  );
}
