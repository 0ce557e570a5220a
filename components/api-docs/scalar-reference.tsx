"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { SCALAR_CUSTOM_CSS } from "@/components/api-docs/scalar-css";
import { watchScalarRepairs } from "@/components/api-docs/scalar-repairs";

type Theme = "light" | "dark";
type ScalarConfiguration = Record<string, unknown>;

interface ScalarInstance {
  destroy(): void;
}

declare global {
  interface Window {
    Scalar?: { createApiReference(element: Element, configuration: ScalarConfiguration): ScalarInstance };
  }
}

export interface ScalarReferenceProps {
  /** Scalar's standalone bundle, served from our own origin (see scalar-asset.ts). */
  scriptUrl: string;
  /** The OpenAPI document to render. */
  documentUrl: string;
}

// Code samples: curl and JavaScript (plus the document's own x-codeSamples, which Scalar adds).
const HIDDEN_CLIENTS = {
  c: true,
  clojure: true,
  csharp: true,
  dart: true,
  fsharp: true,
  go: true,
  http: true,
  java: true,
  kotlin: true,
  objc: true,
  ocaml: true,
  php: true,
  powershell: true,
  python: true,
  r: true,
  ruby: true,
  rust: true,
  swift: true,
  shell: ["httpie", "wget"],
  js: ["axios", "jquery", "ofetch", "xhr"],
  node: ["axios", "ofetch", "undici"],
};

function readActiveTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function buildConfiguration(documentUrl: string, theme: Theme, onLoaded: () => void): ScalarConfiguration {
  return {
    url: documentUrl,
    // Servers come from the document. No proxy: every request goes to this origin.
    withDefaultFonts: false,
    theme: "default",
    customCss: SCALAR_CUSTOM_CSS,
    forceDarkModeState: theme,
    hideDarkModeToggle: true,
    documentDownloadType: "none",
    // The "Open API Client" links lead to client.scalar.com; "Test Request" works right here.
    hideClientButton: true,
    showDeveloperTools: "never",
    agent: { disabled: true },
    telemetry: false,
    persistAuth: false,
    authentication: { preferredSecurityScheme: "apiKeyHeader" },
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    hiddenClients: HIDDEN_CLIENTS,
    onLoaded,
  };
}

// The bundle is loaded once per page load. It appends stylesheets to <head> (its own on load,
// the editor's and the toaster's later) and puts a colour-mode class on <body>. While the
// reference is not shown (client-side navigation to another page) those are taken away, and
// the stylesheets are put back on the next visit.
let loading: Promise<void> | undefined;
const ownedStyles = new Set<HTMLStyleElement>();
const BODY_CLASSES = ["light-mode", "dark-mode"];

function collectStyles(records: MutationRecord[]) {
  for (const record of records) {
    for (const node of record.addedNodes) if (node instanceof HTMLStyleElement) ownedStyles.add(node);
  }
}

function loadBundle(src: string): Promise<void> {
  if (window.Scalar) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
  return loading;
}

const subscribeToNothing = () => () => {};

/**
 * Scalar's interactive API reference (a Vue app from its standalone bundle) mounted into a
 * <div> React leaves alone. It follows the site's light/dark theme, including later toggles.
 */
export function ScalarReference({ scriptUrl, documentUrl }: ScalarReferenceProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  // False in the server's HTML (no "loading" message for people without JavaScript).
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  useEffect(() => {
    let instance: ScalarInstance | undefined;
    let stopRepairs: (() => void) | undefined;
    let cancelled = false;
    let theme = readActiveTheme();
    const onLoaded = () => {
      if (!cancelled) setStatus("ready");
    };
    // Scalar reads its colour mode once; later it is only the class on <body>, kept in step here.
    const applyTheme = () => {
      const next = readActiveTheme();
      if (!instance || next === theme) return;
      theme = next;
      document.body.classList.toggle("dark-mode", theme === "dark");
      document.body.classList.toggle("light-mode", theme === "light");
    };
    const themeObserver = new MutationObserver(applyTheme);
    const systemTheme = window.matchMedia("(prefers-color-scheme: dark)");
    const styleObserver = new MutationObserver(collectStyles);
    styleObserver.observe(document.head, { childList: true });

    loadBundle(scriptUrl).then(
      () => {
        if (cancelled || !mountRef.current || !window.Scalar) return;
        for (const style of ownedStyles) if (!style.isConnected) document.head.append(style);
        instance = window.Scalar.createApiReference(mountRef.current, buildConfiguration(documentUrl, theme, onLoaded));
        stopRepairs = watchScalarRepairs(mountRef.current);
        themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
        systemTheme.addEventListener("change", applyTheme);
      },
      () => {
        if (!cancelled) setStatus("failed");
      },
    );

    return () => {
      cancelled = true;
      stopRepairs?.();
      themeObserver.disconnect();
      systemTheme.removeEventListener("change", applyTheme);
      instance?.destroy();
      collectStyles(styleObserver.takeRecords());
      styleObserver.disconnect();
      for (const style of ownedStyles) style.remove();
      document.body.classList.remove(...BODY_CLASSES);
    };
  }, [scriptUrl, documentUrl]);

  return (
    <>
      {hydrated && status === "loading" ? (
        <p className="api-reference__status" role="status">
          Loading the interactive API reference…
        </p>
      ) : null}
      {status === "failed" ? (
        <p className="api-reference__status" role="alert">
          The interactive reference could not be loaded. The document itself is at <a href={documentUrl}>{documentUrl}</a>.
        </p>
      ) : null}
      <div ref={mountRef} className="api-reference__mount" />
    </>
  );
}
