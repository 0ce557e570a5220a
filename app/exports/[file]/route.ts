// Data exports (contract section 20), served to their owner alone (lib/media/serve-user-export.ts).
export { serveUserExport as GET, serveUserExport as HEAD } from "@/lib/media/serve-user-export";
