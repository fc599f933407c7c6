/**
 * The compiled twin of exhaustiveLazy (solvers/hopper/lazy.ts) in the
 * configuration `atlas records hopper --prove-piece` runs: onlyK with the
 * last-hurdle bound. TypeScript builds the tables (rays, landing squares,
 * Pascal's triangle) and the seeds' best values; the WebAssembly kernel
 * (solvers/wasm/assembly/hopper.ts, at the fixed offsets below) walks the
 * tree of each start in the same order, so counts, leaves, maxima and
 * witnesses equal the TypeScript tree's (tests/hopper_kernel_test.ts).
 */
import type { Board, Square } from "../types.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { binomial } from "../lib/binomial.ts";
import { wasmModule } from "../wasm/load.ts";
import { wasmBase64 } from "../wasm/hopper.wasm.ts";
import { enumerationSpace, type HopperPosition } from "./search.ts";
import { applySeeds, landingTable, type LazyMaxima, type LazyOptions, type LazyResult } from "./lazy.ts";

/** The kernel's memory layout (solvers/wasm/assembly/hopper.ts: HEADER, OUT, WIT and the tables). */
const HEADER = 65536;
const H = { N: 0, ND: 1, KTOP: 2, START: 3, BESTL: 4, BESTD: 5, BESTR: 6 } as const;
const OUT = HEADER + 512, WIT = HEADER + 1024;
const AT = {
  st: [HEADER + 2048, 1024],
  sq: [HEADER + 6144, 8192],
  landStart: [HEADER + 38912, 128],
  landing: [HEADER + 39424, 1024],
  landOpp: [HEADER + 43520, 1024],
} as const;
const BINOM = HEADER + 47616, ALLOWED = HEADER + 81920, END = HEADER + 91648;

interface Kernel {
  memory: WebAssembly.Memory;
  run: () => void;
}

function instantiate(kind: HopperKind, board: Board): Kernel {
  const n = board.size;
  if (n > 64) throw new Error(`the compiled hopper kernel takes boards of at most 64 squares, got ${n}`);
  const instance = new WebAssembly.Instance(wasmModule("hopper", wasmBase64), {});
  const ex = instance.exports as { memory: WebAssembly.Memory; run: () => void };
  const pages = Math.ceil(END / 65536), have = ex.memory.buffer.byteLength / 65536;
  if (pages > have) ex.memory.grow(pages - have);
  const rays = hopper(kind).rays(board);
  const { landStart, landing, landOpp } = landingTable(kind, board, rays);
  const nd = rays.directions;
  const tables = { st: rays.start, sq: rays.sq, landStart, landing, landOpp };
  if (nd > 8) throw new Error(`the compiled hopper kernel takes at most 8 directions, got ${nd}`);
  for (const [name, [at, words]] of Object.entries(AT)) {
    const t = tables[name as keyof typeof tables];
    if (t.length > words) throw new Error(`hopper kernel: table ${name} has ${t.length} words, room for ${words}`);
    new Int32Array(ex.memory.buffer, at, t.length).set(t);
  }
  const binom = new Float64Array(ex.memory.buffer, BINOM, 65 * 65);
  for (let u = 0; u <= n; u++) for (let j = 0; j <= u; j++) binom[u * 65 + j] = binomial(u, j);
  const hdr = new Int32Array(ex.memory.buffer, HEADER, 64);
  hdr[H.N] = n;
  hdr[H.ND] = nd;
  return { memory: ex.memory, run: ex.run };
}

/**
 * exhaustiveLazy(kind, board, K, opts) with opts.onlyK and opts.lastHurdle
 * (the only configuration compiled), the same result: perK[k] for k other
 * than onlyK holds only the seeds' witnesses, as the TypeScript tree's does.
 */
export function exhaustiveKernel(kind: HopperKind, board: Board, K: number, opts: LazyOptions = {}): LazyResult {
  const onlyK = opts.onlyK;
  if (onlyK === undefined || !opts.lastHurdle || opts.bound) {
    throw new Error("the compiled hopper kernel runs onlyK with lastHurdle only (the --prove-piece configuration)");
  }
  if (!(Number.isInteger(onlyK) && onlyK >= 0 && onlyK <= K)) throw new Error(`onlyK must be a whole number 0..${K}, got ${onlyK}`);
  const t0 = performance.now();
  const n = board.size;
  const k = instantiate(kind, board);
  const space = enumerationSpace(kind, board);
  const perK: LazyMaxima[] = Array.from({ length: K + 1 }, () => ({ positions: 0, longest: null, dualFree: null, reach: null }));
  const bestL = new Int32Array(K + 1).fill(-1), bestD = new Int32Array(K + 1).fill(-1), bestR = new Int32Array(K + 1).fill(-1);
  if (opts.seeds?.length) applySeeds(kind, board, hopper(kind).rays(board), K, opts.seeds, perK, bestL, bestD, bestR);
  const starts: LazyResult["starts"] = [];
  let leaves = 0, cuts = 0;
  const cols = ["longest", "dualFree", "reach"] as const;
  for (const [si, sp] of space.entries()) {
    if (opts.only && !opts.only.includes(si)) continue;
    const hdr = new Int32Array(k.memory.buffer, HEADER, 64);
    hdr[H.KTOP] = onlyK;
    hdr[H.START] = sp.start;
    hdr[H.BESTL] = bestL[onlyK];
    hdr[H.BESTD] = bestD[onlyK];
    hdr[H.BESTR] = bestR[onlyK];
    const allowed = new Uint8Array(k.memory.buffer, ALLOWED, n);
    allowed.fill(0);
    for (const h of sp.hurdleSquares) allowed[h] = 1;
    k.run();
    const out = new Float64Array(k.memory.buffer, OUT, 3);
    const positions = new Array(K + 1).fill(0);
    positions[onlyK] = out[0];
    perK[onlyK].positions += out[0];
    leaves += out[1];
    cuts += out[2];
    bestL[onlyK] = hdr[H.BESTL];
    bestD[onlyK] = hdr[H.BESTD];
    bestR[onlyK] = hdr[H.BESTR];
    const wit = new DataView(k.memory.buffer, WIT, 96);
    cols.forEach((col, r) => {
      if (wit.getInt32(r * 32 + 8, true) === 0) return;
      const mask = wit.getBigUint64(r * 32, true);
      const hurdles: Square[] = [];
      for (let q = 0; q < n; q++) if ((mask >> BigInt(q)) & 1n) hurdles.push(q);
      const g = (o: number) => wit.getInt32(r * 32 + o, true);
      const p: HopperPosition = {
        start: sp.start,
        hurdles,
        longest: g(12),
        longestTarget: g(16),
        dualFree: g(20),
        dualFreeTarget: g(24),
        reached: g(28),
      };
      perK[onlyK][col] = p;
    });
    starts.push({ start: sp.start, positions, leaves: out[1] });
    opts.onStart?.(si + 1, space.length);
  }
  return { kind, board: [...board.dims], maxHurdles: K, perK, starts, leaves, cuts, seconds: (performance.now() - t0) / 1000 };
}
