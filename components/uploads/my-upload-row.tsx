import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatBytes } from "@/lib/format/bytes";
import type { MyUploadView, UploadUseView } from "@/lib/views/upload-view";

function UploadUse({ use }: { use: UploadUseView }) {
  if (use.kind === "unattached") return <>Not attached yet — removed after 24 hours</>;
  if (use.kind === "picture") return <>Used as {use.label}</>;
  return <>Used in {use.href ? <Link href={use.href}>{use.label}</Link> : use.label}</>;
}

/** The file's extension, shown where an image would be. */
function FileBadge({ name }: { name: string }) {
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).slice(0, 5) : "file";
  return (
    <span className="my-upload__thumb my-upload__thumb--file" aria-hidden="true">
      {ext}
    </span>
  );
}

export interface MyUploadRowProps {
  upload: MyUploadView;
  onDelete: (upload: MyUploadView) => void;
}

/** One upload: thumbnail, name (a link to the file), size, type, date, where it is used, Delete. */
export function MyUploadRow({ upload, onDelete }: MyUploadRowProps) {
  return (
    <li className="card my-upload" data-testid="my-upload">
      {upload.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- an upload served by Agora, already re-encoded and sized
        <img className="my-upload__thumb" src={upload.path} alt="" width={upload.image.width} height={upload.image.height} loading="lazy" />
      ) : (
        <FileBadge name={upload.name} />
      )}
      <div className="my-upload__text">
        <a className="my-upload__name" href={upload.path} {...(upload.image ? {} : { download: upload.name })}>
          {upload.name}
        </a>
        <p className="my-upload__meta">
          {formatBytes(upload.size)} · {upload.mimeType} · uploaded <RelativeTime value={upload.createdAt} />
        </p>
        <p className="my-upload__use">
          <UploadUse use={upload.use} />
        </p>
      </div>
      <button type="button" className="button button--secondary my-upload__delete" aria-label={`Delete ${upload.name}`} onClick={() => onDelete(upload)}>
        Delete
      </button>
    </li>
  );
}
