// CPU quotas and CPU accounting per tier of the cluster bench (bench/cluster.ts): cgroup (v1)
// groups in the cpu and cpuacct hierarchies, which this container lets root write.
import fs from "node:fs";
import path from "node:path";

const log = (line: string) => console.log(`[bench cluster] ${line}`);

const CPU = "/sys/fs/cgroup/cpu";
const CPUACCT = "/sys/fs/cgroup/cpuacct";

export interface Tier {
  name: string;
  dirs: string[];
}

/** A cgroup (v1) in the cpu and cpuacct hierarchies with an optional quota (CPUs); null when the container forbids it. */
export function makeTier(name: string, cpus: number | null): Tier | null {
  try {
    const group = `agora-bench-${process.pid}-${name}`;
    const dirs = [CPU, CPUACCT].filter((root, i, all) => all.indexOf(root) === i && fs.existsSync(root)).map((root) => path.join(root, group));
    for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
    if (cpus !== null) {
      fs.writeFileSync(path.join(CPU, group, "cpu.cfs_period_us"), "100000");
      fs.writeFileSync(path.join(CPU, group, "cpu.cfs_quota_us"), String(Math.round(cpus * 100_000)));
    }
    return { name, dirs };
  } catch (error) {
    log(`cgroups unavailable (${(error as Error).message}): no CPU quotas or per-tier CPU`);
    return null;
  }
}

/** The process and every descendant (by /proc's parent ids). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

export function joinTier(tier: Tier | null, pid: number): void {
  if (!tier) return;
  for (const pidInTree of processTree(pid)) {
    for (const dir of tier.dirs) {
      try {
        fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pidInTree));
      } catch {
        // A short-lived child that already exited.
      }
    }
  }
}

export function cpuNs(tier: Tier | null): number {
  if (!tier) return 0;
  const dir = tier.dirs.find((item) => item.startsWith(CPUACCT));
  return dir ? Number(fs.readFileSync(path.join(dir, "cpuacct.usage"), "utf8")) : 0;
}

export function removeTier(tier: Tier | null): void {
  for (const dir of tier?.dirs ?? []) {
    try {
      for (const pid of fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean)) {
        fs.writeFileSync(path.join(path.dirname(dir), "cgroup.procs"), pid);
      }
      fs.rmdirSync(dir);
    } catch {
      // Left for the system to clean.
    }
  }
}

export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}
