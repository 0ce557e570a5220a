// Remote images, fetched by the server so their hosts never see readers' addresses (lib/media).
export { serveProxiedImage as GET } from "@/lib/media/serve-proxied-image";
