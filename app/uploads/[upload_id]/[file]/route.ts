// Uploaded files (contract section 15), served with their access check (lib/media/serve-upload.ts).
export { serveUpload as GET, serveUpload as HEAD } from "@/lib/media/serve-upload";
