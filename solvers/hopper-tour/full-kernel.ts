/**
 * The compiled twin of fullTourSearch (full.ts): the same search, walked by
 * the WebAssembly kernel solvers/wasm/assembly/hoppertour.ts. This module
 * writes one start pair's tables into the kernel's memory: the table's steps,
 * the square graph of full.ts (fullTourGraph), which states end a tour, and
 * the states as squares and classes with the steps grouped into rules (the
 * kernel's header says why). Node counts and the tour found equal
 * fullTourSearch's (tests/hopper-tour/hopper_tour_full_test.ts). Boards of at
 * most 64 squares.
 */
import { layoutMemory, wasmModule } from "../wasm/load.ts";
import { wasmBase64 } from "../wasm/hoppertour.wasm.ts";
import { checkPrefix, fullTourGraph, type FullTourOptions, type FullTourResult } from "./full.ts";
import { pathOf, tourEnd, type TourMode } from "./search.ts";
import type { TourTable } from "./table.ts";

const HEADER = 65536;
const H = {
  N: 0,
  C: 1,
  R: 2,
  CLOSING: 3,
  LIMIT_LO: 4,
  LIMIT_HI: 5,
  S0: 6,
  S1: 7,
  H0: 8,
  NODES_LO: 9,
  NODES_HI: 10,
  FOUND: 11,
  STOPPED: 12,
  ND: 14,
  MAXDEG: 15,
  PREFIX: 16,
  ARRAYS: 20,
};
/** The arrays in the kernel's order of header words from H.ARRAYS, with their element size in bytes. */
const ARRAYS = [
  ["stepStart", 4],
  ["stepLand", 4],
  ["stepHurdle", 4],
  ["classOf", 4],
  ["endOk", 4],
  ["succStart", 4],
  ["succ", 4],
  ["predStart", 4],
  ["pred", 4],
  ["toStart", 4],
  ["ruleStart", 4],
  ["ruleClass", 4],
  ["ruleShift", 4],
  ["ruleMask", 8],
  ["closer", 8],
  ["pathSq", 4],
  ["pathH", 4],
  ["predLeft", 4],
  ["succLeft", 4],
  ["masks", 8],
  ["kids", 4],
  ["ruleDelta", 4],
  ["deltaShift", 4],
  ["deltaValue", 4],
  ["degree", 8],
  ["forcedTo", 4],
] as const;
type ArrayName = typeof ARRAYS[number][0];

/** The states reachable from a start pair's first jump, as classes (offset hurdle - square) and rules between them. */
export interface StateRules {
  /** Offset of each class. */
  offsets: number[];
  /** Class of state p*n + h, -1 where the state is not reachable. */
  classOf: Int32Array;
  from: Int32Array;
  to: Int32Array;
  shift: Int32Array;
  mask: BigUint64Array;
  /** Per class: the squares whose state of that class has a step landing on s0. */
  closer: BigUint64Array;
}

export function stateRules(t: TourTable, root: { start: number; hurdle: number }): StateRules {
  const n = t.size;
  const s1 = t.landing[root.start * n + root.hurdle];
  const classOf = new Int32Array(n * n).fill(-1);
  const offsets: number[] = [];
  const classIndex = new Map<number, number>();
  const seen = new Uint8Array(n * n);
  const queue = [s1 * n + root.hurdle];
  seen[queue[0]] = 1;
  for (let k = 0; k < queue.length; k++) {
    const st = queue[k];
    for (let i = t.stepStart[st]; i < t.stepStart[st + 1]; i++) {
      const nx = t.stepLand[i] * n + t.stepHurdle[i];
      if (!seen[nx]) {
        seen[nx] = 1;
        queue.push(nx);
      }
    }
  }
  const classFor = (st: number) => {
    const off = (st % n) - Math.floor(st / n);
    let c = classIndex.get(off);
    if (c === undefined) {
      c = offsets.length;
      classIndex.set(off, c);
      offsets.push(off);
    }
    return c;
  };
  for (const st of queue) classOf[st] = classFor(st);
  const rules = new Map<string, { from: number; to: number; shift: number; mask: bigint }>();
  const closer: bigint[] = offsets.map(() => 0n);
  for (const st of queue) {
    const p = Math.floor(st / n), c = classOf[st];
    for (let i = t.stepStart[st]; i < t.stepStart[st + 1]; i++) {
      const q = t.stepLand[i], to = classOf[q * n + t.stepHurdle[i]];
      const key = `${c},${to},${q - p}`;
      let r = rules.get(key);
      if (!r) rules.set(key, r = { from: c, to, shift: q - p, mask: 0n });
      r.mask |= 1n << BigInt(p);
      if (q === root.start) closer[c] |= 1n << BigInt(p);
    }
  }
  const list = [...rules.values()];
  return {
    offsets,
    classOf,
    from: Int32Array.from(list, (r) => r.from),
    to: Int32Array.from(list, (r) => r.to),
    shift: Int32Array.from(list, (r) => r.shift),
    mask: BigUint64Array.from(list, (r) => r.mask),
    closer: BigUint64Array.from(closer),
  };
}

type KernelExports = { memory: WebAssembly.Memory; run: () => void };
let instance: KernelExports | null = null;

/** fullTourSearch on the kernel: same arguments (no probe, no split), same result. */
export function fullTourSearchWasm(
  t: TourTable,
  mode: TourMode,
  root: { start: number; hurdle: number },
  opts: Pick<FullTourOptions, "maxNodes" | "prefix"> = {},
): FullTourResult {
  const { maxNodes = Infinity, prefix } = opts;
  const n = t.size;
  if (n > 64) throw new Error(`fullTourSearchWasm: boards of at most 64 squares (this one has ${n})`);
  const s0 = root.start, h0 = root.hurdle;
  const s1 = t.landing[s0 * n + h0];
  if (s1 < 0) throw new Error(`fullTourSearch: the hopper on ${s0} cannot jump over ${h0}`);
  const g = fullTourGraph(t, root);
  const rules = stateRules(t, root);
  const endOk = new Int32Array(n * n);
  for (let st = 0; st < n * n; st++) if (rules.classOf[st] >= 0 && tourEnd(t, mode, st, s0, h0) !== null) endOk[st] = 1;
  const C = rules.offsets.length, R = rules.from.length;
  const deltas = [...new Set(rules.shift)];
  let maxDeg = 1;
  for (let st = 0; st < n * n; st++) maxDeg = Math.max(maxDeg, t.stepStart[st + 1] - t.stepStart[st]);
  const sizes: Record<ArrayName, number> = {
    stepStart: n * n + 1,
    stepLand: t.stepLand.length,
    stepHurdle: t.stepHurdle.length,
    classOf: n * n,
    endOk: n * n,
    succStart: n + 1,
    succ: g.succ.length,
    predStart: n + 1,
    pred: g.pred.length,
    toStart: n,
    ruleStart: 2 * (C + 1),
    ruleClass: 2 * R,
    ruleShift: 4 * R,
    ruleMask: 2 * R,
    closer: C,
    pathSq: n + 1,
    pathH: n + 1,
    predLeft: n,
    succLeft: n,
    masks: 4 * C,
    kids: (n + 1) * maxDeg,
    ruleDelta: R,
    deltaShift: 2 * deltas.length,
    deltaValue: deltas.length,
    degree: 2 * deltas.length,
    forcedTo: n,
  };
  instance ??= new WebAssembly.Instance(wasmModule("hoppertour", wasmBase64), {}).exports as KernelExports;
  const ex = instance;
  const offsets = layoutMemory(ex.memory, HEADER + 256, ARRAYS, sizes);
  const buf = ex.memory.buffer;
  const i32 = (name: ArrayName) => new Int32Array(buf, offsets.get(name)!, sizes[name]);
  const u64 = (name: ArrayName) => new BigUint64Array(buf, offsets.get(name)!, sizes[name]);
  const hdr = new Int32Array(buf, HEADER, 64);
  const limit = Number.isFinite(maxNodes) ? Math.min(maxNodes, 2 ** 62) : 2 ** 62;
  hdr.set([n, C, R, mode === "open" ? 0 : 1, limit % 2 ** 32 | 0, Math.floor(limit / 2 ** 32) | 0, s0, s1, h0]);
  ARRAYS.forEach(([name], i) => (hdr[H.ARRAYS + i] = offsets.get(name)!));
  hdr[H.MAXDEG] = maxDeg;
  hdr[H.ND] = deltas.length;
  const deltaShift = i32("deltaShift");
  deltas.forEach((d, i) => {
    deltaShift[2 * i] = Math.max(d, 0);
    deltaShift[2 * i + 1] = Math.max(-d, 0);
  });
  i32("deltaValue").set(deltas);
  i32("stepStart").set(t.stepStart);
  i32("stepLand").set(t.stepLand);
  i32("stepHurdle").set(t.stepHurdle);
  i32("classOf").set(rules.classOf);
  i32("endOk").set(endOk);
  i32("succStart").set(g.succStart);
  i32("succ").set(g.succ);
  i32("predStart").set(g.predStart);
  i32("pred").set(g.pred);
  i32("toStart").set(g.toStart);
  // The rules twice: by the class stepped from (forward search), then by the class stepped into (backward).
  const ruleDelta = i32("ruleDelta");
  const ruleStart = i32("ruleStart"), ruleClass = i32("ruleClass"), ruleShift = i32("ruleShift"), ruleMask = u64("ruleMask");
  let k = 0;
  for (const [half, key, other] of [[0, rules.from, rules.to], [1, rules.to, rules.from]] as const) {
    for (let c = 0; c < C; c++) {
      ruleStart[half * (C + 1) + c] = k;
      for (let r = 0; r < R; r++) {
        if (key[r] !== c) continue;
        ruleClass[k] = other[r];
        if (half === 0) ruleDelta[k] = deltas.indexOf(rules.shift[r]);
        // Forward rules step by +shift, backward ones by -shift: as a left and a right shift, one of them 0.
        const d = half === 0 ? rules.shift[r] : -rules.shift[r];
        ruleShift[2 * k] = Math.max(d, 0);
        ruleShift[2 * k + 1] = Math.max(-d, 0);
        ruleMask[k] = rules.mask[r];
        k++;
      }
    }
    ruleStart[half * (C + 1) + C] = k;
  }
  u64("closer").set(rules.closer);
  const way = prefix ?? { squares: [s0, s1], hurdles: [h0] };
  if (prefix) checkPrefix(t, root, prefix);
  i32("pathSq").set(way.squares);
  i32("pathH").set(way.hurdles);
  hdr[H.PREFIX] = way.squares.length - 1;
  ex.run();
  const out = new Int32Array(ex.memory.buffer, HEADER, 64);
  const nodes = (out[H.NODES_LO] >>> 0) + out[H.NODES_HI] * 2 ** 32;
  const depth = out[H.FOUND];
  let found = null;
  if (depth > 0) {
    const pathSq = Int32Array.from(new Int32Array(ex.memory.buffer, offsets.get("pathSq")!, n + 1));
    const pathH = Int32Array.from(new Int32Array(ex.memory.buffer, offsets.get("pathH")!, n + 1));
    const ph = pathSq[depth] * n + pathH[depth - 1];
    found = pathOf(mode, s0, h0, pathSq, pathH, depth, tourEnd(t, mode, ph, s0, h0)!, mode === "cyclic");
  }
  return { nodes, complete: out[H.STOPPED] === 0, found };
}
