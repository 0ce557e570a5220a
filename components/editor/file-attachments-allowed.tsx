"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useCanAttachFiles } from "@/components/threads/thread-reader";

// What the page's group takes from the reader's posts: files other than images (its attached_files
// rules and their role), and any upload at all (the group's attached_files feature; off, images go
// in by address only). The thread page sets it once for every Reply below it.
const Uploads = createContext({ files: false, uploads: true });

export function FileAttachmentsAllowedProvider({ allowed, uploads = true, children }: { allowed: boolean; uploads?: boolean; children: ReactNode }) {
  return <Uploads value={{ files: allowed && uploads, uploads }}>{children}</Uploads>;
}

/** As the page was rendered, or as a kept thread page's spliced reader state says. */
export function useFileAttachmentsAllowed(): boolean {
  const { files, uploads } = useContext(Uploads);
  return useCanAttachFiles(files) && uploads;
}

/** Whether the group takes uploads in posts at all. */
export function useGroupUploadsOn(): boolean {
  return useContext(Uploads).uploads;
}
