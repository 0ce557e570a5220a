"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useCanAttachFiles } from "@/components/threads/thread-reader";

// Whether the reader may attach other files than images to posts in the page's group (its
// attached_files rules and their role): the thread page sets it once for every Reply below it.
const FileAttachmentsAllowed = createContext(false);

export function FileAttachmentsAllowedProvider({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return <FileAttachmentsAllowed value={allowed}>{children}</FileAttachmentsAllowed>;
}

/** As the page was rendered, or as a kept thread page's spliced reader state says. */
export function useFileAttachmentsAllowed(): boolean {
  return useCanAttachFiles(useContext(FileAttachmentsAllowed));
}
