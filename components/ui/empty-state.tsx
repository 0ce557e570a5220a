import type { ReactNode } from "react";
import "./ui.css";

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a list shows when it has nothing in it: what that means and what to do next. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
