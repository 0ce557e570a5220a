import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/layout/site-header";
import { AppProviders } from "@/components/providers/app-providers";
import { getViewer, isKeptPageRender } from "@/lib/session/session";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { accountTheme, parseTheme, THEME_COOKIE } from "@/lib/theme";
import { readPageOrigin } from "@/lib/views/page-origin";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: await readPageOrigin(),
    title: { default: "Agora", template: "%s · Agora" },
    description: "Agora: community forums where you sign in with your wallet.",
    applicationName: "Agora",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7f9" },
    { media: "(prefers-color-scheme: dark)", color: "#0f1115" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // One session read, shared with the page (getViewer is cached per request). A kept page's render
  // reads none: it shows the neutral header, and a signed-in reader's part comes with it when served.
  const [cookieStore, viewer, kept] = await Promise.all([cookies(), getViewer(), isKeptPageRender()]);
  // Signed in, the account's theme on every device (contract section 17); else the browser's cookie.
  const theme = viewer ? accountTheme(viewer.darkMode) : parseTheme(cookieStore.get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme}>
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <AppProviders viewer={viewer ? { id: viewer.id, name: viewer.username, image: proxyImageUrl(viewer.photoUrl) } : null} kept={kept}>
          <SiteHeader viewerId={viewer?.id ?? null} />
          <div id="content" className="site-content" tabIndex={-1}>
            {children}
          </div>
          <footer className="site-footer">
            <p>Agora · community forums with wallet sign-in</p>
          </footer>
        </AppProviders>
      </body>
    </html>
  );
}
