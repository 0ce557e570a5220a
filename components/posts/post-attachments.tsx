import type { AttachmentView } from "@/lib/views/post-view";

function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1_048_576) return `${(size / 1024).toFixed(size < 10_240 ? 1 : 0)} KB`;
  return `${(size / 1_048_576).toFixed(1)} MB`;
}

/** A post's attached files: images at their own size (nothing jumps as they load), other files as downloads. */
export function PostAttachments({ attachments }: { attachments: readonly AttachmentView[] }) {
  if (attachments.length === 0) return null;
  const images = attachments.filter((file) => file.image);
  const files = attachments.filter((file) => !file.image);
  return (
    <div className="post__attachments">
      {images.length > 0 ? (
        <div className="post__images">
          {images.map((file) => (
            <a key={file.id} href={file.path} className="post__image-link" target="_blank" rel="noopener">
              {/* eslint-disable-next-line @next/next/no-img-element -- an upload served by Agora, already re-encoded and sized */}
              <img src={file.path} alt={file.name} width={file.image!.width} height={file.image!.height} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="post__files" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              <a href={file.path} download={file.name}>
                {file.name}
              </a>{" "}
              <span className="post__file-size">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
