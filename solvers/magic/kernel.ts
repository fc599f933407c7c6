/**
 * The compiled twin of MagicSearch.complete() (path mode): the TypeScript
 * engine builds the tables and replays a prefix; complete(search) copies its
 * tables (once per engine) and its state (every call) into the WebAssembly
 * kernel's memory (solvers/wasm/assembly/magic.ts) and enumerates every
 * completion there, with the same rules in the same order, so nodes,
 * solutions and the order of the tours equal the engine's
 * (tests/magic/magic_kernel_test.ts). The engine's own state is not touched.
 */
import type { MagicCounts, MagicKernelView, MagicSearch, OnMagicSolution } from "./engine.ts";
import { wasmModule } from "../wasm/load.ts";
import { wasmBase64 } from "../wasm/magic.wasm.ts";

/** Where the kernel reads its header (solvers/wasm/assembly/magic.ts: HEADER, H_*). */
const HEADER = 65536;
const H = {
  N: 0,
  L: 1,
  STEPS: 2,
  M1: 3,
  R1: 4,
  MAXSQLINES: 5,
  RULES: 6,
  T: 7,
  ENDSQ: 8,
  ALLOWEDLEFT: 9,
  NODELIMIT_LO: 10,
  NODELIMIT_HI: 11,
  NODES_LO: 12,
  NODES_HI: 13,
  SOLUTIONS_LO: 14,
  SOLUTIONS_HI: 15,
  STOPPED: 16,
  // Offsets, in this order from word 20.
  NBRSTART: 20,
} as const;
/** The arrays after the header, in the kernel's order (word H.NBRSTART + index holds each one's byte offset). */
const ARRAYS = [
  "nbrStart",
  "nbr",
  "nbrMask",
  "sqLineStart",
  "sqLines",
  "tabOff",
  "dlTab",
  "lineDist",
  "lineHas",
  "hiCap",
  "reachStart",
  "reachLine",
  "reachDist",
  "deg",
  "path",
  "rem",
  "cntOdd",
  "cntEven",
  "oddSq",
  "endStack",
  "allowedEnd",
  "lineDl",
  "dlSave",
  "dlCount",
  "visited",
  "degStack",
] as const;
type ArrayName = typeof ARRAYS[number];
/** The arrays that hold the engine's tables (copied once), in ARRAYS' order: the ones before "deg", less the masks built here. */
const TABLES = ARRAYS.slice(0, ARRAYS.indexOf("deg")).filter((a) => a !== "nbrMask") as Exclude<ArrayName, "nbrMask" | StateName>[];
type StateName =
  | "deg"
  | "path"
  | "rem"
  | "cntOdd"
  | "cntEven"
  | "oddSq"
  | "endStack"
  | "allowedEnd"
  | "lineDl"
  | "dlSave"
  | "dlCount"
  | "visited"
  | "degStack";

/** Largest node limit the kernel takes (it counts in 64 bits; JavaScript numbers are exact below 2^53). */
const MAX_LIMIT = 2 ** 53;

interface KernelInstance {
  memory: WebAssembly.Memory;
  complete: () => void;
  /** The callback of the running complete() call. */
  onSolution: (() => number) | null;
}

function instantiate(): KernelInstance {
  const k: KernelInstance = { memory: null as unknown as WebAssembly.Memory, complete: () => {}, onSolution: null };
  const instance = new WebAssembly.Instance(wasmModule("magic", wasmBase64), {
    env: { onSolution: () => (k.onSolution ? k.onSolution() : 0) },
  });
  const ex = instance.exports as { memory: WebAssembly.Memory; complete: () => void };
  k.memory = ex.memory;
  k.complete = ex.complete;
  return k;
}

/** The kernel for one engine: its tables are laid out once; complete() may be called for any state of that engine. */
export class MagicKernel {
  private readonly k: KernelInstance;
  private readonly offsets = new Map<ArrayName, number>();
  private readonly size: number;
  nodes = 0;
  solutions = 0;
  private wasStopped = false;

  constructor(readonly search: MagicSearch) {
    const v = search.kernelView();
    if (v.size > 64) throw new Error(`the compiled kernel takes boards of at most 64 squares, got ${v.size}`);
    this.size = v.size;
    this.k = instantiate();
    const N = v.size;
    const words: Record<ArrayName, number> = {
      nbrStart: N + 1,
      nbr: v.nbr.length,
      nbrMask: 2 * N,
      sqLineStart: N + 1,
      sqLines: v.sqLines.length,
      tabOff: v.lineCount,
      dlTab: v.dlTab.length,
      lineDist: v.lineDist.length,
      lineHas: v.lineHas.length,
      hiCap: v.hiCap.length,
      reachStart: N + 1,
      reachLine: v.reachLine.length,
      reachDist: v.reachDist.length,
      deg: N,
      path: N,
      rem: v.lineCount,
      cntOdd: v.lineCount,
      cntEven: v.lineCount,
      oddSq: N,
      endStack: N + 2,
      allowedEnd: N,
      lineDl: v.lineCount,
      dlSave: (N + 2) * Math.max(1, v.maxSqLines),
      dlCount: v.steps + 2,
      visited: N,
      degStack: 8 * (N + 2),
    };
    let at = HEADER + 256; // past the header's 64 words
    for (const name of ARRAYS) {
      at = (at + 7) & ~7;
      this.offsets.set(name, at);
      at += 4 * Math.max(1, words[name]);
    }
    const pages = Math.ceil(at / 65536);
    const have = this.k.memory.buffer.byteLength / 65536;
    if (pages > have) this.k.memory.grow(pages - have);
    const hdr = this.header();
    hdr[H.N] = N;
    hdr[H.L] = v.lineCount;
    hdr[H.STEPS] = v.steps;
    hdr[H.M1] = v.m1;
    hdr[H.R1] = v.r1;
    hdr[H.MAXSQLINES] = v.maxSqLines;
    ARRAYS.forEach((name, i) => (hdr[H.NBRSTART + i] = this.offsets.get(name)!));
    const masks = new BigUint64Array(N);
    for (let s = 0; s < N; s++) {
      let m = 0n;
      for (let j = v.nbrStart[s]; j < v.nbrStart[s + 1]; j++) m |= 1n << BigInt(v.nbr[j]);
      masks[s] = m;
    }
    new BigUint64Array(this.k.memory.buffer, this.offsets.get("nbrMask")!, N).set(masks);
    for (const name of TABLES) {
      this.words(name, words[name]).set(v[name]);
    }
  }

  private header(): Int32Array {
    return new Int32Array(this.k.memory.buffer, HEADER, 64);
  }

  private words(name: ArrayName, length: number): Int32Array {
    return new Int32Array(this.k.memory.buffer, this.offsets.get(name)!, length);
  }

  /** The state to complete: the engine's, as it stands (it must have passed its rules, with the start placed). */
  private loadState(v: MagicKernelView): void {
    if (v.t < 1) throw new Error("the compiled kernel completes states with the start placed (t >= 1)");
    const N = this.size, hdr = this.header();
    hdr[H.RULES] = (v.useEnd ? 1 : 0) | (v.useForced ? 2 : 0) | (v.useThree ? 4 : 0) | (v.useAllowed ? 8 : 0);
    hdr[H.T] = v.t;
    hdr[H.ENDSQ] = v.endSq;
    hdr[H.ALLOWEDLEFT] = v.allowedLeft;
    this.words("visited", N).set(v.visited);
    this.words("deg", N).set(v.deg);
    this.words("path", N).set(v.path);
    this.words("rem", v.lineCount).set(v.rem);
    this.words("cntOdd", v.lineCount).set(v.cntOdd);
    this.words("cntEven", v.lineCount).set(v.cntEven);
    this.words("oddSq", N).set(v.oddSq);
    this.words("allowedEnd", N).set(v.allowedEnd);
    this.words("lineDl", v.lineCount).set(v.lineDl);
    this.words("dlCount", v.steps + 2).set(v.dlCount);
    this.words("endStack", N + 2).set(v.endStack);
  }

  /**
   * Every completion of the engine's current state, as search.complete() would
   * enumerate them (same counts, same order of tours); the engine's state is
   * left as it was. `onSolution` gets the squares of numbers 1..N (a view,
   * valid during the call); returning true stops.
   */
  complete(onSolution?: OnMagicSolution, o: { nodeLimit?: number } = {}): MagicCounts {
    const v = this.search.kernelView();
    this.loadState(v);
    const hdr = this.header();
    const limit = o.nodeLimit === undefined ? MAX_LIMIT : Math.min(MAX_LIMIT, Math.max(0, Math.floor(o.nodeLimit)));
    hdr[H.NODELIMIT_LO] = limit % 2 ** 32 | 0;
    hdr[H.NODELIMIT_HI] = Math.floor(limit / 2 ** 32) | 0;
    const path = this.words("path", this.size);
    this.k.onSolution = onSolution ? () => (onSolution(path) === true ? 1 : 0) : null;
    try {
      this.k.complete();
    } finally {
      this.k.onSolution = null;
    }
    const h = this.header();
    const nodes = (h[H.NODES_HI] >>> 0) * 2 ** 32 + (h[H.NODES_LO] >>> 0);
    const solutions = (h[H.SOLUTIONS_HI] >>> 0) * 2 ** 32 + (h[H.SOLUTIONS_LO] >>> 0);
    this.wasStopped = h[H.STOPPED] === 1;
    this.nodes += nodes;
    this.solutions += solutions;
    return { nodes, solutions };
  }

  /** True when the last complete() stopped early (callback or node limit). */
  get stopped(): boolean {
    return this.wasStopped;
  }
}
