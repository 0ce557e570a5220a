import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import "./forms.css";

export interface FormPageProps {
  /** Shown above the heading, e.g. breadcrumbs. */
  trail?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}

/** The frame of a write page: heading, a lead paragraph, then the form or message (its mutations get the query client here). */
export function FormPage({ trail, title, lead, children }: FormPageProps) {
  return (
    <main className="form-page">
      {trail}
      <h1>{title}</h1>
      <p className="form-page-lead">{lead}</p>
      <QueryProvider>{children}</QueryProvider>
    </main>
  );
}
