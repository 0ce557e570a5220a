// CPU quotas and CPU accounting per tier of the cluster bench (bench/cluster/cluster.ts): cgroup (v1)
// groups in the cpu and cpuacct hierarchies, which this container lets root write.
import fs from "node:fs";
import path from "node:path";

const log = (line: string) => console.log(`[bench cluster] ${line}`);

const CPU = "/sys/fs/cgroup/cpu";
const CPUACCT = "/sys/fs/cgroup/cpuacct";
const CPUSET = "/sys/fs/cgroup/cpuset";

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

/**
 * A cpuset group on the given CPUs (e.g. "1"), null when the container forbids it. Processes put in
 * it (with everything they start afterwards) run on those CPUs only.
 */
export function makeCpuSet(name: string, cpus: string): string | null {
  try {
    const dir = path.join(CPUSET, `agora-bench-${process.pid}-${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "cpuset.cpus"), cpus);
    fs.writeFileSync(path.join(dir, "cpuset.mems"), fs.readFileSync(path.join(CPUSET, "cpuset.mems"), "utf8").trim());
    return dir;
  } catch (error) {
    log(`cpusets unavailable (${(error as Error).message}): the tiers share every CPU`);
    return null;
  }
}

/** Moves a process and its descendants into a cpuset made by makeCpuSet. */
export function joinCpuSet(dir: string | null, pid: number): void {
  if (dir) joinTier({ name: path.basename(dir), dirs: [dir] }, pid);
}

/** Moves the cpuset's processes back to the root set and removes it. */
export function removeCpuSet(dir: string | null): void {
  if (dir) removeTier({ name: path.basename(dir), dirs: [dir] });
}

/** Sets (CPUs) or lifts (null) a tier's quota. */
export function setQuota(tier: Tier | null, cpus: number | null): void {
  const dir = tier?.dirs.find((item) => item.startsWith(CPU + "/"));
  if (!dir) return;
  fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), cpus === null ? "-1" : String(Math.round(cpus * 100_000)));
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
