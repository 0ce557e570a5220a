"use client";

import dynamic from "next/dynamic";

/** The Quill editor, fetched the first time a composer opens; reading pages never load it. */
export const LazyQuillEditor = dynamic(() => import("./quill-editor").then((module) => module.QuillEditor), {
  ssr: false,
  loading: () => (
    <div className="editor-loading" role="status">
      Loading the editor…
    </div>
  ),
});

export type { QuillEditorHandle } from "./quill-editor";
