import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp } from "../support/thread-helpers";

// /media/proxy over real HTTP. The images come from a server this test starts on 127.0.0.1, which
// the test server allows (AGORA_IMAGE_PROXY_ALLOW_PRIVATE=127.0.0.1); no test touches the network.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const OVER_CAP = 262_144 + 1;

let images: http.Server;
let origin = "";
let served: string[] = [];
let user: TestUser;

function route(request: http.IncomingMessage, response: http.ServerResponse): void {
  served.push(request.url ?? "");
  const port = (images.address() as AddressInfo).port;
  switch (request.url) {
    case "/pic.png":
      // A lying Content-Type: the proxy goes by the bytes.
      response.writeHead(200, { "content-type": "text/plain", "set-cookie": "tracker=1" }).end(PNG);
      return;
    case "/page.html":
      response.writeHead(200, { "content-type": "image/png" }).end("<html><script>alert(1)</script></html>");
      return;
    case "/big.png":
      response
        .writeHead(200, { "content-type": "image/png", "content-length": String(OVER_CAP) })
        .end(Buffer.concat([PNG, Buffer.alloc(OVER_CAP - PNG.length)]));
      return;
    case "/big-chunked.png":
      // No Content-Length: the cap has to hold while reading.
      response.writeHead(200, { "content-type": "image/png" });
      response.write(PNG);
      response.end(Buffer.alloc(OVER_CAP));
      return;
    case "/to-private.png":
      response.writeHead(302, { location: `http://127.0.0.2:${port}/pic.png` }).end();
      return;
    case "/to-pic.png":
      response.writeHead(302, { location: "/pic.png" }).end();
      return;
    default:
      response.writeHead(404).end();
  }
}

function proxied(path: string): URL {
  return new URL(proxyImageUrl(`${origin}${path}`), inject("baseUrl"));
}

beforeAll(async () => {
  images = http.createServer(route);
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  user = await createTestUser();
});

afterAll(async () => {
  await new Promise((resolve) => images.close(resolve));
});

describe("image proxy", () => {
  it("shows a post's remote image through the proxy, and the proxy serves its bytes as the type they are", async () => {
    const group = await createNamedGroup(user);
    const content = JSON.stringify([{ insert: "Look:\n" }, { insert: { image: `${origin}/pic.png` } }, { insert: "\n" }]);
    const thread = await createThreadOverHttp(user, group.id, { content });
    const page = await fetch(new URL(`/g/${group.name}/t/${thread.id}`, inject("baseUrl")));
    const html = await page.text();
    expect(html).not.toContain(`src="${origin}`);
    const src = /<img src="(\/media\/proxy\?[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(src).toMatch(/^\/media\/proxy\?.+/);
    served = [];
    const image = await fetch(new URL(src!, inject("baseUrl")));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toContain("max-age=");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("set-cookie")).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served).toEqual(["/pic.png"]);
  });

  it("follows a redirect to a public (here: allowed) address", async () => {
    const response = await fetch(proxied("/to-pic.png"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    await response.arrayBuffer();
  });

  it("refuses an address without a signature, or with another address's, before fetching anything", async () => {
    served = [];
    const target = `${origin}/pic.png`;
    const unsigned = await fetch(new URL(`/media/proxy?url=${encodeURIComponent(target)}`, inject("baseUrl")));
    expect(unsigned.status).toBe(400);
    const other = new URL(proxyImageUrl(`${origin}/other.png`), inject("baseUrl")).searchParams;
    const forged = await fetch(new URL(`/media/proxy?url=${encodeURIComponent(target)}&sig=${other.get("sig")}`, inject("baseUrl")));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("sig");
    const garbage = await fetch(new URL(`/media/proxy?url=${encodeURIComponent(target)}&sig=x`, inject("baseUrl")));
    expect(garbage.status).toBe(403);
    const notHttp = await fetch(new URL(`/media/proxy?url=${encodeURIComponent("file:///etc/passwd")}&sig=x`, inject("baseUrl")));
    expect(notHttp.status).toBe(400);
    expect(served).toEqual([]);
  });

  it("refuses what is not an image, whatever its Content-Type says", async () => {
    const response = await fetch(proxied("/page.html"));
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).not.toContain("<script>");
  });

  it.each(["/big.png", "/big-chunked.png"])("refuses %s, larger than the cap", async (path) => {
    const response = await fetch(proxied(path));
    expect(response.status).toBe(413);
    await response.text();
  });

  it("answers 502 when the host has no such image", async () => {
    const response = await fetch(proxied("/missing.png"));
    expect(response.status).toBe(502);
    await response.text();
  });

  it.each([
    ["loopback outside the allowlist", "http://127.0.0.2:9/pic.png"],
    ["a private network", "http://10.0.0.1/pic.png"],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data"],
    ["IPv6 loopback", "http://[::1]:9/pic.png"],
    ["an IPv4-mapped IPv6 address", "http://[::ffff:127.0.0.1]:9/pic.png"],
    ["the unspecified address", "http://0.0.0.0:9/pic.png"],
  ])("refuses %s", async (_name, target) => {
    const response = await fetch(new URL(proxyImageUrl(target), inject("baseUrl")));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("not public");
  });

  it("refuses a redirect to a private address", async () => {
    const response = await fetch(proxied("/to-private.png"));
    expect(response.status).toBe(403);
    await response.text();
  });
});
