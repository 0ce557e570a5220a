// @ts-expect-error: a plain ES module shared with scripts/e2e-server.mjs, without type declarations
import { startTestSmtp as start } from "../../scripts/test-smtp.mjs";
import { findFreePortBlock } from "./free-port";

// The loopback SMTP server of the API tests (scripts/test-smtp.mjs): each message a file in `dir`.

export interface RunningSmtp {
  url: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

export async function startTestSmtp(dir: string, port?: number): Promise<RunningSmtp> {
  return (start as (dir: string, port: number) => Promise<RunningSmtp>)(dir, port ?? (await findFreePortBlock(1)));
}
