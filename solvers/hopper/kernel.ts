/**
 * The compiled twin of exhaustiveLazy (lazy.ts): the same decision tree,
 * walked by the WebAssembly kernel solvers/wasm/assembly/hopper.ts. This
 * module builds the kernel's tables from the hopper's rays (each ray as a
 * 64-bit mask with its direction of travel on the index order, the square
 * after each square along each direction, lazy.ts's landing table with the
 * square behind each hurdle, Pascal's triangle), values the seeds with
 * lazy.ts's own seedMaxima, and per start writes the start's squares into the
 * kernel's memory and reads back its position counts; the witnesses are read
 * once at the end (the kernel keeps, per k and column, the last position that
 * beat the best value, which is the final one).
 *
 * Same result type and options as exhaustiveLazy (bound, lastHurdle, onlyK,
 * seeds, only, onStart); not checkCarriedX, a test probe of the TypeScript
 * tree. Leaves, cuts, counts per start and k, maxima and witnesses equal
 * exhaustiveLazy's (tests/hopper/hopper_kernel_test.ts). Boards of at most 64
 * squares (one mask word).
 */
import type { Board, Square } from "../types.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { binomial } from "../lib/binomial.ts";
import { layoutMemory, wasmModule } from "../wasm/load.ts";
import { wasmBase64 } from "../wasm/hopper.wasm.ts";
import { enumerationSpace, type HopperPosition } from "./search.ts";
import { checkLazyOptions, landingTable, type LazyMaxima, type LazyOptions, type LazyResult, presetFor, seedMaxima } from "./lazy.ts";

/** Where the kernel reads its header (solvers/wasm/assembly/hopper.ts: HEADER, H_*; words 48-63 are its own scratch). */
const HEADER = 65536;
const H = { N: 0, ND: 1, K: 2, FLAGS: 3, MAXLAND: 4, KSSTEPS: 5, ARRAYS: 10, START: 40, LIVE: 41, KTOP: 42 } as const;
/** The arrays, in the kernel's order of header words from H.ARRAYS, with their element size in bytes. */
const ARRAYS = [
  ["rayMask", 8],
  ["rayUp", 4],
  ["next", 4],
  ["landStart", 4],
  ["landing", 4],
  ["landBehind", 4],
  ["binom", 8],
  ["status", 4],
  ["dist", 4],
  ["count", 4],
  ["queue", 4],
  ["trailSq", 4],
  ["trailOld", 4],
  ["landMask", 8],
  ["placed", 4],
  ["cand", 4],
  ["positions", 8],
  ["best", 4],
  ["witness", 4],
  ["shift", 4],
  ["shiftMask", 8],
  ["level", 8],
  ["behindMask", 8],
] as const;
type ArrayName = typeof ARRAYS[number][0];
const WITNESS_WORDS = 10;
const EMPTY = 1, UNDECIDED = 0, HURDLE = 2;

/** Options of the kernel: exhaustiveLazy's, less its test probe. */
export type KernelOptions = Omit<LazyOptions, "checkCarriedX">;

/** The kernel's tables for one hopper and board, as laid out in its memory (exported for the tamper tests). */
export interface KernelTables {
  n: number;
  nd: number;
  rayMask: BigUint64Array;
  rayUp: Int32Array;
  next: Int32Array;
  landStart: Int32Array;
  landing: Int32Array;
  landBehind: Int32Array;
  maxLand: number;
  /** Per direction and step 1, 2, 4: the left and right shift of a mask by step * d (one of them 0). */
  shift: Int32Array;
  /** Per direction and step 1, 2, 4: the squares p with p + step * d on the board. */
  shiftMask: BigUint64Array;
  /** Per square q: its landing squares (landing[landStart[q] ..]) as a mask (the branch and bound's counts of landers). */
  landMask: BigUint64Array;
  /** Per square q: the squares behind it (landBehind[landStart[q] ..]) as a mask (the last hurdle's X). */
  behindMask: BigUint64Array;
  /** Doubling steps of the kernel's occluded fill: 2^ksSteps - 1 >= the longest ray less 2 (the hurdle and the landing). */
  ksSteps: number;
}

/** The kernel's tables (header of this module); throws on a board the kernel cannot take. */
export function kernelTables(kind: HopperKind, board: Board): KernelTables {
  const n = board.size;
  if (n > 64) throw new Error(`the compiled hopper kernel takes boards of at most 64 squares, got ${n}`);
  const rays = hopper(kind).rays(board);
  const nd = rays.directions, st = rays.start, sq = rays.sq;
  const rayMask = new BigUint64Array(n * nd), rayUp = new Int32Array(n * nd), next = new Int32Array(n * nd).fill(-1);
  for (let p = 0; p < n; p++) {
    for (let dk = 0; dk < nd; dk++) {
      const r = p * nd + dk, a = st[r], b = st[r + 1];
      let m = 0n;
      for (let i = a; i < b; i++) {
        m |= 1n << BigInt(sq[i]);
        // The kernel finds a ray's first man by ctz or clz: its squares must run one way on the index order.
        const prev = i === a ? p : sq[i - 1];
        if ((sq[i] > prev) !== (sq[a] > p)) throw new Error(`${kind}: ray ${p}/${dk} does not run one way on the square order`);
      }
      rayMask[r] = m;
      rayUp[r] = a < b && sq[a] > p ? 1 : 0;
      if (a < b) next[r] = sq[a];
    }
  }
  const { landStart, landing, landOpp, maxLand } = landingTable(kind, board);
  let h = 0;
  const landBehind = new Int32Array(landing.length);
  for (let j = 0; j < landing.length; j++) {
    while (landStart[h + 1] <= j) h++;
    landBehind[j] = next[h * nd + landOpp[j]];
  }
  // The fill of the tail (the kernel's header) shifts masks: each direction must be one index offset everywhere.
  let longestRay = 0;
  for (let r = 0; r < n * nd; r++) longestRay = Math.max(longestRay, st[r + 1] - st[r]);
  // A hop slides over at most longestRay - 2 empty squares before its hurdle; s doublings cover 2^s - 1 of them.
  const ksSteps = Math.max(1, Math.ceil(Math.log2(Math.max(1, longestRay - 1))));
  if (ksSteps > 3) throw new Error(`the compiled hopper kernel takes rays of at most 9 squares, got ${longestRay}`);
  const shift = new Int32Array(2 * 3 * nd), shiftMask = new BigUint64Array(3 * nd);
  for (let dk = 0; dk < nd; dk++) {
    let offset: number | null = null;
    for (let p = 0; p < n; p++) {
      const w = next[p * nd + dk];
      if (w < 0) continue;
      if (offset === null) offset = w - p;
      else if (w - p !== offset) throw new Error(`${kind}: direction ${dk} is not one index offset on this board`);
    }
    for (let s = 0; s < 3; s++) {
      const step = 1 << s, i = dk * 3 + s, o = (offset ?? 0) * step;
      shift[2 * i] = o > 0 ? o : 0;
      shift[2 * i + 1] = o < 0 ? -o : 0;
      let m = 0n;
      for (let p = 0; p < n; p++) {
        let q = p;
        for (let j = 0; j < step && q >= 0; j++) q = next[q * nd + dk];
        if (q >= 0) m |= 1n << BigInt(p);
      }
      shiftMask[i] = m;
    }
  }
  // Each square's landing squares (the branch and bound's counts of landers) and the squares behind it (the last
  // hurdle's X), each as one mask (hopper.ts).
  const landMask = new BigUint64Array(n), behindMask = new BigUint64Array(n);
  for (let q = 0; q < n; q++) {
    for (let j = landStart[q]; j < landStart[q + 1]; j++) {
      landMask[q] |= 1n << BigInt(landing[j]);
      behindMask[q] |= 1n << BigInt(landBehind[j]);
    }
  }
  return { n, nd, rayMask, rayUp, next, landStart, landing, landBehind, maxLand, shift, shiftMask, ksSteps, landMask, behindMask };
}

/** Test hook: change the tables before they are laid out (a tampered table must be caught). */
export interface KernelTestHooks {
  tamper?: (t: KernelTables) => void;
}

export function exhaustiveKernel(
  kind: HopperKind,
  board: Board,
  K: number,
  opts: KernelOptions = {},
  hooks: KernelTestHooks = {},
): LazyResult {
  checkLazyOptions(K, opts);
  const t0 = performance.now();
  const onlyK = opts.onlyK;
  const tables = kernelTables(kind, board);
  hooks.tamper?.(tables);
  const { n, nd } = tables;
  const space = enumerationSpace(kind, board);
  const sizes: Record<ArrayName, number> = {
    rayMask: n * nd,
    rayUp: n * nd,
    next: n * nd,
    landStart: n + 1,
    landing: tables.landing.length,
    landBehind: tables.landing.length,
    binom: (n + 1) * (n + 1),
    status: n,
    dist: n,
    count: n,
    queue: n,
    trailSq: n * nd + n,
    trailOld: n * nd + n,
    placed: K + 1,
    cand: 6 * n + 6 + 2 * (n + 1),
    positions: K + 1,
    best: 3 * (K + 1),
    witness: 3 * (K + 1) * WITNESS_WORDS,
    shift: 2 * 3 * nd,
    shiftMask: 3 * nd,
    level: n + 1,
    behindMask: n,
    landMask: n,
  };
  const instance = new WebAssembly.Instance(wasmModule("hopper", wasmBase64), {});
  const ex = instance.exports as {
    memory: WebAssembly.Memory;
    init: () => void;
    run: () => void;
    leafCount: () => number;
    cutCount: () => number;
  };
  const offsets = layoutMemory(ex.memory, HEADER + 256, ARRAYS, sizes);
  const buf = ex.memory.buffer;
  const i32 = (name: ArrayName) => new Int32Array(buf, offsets.get(name)!, sizes[name]);
  const hdr = new Int32Array(buf, HEADER, 64);
  hdr[H.N] = n;
  hdr[H.ND] = nd;
  hdr[H.K] = K;
  hdr[H.FLAGS] = (opts.bound ? 1 : 0) | (opts.lastHurdle ? 2 : 0);
  hdr[H.MAXLAND] = tables.maxLand;
  hdr[H.KSSTEPS] = tables.ksSteps;
  ARRAYS.forEach(([name], i) => (hdr[H.ARRAYS + i] = offsets.get(name)!));
  new BigUint64Array(buf, offsets.get("rayMask")!, sizes.rayMask).set(tables.rayMask);
  i32("rayUp").set(tables.rayUp);
  i32("next").set(tables.next);
  i32("landStart").set(tables.landStart);
  i32("landing").set(tables.landing);
  i32("landBehind").set(tables.landBehind);
  i32("shift").set(tables.shift);
  new BigUint64Array(buf, offsets.get("shiftMask")!, sizes.shiftMask).set(tables.shiftMask);
  new BigUint64Array(buf, offsets.get("landMask")!, sizes.landMask).set(tables.landMask);
  new BigUint64Array(buf, offsets.get("behindMask")!, sizes.behindMask).set(tables.behindMask);
  const binom = new Float64Array(buf, offsets.get("binom")!, sizes.binom);
  for (let u = 0; u <= n; u++) for (let j = 0; j <= n; j++) binom[u * (n + 1) + j] = binomial(u, j);

  const perK: LazyMaxima[] = Array.from({ length: K + 1 }, () => ({ positions: 0, longest: null, dualFree: null, reach: null }));
  const bestL = new Int32Array(K + 1).fill(-1), bestD = new Int32Array(K + 1).fill(-1), bestR = new Int32Array(K + 1).fill(-1);
  seedMaxima(kind, board, K, opts.seeds ?? [], perK, bestL, bestD, bestR);
  const best = i32("best");
  best.set(bestL, 0);
  best.set(bestD, K + 1);
  best.set(bestR, 2 * (K + 1));
  ex.init();

  const status = i32("status");
  const positions = new Float64Array(buf, offsets.get("positions")!, K + 1);
  const starts: LazyResult["starts"] = [];
  let leavesBefore = 0;
  for (const [si, sp] of space.entries()) {
    if (opts.only && !opts.only.includes(si)) continue;
    const preset = presetFor(sp, opts.preset);
    status.fill(EMPTY);
    for (const q of sp.hurdleSquares) status[q] = UNDECIDED;
    status[sp.start] = EMPTY;
    for (const q of preset.empty) status[q] = EMPTY;
    for (const q of preset.hurdles) status[q] = HURDLE;
    hdr[H.START] = sp.start;
    hdr[H.LIVE] = onlyK === undefined ? (2 ** (K + 1) - 1) | 0 : 1 << onlyK;
    hdr[H.KTOP] = onlyK ?? K;
    // With more preset hurdles than the largest k counted, this piece holds no position that is counted (lazy.ts).
    if (preset.hurdles.length <= (onlyK ?? K)) ex.run();
    else positions.fill(0);
    const startPositions = Array.from(positions);
    startPositions.forEach((m, k) => (perK[k].positions += m));
    const leaves = ex.leafCount();
    starts.push({ start: sp.start, positions: startPositions, leaves: leaves - leavesBefore });
    leavesBefore = leaves;
    opts.onStart?.(si + 1, space.length);
  }

  // Witnesses found by the kernel replace the seeds' (the kernel only writes one that beats the best value then).
  const wit = i32("witness");
  const cols = ["longest", "dualFree", "reach"] as const;
  for (let k = 0; k <= K; k++) {
    for (let c = 0; c < 3; c++) {
      const w = (k * 3 + c) * WITNESS_WORDS;
      if (wit[w + 8] !== 1) continue;
      const hurdles: Square[] = [];
      for (let q = 0; q < 32; q++) if ((wit[w] >>> q) & 1) hurdles.push(q);
      for (let q = 0; q < 32; q++) if ((wit[w + 1] >>> q) & 1) hurdles.push(q + 32);
      const p: HopperPosition = {
        start: wit[w + 2],
        hurdles,
        longest: wit[w + 3],
        longestTarget: wit[w + 4],
        dualFree: wit[w + 5],
        dualFreeTarget: wit[w + 6],
        reached: wit[w + 7],
      };
      perK[k][cols[c]] = p;
    }
  }
  return {
    kind,
    board: [...board.dims],
    maxHurdles: K,
    perK,
    starts,
    leaves: ex.leafCount(),
    cuts: ex.cutCount(),
    seconds: (performance.now() - t0) / 1000,
  };
}
