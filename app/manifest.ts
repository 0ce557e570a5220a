import type { MetadataRoute } from "next";

// Served at /manifest.webmanifest and linked from every page's <head> by Next. The colours are
// the light theme's page background and the logo mark's indigo (app/globals.css, app/icon.svg).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Agora",
    short_name: "Agora",
    description: "Community forums where you sign in with your wallet.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f6f7f9",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
