import { formatBytes } from "@/lib/format/bytes";
import type { AttachmentView } from "@/lib/views/post-view";

function RemovedUpload({ file }: { file: AttachmentView }) {
  const label = file.image ? "Image removed" : "File removed";
  return (
    <span className="post__removed-upload" role="img" aria-label={label}>
      {label}
    </span>
  );
}

/**
 * A post's attached files: images at their own size (nothing jumps as they load) inside a link
 * the lightbox opens (without JS the link opens the file), other files as downloads, deleted
 * ones as placeholders.
 */
export function PostAttachments({ attachments }: { attachments: readonly AttachmentView[] }) {
  if (attachments.length === 0) return null;
  const images = attachments.filter((file) => file.image);
  const files = attachments.filter((file) => !file.image);
  return (
    <div className="post__attachments">
      {images.length > 0 ? (
        <div className="post__images">
          {images.map((file) =>
            file.removed ? (
              <RemovedUpload key={file.id} file={file} />
            ) : (
              <a key={file.id} href={file.path} className="post__image-link" data-lightbox="">
                {/* eslint-disable-next-line @next/next/no-img-element -- an upload served by Agora, already re-encoded and sized */}
                <img src={file.path} alt={file.name} width={file.image!.width} height={file.image!.height} loading="lazy" />
              </a>
            ),
          )}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="post__files" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              {file.removed ? (
                <RemovedUpload file={file} />
              ) : (
                <>
                  <a href={file.path} download={file.name}>
                    {file.name}
                  </a>{" "}
                  <span className="post__file-size">{formatBytes(file.size)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
