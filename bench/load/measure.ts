import fs from "node:fs";

// Server memory as the operating system sees it: VmRSS of the server process and of any
// process it started (next start may serve from a child), read from /proc after the run.

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command name (field 2) may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS in MiB of `pid` and its descendants. */
export function processTreeRssMiB(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    total += rssKiB(current);
    pending.push(...childrenOf(current));
  }
  return total / 1024;
}

function cpuTimes(): { idle: number; total: number } {
  // The first line of /proc/stat: cumulative jiffies of all CPUs (user nice system idle iowait ...).
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
}

/** CPU jiffies (user + system) spent so far by `pid` and its descendants. */
function processTreeJiffies(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      const stat = fs.readFileSync(`/proc/${current}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
    pending.push(...childrenOf(current));
  }
  return total;
}

/**
 * Share of the machine's CPU used over `ms` by anything but the benchmark and its server
 * (tests, builds, database maintenance) while the benchmark is idle: work that will take CPU
 * from the measured server.
 */
export async function otherCpuBusyPercent(ms = 1000): Promise<number> {
  // The server is a child of this process, so this process's tree covers both.
  const before = cpuTimes();
  const ownBefore = processTreeJiffies(process.pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const own = processTreeJiffies(process.pid) - ownBefore;
  const total = after.total - before.total;
  const busy = total - (after.idle - before.idle) - own;
  return total > 0 ? Math.max(0, Math.round((100 * busy) / total)) : 0;
}
