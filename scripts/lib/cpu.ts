/**
 * CPU time of this process (user + system, node:process cpuUsage), the one
 * clock every bench, proof run and hunt in scripts/ measures work with.
 *
 * The readings are whole microseconds, so a difference of two readings is
 * exact; each caller divides and rounds as its own output field needs.
 * solvers/ stays pure and never imports this.
 */
import process from "node:process";

/** CPU time used so far by this process, in microseconds. */
export function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** CPU time used so far by this process, in milliseconds. */
export function cpuMs(): number {
  return cpuMicros() / 1000;
}

/** CPU time used so far by this process, in seconds. */
export function cpuSeconds(): number {
  return cpuMicros() / 1e6;
}

/** A CPU stopwatch: the CPU time used since it was started. */
export interface CpuTimer {
  micros(): number;
  ms(): number;
  seconds(): number;
}

/** Starts a CPU stopwatch now. */
export function cpuTimer(): CpuTimer {
  const start = cpuMicros();
  const micros = () => cpuMicros() - start;
  return { micros, ms: () => micros() / 1000, seconds: () => micros() / 1e6 };
}
