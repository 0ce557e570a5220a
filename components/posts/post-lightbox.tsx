"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import "./post-lightbox.css";

interface LightboxImage {
  src: string;
  alt: string;
  width: number | undefined;
  height: number | undefined;
}

function readImage(link: HTMLAnchorElement): LightboxImage {
  const image = link.querySelector("img");
  const size = (name: string) => (image?.getAttribute(name) ? Number(image.getAttribute(name)) : undefined);
  return { src: link.getAttribute("href") ?? "", alt: image?.alt ?? "", width: size("width"), height: size("height") };
}

/**
 * One per thread page: a click on a post's image link (`a[data-lightbox]`, in its body or its
 * attachments, also in posts loaded later) opens the image large in a modal <dialog>. Focus moves
 * in and comes back to the link; Escape and Close close it; arrow keys step through that post's
 * images. Without JS, or with a modifier key, the link opens the file.
 */
export function PostLightbox() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [view, setView] = useState<{ images: LightboxImage[]; index: number } | null>(null);

  useEffect(() => {
    function open(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-lightbox]");
      const post = link?.closest("article");
      if (!link || !post) return;
      event.preventDefault();
      const links = [...post.querySelectorAll<HTMLAnchorElement>("a[data-lightbox]")].filter((candidate) => candidate.closest("article") === post);
      openerRef.current = link;
      setView({ images: links.map(readImage), index: Math.max(0, links.indexOf(link)) });
    }
    document.addEventListener("click", open);
    return () => document.removeEventListener("click", open);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (view && dialog && !dialog.open) dialog.showModal();
  }, [view]);

  function step(by: number) {
    setView((current) => current && { ...current, index: (current.index + by + current.images.length) % current.images.length });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (!view || view.images.length < 2) return;
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else return;
    event.preventDefault();
  }

  const image = view?.images[view.index];
  const count = view?.images.length ?? 0;
  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-label={image?.alt ? `Image: ${image.alt}` : "Image"}
      onKeyDown={handleKeyDown}
      onClose={() => {
        setView(null);
        openerRef.current?.focus();
      }}
      // A click on the backdrop (the dialog itself, outside its content) closes it.
      onClick={(event) => event.target === dialogRef.current && dialogRef.current?.close()}
    >
      {image ? (
        <div className="lightbox__frame">
          <div className="lightbox__bar">
            {count > 1 ? (
              <p className="lightbox__count" aria-live="polite">
                Image {view!.index + 1} of {count}
              </p>
            ) : null}
            <button type="button" className="button form-button-quiet lightbox__close" onClick={() => dialogRef.current?.close()}>
              Close
            </button>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- an image already on the page, shown larger */}
          <img className="lightbox__image" src={image.src} alt={image.alt} width={image.width} height={image.height} />
          {count > 1 ? (
            <div className="lightbox__steps">
              <button type="button" className="button form-button-quiet" onClick={() => step(-1)}>
                Previous
              </button>
              <button type="button" className="button form-button-quiet" onClick={() => step(1)}>
                Next
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
