/**
 * A fixed sample of deep states for comparing engine versions on the same
 * work: random descents (seeded) from a canonical start to a given depth with a
 * reference search, each state carrying the weight of a Knuth probe (number of
 * canonical starts × product of the passing children met on the way down).
 * Completing every sampled state with a candidate search and averaging
 * weight × (nodes, CPU) estimates that search's whole tree below the sample
 * depth — an unbiased estimate for any search whose pruning is at least as
 * strong as the reference's above that depth (a state the candidate rejects
 * on the way down contributes 0, which is what it costs there). Because every
 * candidate runs the same states, the ratio between two versions is much
 * tighter than either projection.
 */
import type { MagicSearch } from "./engine.ts";
import { asCompleter, type Completer, type EnumerationSpec, seededRandom } from "./enumerate.ts";
import { allowedEnds, canonicalStarts } from "./reduce.ts";

export interface SampledState {
  /** Squares of the first `depth` steps. */
  path: number[];
  weight: number;
}

/** Seeded random descents; a descent that dies above `depth` is kept with an empty path (it weighs nothing below). */
export function sampleStates(e: EnumerationSpec, count: number, depth: number, seed: number, reference: MagicSearch): SampledState[] {
  const rand = seededRandom(seed);
  const starts = canonicalStarts(e.n, e.n);
  const out: SampledState[] = [];
  const kids = new Int32Array(16);
  for (let p = 0; p < count; p++) {
    const s = starts[Math.floor(rand() * starts.length)];
    let weight = starts.length;
    let alive = reference.start(s, e.mode === "central" ? null : allowedEnds(e.n, e.n, s));
    while (alive && reference.t < depth) {
      const m = passingChildren(reference, kids);
      if (m === 0) alive = false;
      else {
        weight *= m;
        reference.place(kids[Math.floor(rand() * m)]);
      }
    }
    out.push(alive ? { path: Array.from(reference.path.subarray(0, depth)), weight } : { path: [], weight: 0 });
    reference.clear();
  }
  return out;
}

/** The open squares the next number may go on (place() passes), into kids; returns how many. The state is unchanged. */
export function passingChildren(search: MagicSearch, kids: Int32Array): number {
  const cur = search.path[search.t - 1];
  let m = 0;
  for (let j = search.nbrStart[cur]; j < search.nbrStart[cur + 1]; j++) {
    const v = search.nbr[j];
    if (search.visited[v]) continue;
    if (search.place(v)) kids[m++] = v;
    search.unplace();
  }
  return m;
}

export interface SampleRun {
  /** Per state: nodes of its completion (0 when the candidate rejects the prefix). */
  nodes: number[];
  /** Per state: CPU seconds of its completion. */
  cpu: number[];
  solutions: number;
}

/** Replay each state with `search` and complete it; `cpuNow` returns CPU seconds (injected: solvers use no runtime API). */
export function runSample(e: EnumerationSpec, states: SampledState[], search: MagicSearch | Completer, cpuNow: () => number): SampleRun {
  const c = asCompleter(search);
  return runSampleWith(states, (path) => {
    let ok = c.search.start(path[0], e.mode === "central" ? null : allowedEnds(e.n, e.n, path[0]));
    for (let j = 1; j < path.length && ok; j++) ok = c.search.place(path[j]);
    const r = ok ? c.complete() : { nodes: 0, solutions: 0 };
    c.search.clear();
    return r;
  }, cpuNow);
}

/** Complete each state with any completion function (another engine), timing each. */
export function runSampleWith(
  states: SampledState[],
  complete: (path: number[]) => { nodes: number; solutions: number },
  cpuNow: () => number,
): SampleRun {
  const nodes: number[] = [], cpu: number[] = [];
  let solutions = 0;
  for (const st of states) {
    if (!st.path.length) {
      nodes.push(0);
      cpu.push(0);
      continue;
    }
    const c0 = cpuNow();
    const r = complete(st.path);
    solutions += r.solutions;
    nodes.push(r.nodes);
    cpu.push(cpuNow() - c0);
  }
  return { nodes, cpu, solutions };
}

/** Mean of weight × x with a 95% interval (normal approximation; heavy-tailed, so rough). */
export function weightedMean(states: SampledState[], xs: number[]): { mean: number; lo: number; hi: number } {
  const k = states.length;
  let s = 0, sq = 0;
  for (let i = 0; i < k; i++) {
    const v = states[i].weight * xs[i];
    s += v;
    sq += v * v;
  }
  const mean = s / k;
  const se = k > 1 ? Math.sqrt(Math.max(0, (sq - k * mean * mean) / (k - 1)) / k) : 0;
  return { mean, lo: Math.max(0, mean - 1.96 * se), hi: mean + 1.96 * se };
}
