"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useSplicedState } from "@/components/providers/viewer-context";
import { readPostBits, type PostReaderFlags, type ThreadReaderState } from "@/lib/views/reader-state";
import type { ThreadViewerView } from "@/lib/views/thread-view";

// Which reader a thread page's controls show. A page rendered for the request carries its
// reader's state in its props, as before. The kept page (rendered for nobody, `kept`) carries the
// neutral guest state; its signed-in reader's state was spliced into the document, and the
// controls switch to it once the page is interactive. Server actions check every permission
// again: what shows here is a hint.

interface ThreadReaderValue {
  threadId: number;
  kept: boolean;
  /** The rendered reader's show_nsfw (false on a kept page, rendered for nobody). */
  showsNsfw: boolean;
}

const ThreadReaderContext = createContext<ThreadReaderValue | null>(null);

export function ThreadReaderProvider({ threadId, kept, showsNsfw, children }: ThreadReaderValue & { children: ReactNode }) {
  return <ThreadReaderContext value={{ threadId, kept, showsNsfw }}>{children}</ThreadReaderContext>;
}

/** The spliced state of this thread page, when it was served as the kept page with a reader's state. */
export function useThreadSplice(): ThreadReaderState | null {
  const page = useContext(ThreadReaderContext);
  const spliced = useSplicedState()?.thread ?? null;
  return page?.kept && spliced?.threadId === page.threadId ? spliced : null;
}

/** What the reader may do in the thread: the spliced state, else the page's own. */
export function useThreadViewer(rendered: ThreadViewerView): ThreadViewerView {
  return useThreadSplice()?.viewer ?? rendered;
}

/** Whether Reply is offered: the spliced state, else what the page was rendered with. */
export function useShowReply(rendered: boolean): boolean {
  const splice = useThreadSplice();
  return splice ? splice.viewer.showReply : rendered;
}

/** May the reader attach other files than images here: the spliced state, else what the page was rendered with. */
export function useCanAttachFiles(rendered: boolean): boolean {
  const splice = useThreadSplice();
  return splice ? splice.canAttachFiles : rendered;
}

/** Whether the reader ignores the post's author (contract section 17): the spliced state, else what the post was rendered with. */
export function useAuthorIgnored(postId: number, rendered: boolean): boolean {
  const bits = useThreadSplice()?.posts[postId];
  return bits === undefined ? rendered : readPostBits(bits).authorIgnored;
}

/** Whether sensitive posts show uncovered (the reader's show_nsfw): the spliced state, else what the page was rendered with. */
export function useShowsNsfw(): boolean {
  const splice = useThreadSplice();
  const rendered = useContext(ThreadReaderContext)?.showsNsfw ?? false;
  return splice ? splice.viewer.showsNsfw : rendered;
}

/** A post's like and abilities for the reader: the spliced state for the posts of the kept page, else the post's own (rendered or loaded for the reader). */
export function usePostReader<T extends Omit<PostReaderFlags, "authorIgnored">>(postId: number, rendered: T): T {
  const bits = useThreadSplice()?.posts[postId];
  return bits === undefined ? rendered : { ...rendered, ...readPostBits(bits) };
}
