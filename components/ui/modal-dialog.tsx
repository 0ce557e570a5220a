"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import "./modal-dialog.css";

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for content that compares text side by side. */
  wide?: boolean;
}

/**
 * A modal on the browser's own <dialog>: focus moves in and back, Escape closes it, the page
 * behind is inert. Mounted only while open, so it opens on mount and closes by unmounting.
 */
export function ModalDialog({ title, onClose, children, wide = false }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? "modal-dialog modal-dialog--wide" : "modal-dialog"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-dialog__frame">
        <header className="modal-dialog__header">
          <h2 id={titleId} className="modal-dialog__title">
            {title}
          </h2>
          <button type="button" className="modal-dialog__close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
