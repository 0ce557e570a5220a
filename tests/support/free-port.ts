import net from "node:net";

export function findFreePort(): Promise<number> {
  return listenOn(0);
}

/** Listens on `port` (0: any) of 127.0.0.1 and closes again: the port it got, or a rejection when taken. */
function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The first port of `size` consecutive ports that are all free now, for services that take their
 * ports by offset (the cluster's). Picked below the kernel's ephemeral range (32768 up on Linux),
 * where outgoing connections take their local ports and could collide with a block picked earlier.
 */
export async function findFreePortBlock(size: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * (32_000 - 10_000 - size));
    const free = await Promise.all(
      Array.from({ length: size }, (_, offset) =>
        listenOn(base + offset).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${size} consecutive free ports between 10000 and 32000`);
}
