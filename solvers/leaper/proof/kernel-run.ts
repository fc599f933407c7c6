/**
 * The prefix run of a dual-free proof on the WebAssembly core: the same walk
 * of the colex tree, prefix rules, one-level tests, symmetry skip and
 * decideUnique as PrefixRun (prefix-run.ts, run.ts), all in the compiled
 * kernel (solvers/wasm/assembly/freesquares.ts): the engine's first phase,
 * the forced-edge reduction, the engine on the reduced graph and
 * searchReduced. The kernel decides the positions in bulk in its own memory;
 * a position it does not settle (a unique path, i.e. a hit, a position of
 * fewer than 3 squares, or a case the TypeScript treats as an internal
 * error) comes back here and is decided by ProofRun.evaluate, the TypeScript
 * reference, from scratch. So every count (positions, each test's
 * rejections, symmetry skips, searches, engine nodes, hits and their
 * examples) is PrefixRun's; tests/leaper/freesquares_kernel_test.ts checks that on
 * random cells and windows, and the tests of PrefixRun check it against the
 * position-by-position run and the brute force.
 *
 * It takes what the kernel covers (kernelUnsupported says why not
 * otherwise): dual-free cells on boards of at most 64 squares whose starts'
 * components are bipartite and have fewer than 8 squares of degree 2 (where
 * PrefixRun leaves its rule 3 off), with the engine and the forced-edge
 * reduction on (the run's defaults).
 */
import { wasmModule } from "../../wasm/load.ts";
import { wasmBase64 } from "../../wasm/freesquares.wasm.ts";
import { ProofRun, type RunOptions, type RunState } from "./run.ts";
import { PositionTester } from "./position-test.ts";
import { blockAt, type ProofSpace } from "./space.ts";

// The kernel's layout (freesquares.ts: BASE and the O_* offsets, in bytes).
const BASE = 65536;
const O_NBRSTART = BASE;
const O_NBR = O_NBRSTART + 66 * 4;
const O_COLOUR = O_NBR + 512 * 4;
const O_CAND = O_COLOUR + 64 * 4;
const O_STAB = O_CAND + 64 * 4;
const O_BINOM = O_STAB + 7 * 64 * 4;
const O_COUNTS = O_BINOM + 65 * 65 * 8;
/** The kernel's neighbour masks (64 u64, built by setBoard; the tests tamper with them). */
export const O_NBRMASK = O_COUNTS + 16 * 8;
const C_POSITIONS = 0;
const C_SKIPPED = 1;
const C_SEARCHED = 2;
const C_NODES = 3;
const C_TREE = 4;
const C_REDUCED = 5;
const C_SR_CALLS = 6;
const C_SR_NODES = 7;
const C_REJECTED = 8;
/** step() results. */
const BLOCK_DONE = 1;
const ESCALATE = 2;

interface Kernel {
  memory: WebAssembly.Memory;
  MEMORY_END: WebAssembly.Global;
  setBoard(size: number, first: number, other: number, fallback: number, forced: number): void;
  setBlock(start: number, m: number, k: number, stabs: number): void;
  root(at: number, offset: number): void;
  step(max: number, hi: number): number;
  leafDone(): void;
  getNext(): number;
  getDone(): number;
  seeking(): number;
}

/** Why the kernel cannot run this space with these options (null: it can). */
export function kernelUnsupported(space: ProofSpace, o: RunOptions = {}): string | null {
  if (space.kind !== "dual-free") return `the kernel decides dual-free cells only, not ${space.kind}`;
  if (space.board.size > 64) return `the kernel takes boards of at most 64 squares, not ${space.board.size}`;
  if (o.engine === false || o.reduce === false) return "the kernel runs the engine with the forced-edge reduction only";
  if (!space.indexable) return "the space is too large to index";
  const g = space.graph;
  for (let v = 0; v < g.order; v++) if (g.start[v + 1] - g.start[v] > 8) return "the kernel takes at most 8 moves a square";
  const t = new PositionTester(g, "unique");
  for (const st of space.starts) {
    if (st.kMax < st.kMin) continue;
    t.setStart(st.start, st.candidates);
    if (!t.bipartiteComponent) return "the kernel takes bipartite components only";
    let twos = 0;
    for (const v of t.members) if (g.start[v + 1] - g.start[v] === 2) twos++;
    if (twos >= 8) return "the kernel does not have PrefixRun's rule 3 (8 or more squares of degree 2)";
  }
  return null;
}

export class KernelRun extends ProofRun {
  private readonly kern: Kernel;
  private kBlock = -1;
  /** The kernel's memory (its layout is freesquares.ts's; for tests that tamper with its tables). */
  get memory(): WebAssembly.Memory {
    return this.kern.memory;
  }
  /** Nodes of the tree the kernel visited (PrefixRun.treeNodes). */
  treeNodes = 0;
  /** Positions the kernel handed back to ProofRun.evaluate. */
  escalated = 0;
  /** Where the kernel's searches ended (diagnostics for measurements): positions that reached the forced-edge
   * reduction, positions that reached searchReduced, and the latter's searchReduced nodes. */
  reducedSearches = 0;
  fallbackSearches = 0;
  fallbackNodesSpent = 0;

  constructor(space: ProofSpace, lo: number, hi: number, resume?: RunState, o: RunOptions = {}) {
    super(space, lo, hi, resume, o);
    const why = kernelUnsupported(space, o);
    if (why) throw new Error(why);
    const instance = new WebAssembly.Instance(wasmModule("freesquares", wasmBase64), {});
    this.kern = instance.exports as unknown as Kernel;
    const mem = this.kern.memory;
    const need = Math.ceil(Number(this.kern.MEMORY_END.value) / 65536);
    const have = mem.buffer.byteLength / 65536;
    if (need > have) mem.grow(need - have);
    const g = space.graph;
    new Int32Array(mem.buffer, O_NBRSTART, g.order + 1).set(g.start);
    new Int32Array(mem.buffer, O_NBR, g.adj.length).set(g.adj);
    const binom = new Float64Array(mem.buffer, O_BINOM, 65 * 65);
    for (let a = 0; a <= 64; a++) {
      binom[a * 65] = 1;
      for (let b = 1; b <= a; b++) binom[a * 65 + b] = binom[(a - 1) * 65 + b - 1] + (b < a ? binom[(a - 1) * 65 + b] : 0);
    }
    this.kern.setBoard(g.order, this.firstNodes, this.otherEndNodes, this.fallbackNodes, this.forcedEdges ? 1 : 0);
  }

  override prepare(): void {
    if (this.needSeek && this.next < this.hi) this.rootAt(this.next);
  }

  private rootAt(index: number): void {
    const b = blockAt(this.space, index);
    if (b !== this.kBlock) {
      this.enterBlock(b);
      const mem = this.kern.memory.buffer;
      const t = this.tester;
      new Int32Array(mem, O_COLOUR, t.g.order).set(t.colour);
      new Int32Array(mem, O_CAND, this.cand.length).set(this.cand);
      if (this.stab.length > 7) throw new Error("internal: more than 7 symmetries fix a square");
      this.stab.forEach((map, i) => new Int32Array(mem, O_STAB + i * 256, map.length).set(map));
      this.kern.setBlock(t.start, this.cand.length, this.k, this.stab.length);
      this.kBlock = b;
    }
    this.kern.root(index, this.space.blocks[b].offset);
    this.needSeek = false;
  }

  override step(max: number): number {
    let done = 0;
    const k = this.kern;
    while (done < max && this.next < this.hi) {
      if (this.needSeek) this.rootAt(this.next);
      const r = k.step(max - done, this.hi);
      done += k.getDone();
      this.next = k.getNext();
      this.needSeek = k.seeking() !== 0;
      if (r === ESCALATE) {
        // ProofRun.evaluate on the position at next, positioned by the TypeScript tester.
        this.seek(this.next);
        this.evaluate();
        this.escalated++;
        k.leafDone();
        done++;
        this.next = k.getNext();
        this.needSeek = k.seeking() !== 0;
      } else if (r !== BLOCK_DONE && done < max && this.next < this.hi && !this.needSeek) {
        throw new Error("internal: the kernel stopped early");
      }
    }
    this.drain();
    return done;
  }

  /** Move the kernel's counts into the run's. */
  private drain(): void {
    const c = new Float64Array(this.kern.memory.buffer, O_COUNTS, 16);
    this.positions += c[C_POSITIONS];
    this.skipped += c[C_SKIPPED];
    this.searched += c[C_SEARCHED];
    this.nodes += c[C_NODES];
    this.treeNodes += c[C_TREE];
    this.reducedSearches += c[C_REDUCED];
    this.fallbackSearches += c[C_SR_CALLS];
    this.fallbackNodesSpent += c[C_SR_NODES];
    for (let i = 1; i < 8; i++) this.rejected[i] += c[C_REJECTED + i];
    c.fill(0);
  }
}
