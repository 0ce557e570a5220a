import type { ReactNode } from "react";
import { CategoryNav } from "@/components/groups/category-nav";
import { GroupHeader } from "@/components/groups/group-header";
import type { CategoryView, GroupView } from "@/lib/views/group-view";
import "./groups.css";

export interface GroupBoardProps {
  group: GroupView;
  categories: CategoryView[];
  category: CategoryView | null;
  /** Above the list: where the person is (a breadcrumb on category pages). */
  trail?: ReactNode;
  newThread: ReactNode;
  /** The list's heading, when it is not the category's name or "Latest threads". */
  heading?: string;
  /** The threads, streamed in behind a skeleton. */
  children: ReactNode;
}

/** The frame of a group page and its category pages: header, category sidebar, toolbar. */
export function GroupBoard({ group, categories, category, trail, newThread, heading, children }: GroupBoardProps) {
  return (
    <main className="page page--wide">
      <GroupHeader group={group} />
      <div className="board">
        <aside className="board__sidebar">
          <CategoryNav groupName={group.name} categories={categories} activeId={category?.id ?? null} />
        </aside>
        <section className="board__main" aria-labelledby="board-heading">
          {trail}
          <div className="board__toolbar">
            <h2 id="board-heading" className="board__heading">
              {heading ?? (category ? category.name : "Latest threads")}
            </h2>
            {newThread}
          </div>
          {children}
        </section>
      </div>
    </main>
  );
}
