import Link from "next/link";
import type { ReactNode } from "react";
import { ThreadList } from "@/components/threads/thread-list";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { loadBoardPage } from "@/lib/views/board-view";

export interface BoardThreadsProps {
  groupId: number;
  groupName: string;
  categoryId: number | null;
  page: number;
  newThread: ReactNode;
  /** Only the threads with this tag (contract section 18). */
  tagId?: number;
}

/** One page of threads with its pagination; loads on its own so the frame paints first. */
export async function BoardThreads({ groupId, groupName, categoryId, page, newThread, tagId }: BoardThreadsProps) {
  const board = await loadBoardPage({ groupId, categoryId, page, tagId });
  const path = categoryId === null ? `/g/${groupName}` : `/g/${groupName}/c/${categoryId}`;
  const basePath = tagId ? `${path}?tag=${tagId}` : path;
  const pageHref = (n: number) => (n === 1 ? basePath : `${basePath}${tagId ? "&" : "?"}page=${n}`);
  if (board.threads.length === 0) {
    return page > 1 ? (
      <EmptyState title="This page is empty" action={<Link href={basePath}>Back to the first page</Link>}>
        <p>There are fewer threads than this page number suggests.</p>
      </EmptyState>
    ) : (
      <EmptyState
        title={tagId ? "No threads with this tag yet" : categoryId === null ? "No threads yet" : "No threads in this category yet"}
        action={newThread}
      >
        <p>Start the first conversation: ask a question, share a link or say hello.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ThreadList groupName={groupName} threads={board.threads} showCategory={categoryId === null} />
      <Pagination page={page} totalPages={board.totalPages} hrefFor={pageHref} />
    </>
  );
}
