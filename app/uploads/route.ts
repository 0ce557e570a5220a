// The web composer's and settings pages' uploads, as the signed-in person (lib/media/receive-web-upload.ts).
export { receiveWebUpload as POST } from "@/lib/media/receive-web-upload";
