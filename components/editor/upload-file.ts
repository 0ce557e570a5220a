// Sends a file to /uploads (the page's own upload route, as the signed-in person) with progress.

export interface UploadedFileInfo {
  id: number;
  url: string;
  name: string;
  size: number;
  mimeType: string;
  width: number | null;
  height: number | null;
}

export interface UploadTarget {
  groupName?: string;
  purpose?: "post" | "avatar" | "cover" | "logo";
}

/** Uploads `file`; `onProgress` gets 0…1 as it goes. Rejects with the server's words for a refusal. */
export function uploadFile(file: File, target: UploadTarget, onProgress?: (fraction: number) => void): Promise<UploadedFileInfo> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (target.groupName) form.append("group_name", target.groupName);
    form.append("purpose", target.purpose ?? "post");
    form.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", "/uploads");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { file?: UploadedFileInfo; error?: string } | null;
      if (request.status === 200 && body?.file) resolve(body.file);
      else if (request.status === 413) reject(new Error(body?.error ?? "The file is too big."));
      else reject(new Error(body?.error ?? `The upload failed (${request.status}).`));
    };
    request.onerror = () => reject(new Error("The upload failed: the connection was lost. Your text is still here."));
    request.send(form);
  });
}
