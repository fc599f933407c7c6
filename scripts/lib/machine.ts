/**
 * The machine a benchmark or a run was measured on, in one shape for every
 * bench file and run record: host, operating system, processor model, cores,
 * memory and the Deno version.
 */
import { cpus, hostname, platform, release, totalmem } from "node:os";

export interface Machine {
  hostname: string;
  os: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  deno: string;
}

export function machine(): Machine {
  const c = cpus();
  return {
    hostname: hostname(),
    os: `${platform()} ${release()}`,
    cpu: c[0]?.model ?? "unknown",
    cores: c.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    deno: Deno.version.deno,
  };
}
