/**
 * The compiled SerienZiel tree (solvers/hopper/kernel.ts over
 * solvers/wasm/assembly/hopper.ts) against its TypeScript reference
 * exhaustiveLazy (lazy.ts) and against the plain method (search.ts: every
 * k-subset, one full BFS each) on random small cases: a random hopper, board
 * 3x3..6x6, start (opts.only) or all starts, K, and the engine's modes (every
 * k; onlyK with the last-hurdle bound, the prover's mode; the branch and
 * bound), unseeded or seeded with exact or near positions. The kernel must
 * give exactly the reference's result (leaves, cuts, counts per start and k,
 * maxima, witnesses), the coverage counts C(squares, k), the plain method's
 * maxima, and witnesses an independent BFS confirms. A tampered table or
 * count must be caught by these checks.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { Board } from "../../solvers/types.ts";
import { hopper, HOPPER_KINDS, type HopperKind } from "../../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive, type ExhaustiveResult, type HopperPosition } from "../../solvers/hopper/search.ts";
import { exhaustiveLazy, type LazyOptions, type LazyResult } from "../../solvers/hopper/lazy.ts";
import { exhaustiveKernel, type KernelOptions, type KernelTables, kernelTables } from "../../solvers/hopper/kernel.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";
import { lcg } from "../helpers/hopper-cases.ts";

const rnd = lcg(26_2026);
const COLS = [["longest", "longest"], ["dualFree", "dualFree"], ["reach", "reached"]] as const;

/** Every way a result can be wrong against the plain method and the coverage count, as messages (none: it passes). */
function problems(
  kind: HopperKind,
  board: Board,
  r: LazyResult,
  plain: (k: number) => ExhaustiveResult,
  opts: KernelOptions,
): string[] {
  const out: string[] = [];
  const space = enumerationSpace(kind, board).filter((_, i) => !opts.only || opts.only.includes(i));
  const rays = hopper(kind).rays(board);
  const sc = makeScratch(rays);
  for (let k = 1; k <= r.maxHurdles; k++) {
    const got = r.perK[k];
    if (opts.onlyK !== undefined && k !== opts.onlyK) {
      if (got.positions !== 0) out.push(`k=${k} counted outside onlyK`);
      continue;
    }
    const total = space.reduce((a, s) => a + binomial(s.hurdleSquares.length, k), 0);
    if (got.positions !== total) out.push(`k=${k}: coverage ${got.positions} != ${total}`);
    const perStart = r.starts.reduce((a, s) => a + s.positions[k], 0);
    if (perStart !== got.positions) out.push(`k=${k}: starts sum to ${perStart}, not ${got.positions}`);
    if (opts.only) continue; // the plain method's maxima are over every start
    const p = plain(k);
    for (const [col, field] of COLS) {
      const want = p[col]?.[field] ?? -1, have = got[col]?.[field] ?? -1;
      if (want !== have) out.push(`k=${k} ${col}: ${have}, plain ${want}`);
    }
  }
  for (let k = 0; k <= r.maxHurdles; k++) {
    for (const [col, field] of COLS) {
      const w = r.perK[k][col];
      if (!w) continue;
      const bad = w.hurdles.length !== k || new Set(w.hurdles).size !== k || w.hurdles.includes(w.start);
      const real = bad ? null : reachSummary(rays, w.start, occupancy(board, w.hurdles), sc, 2);
      if (!real || real[field] !== w[field]) out.push(`k=${k} ${col}: witness ${JSON.stringify(w)} does not have ${w[field]}`);
    }
  }
  return out;
}

/** The kernel's result equals the reference's in everything but time. */
function sameAsReference(a: LazyResult, b: LazyResult): boolean {
  try {
    assert.deepEqual({ ...a, seconds: 0 }, { ...b, seconds: 0 });
    return true;
  } catch {
    return false;
  }
}

interface Case {
  kind: HopperKind;
  dims: number[];
  K: number;
  opts: KernelOptions;
  label: string;
}

function randomCase(): Case {
  const kind = HOPPER_KINDS[rnd(HOPPER_KINDS.length)];
  let dims: number[];
  do dims = [3 + rnd(4), 3 + rnd(4)]; while (kind === "bishophopper" && dims.every((x) => x % 2 === 1));
  const size = dims[0] * dims[1];
  const K = 1 + rnd(size <= 12 ? 6 : size <= 20 ? 5 : size <= 25 ? 4 : 3);
  const space = enumerationSpace(kind, makeBoard(dims));
  const opts: KernelOptions = {};
  const mode = rnd(5);
  if (mode === 1 || mode === 2) {
    opts.lastHurdle = true;
    if (mode === 2) opts.onlyK = K;
  } else if (mode === 3 || mode === 4) {
    opts.bound = true;
    if (mode === 4) opts.onlyK = K;
  }
  if (rnd(2) === 0) opts.only = [rnd(space.length)];
  return { kind, dims, K, opts, label: `${kind} ${dims.join("x")} K=${K} ${JSON.stringify(opts)}` };
}

/** Seeds for the bounds: the plain maxima (the tightest: a bound cutting at "<= best" must keep them) or positions below them. */
function seedsFor(kind: HopperKind, board: Board, K: number, plain: (k: number) => ExhaustiveResult, exact: boolean) {
  const out: HopperPosition[] = [];
  const rays = hopper(kind).rays(board);
  const sc = makeScratch(rays);
  const space = enumerationSpace(kind, board);
  for (let k = 1; k <= K; k++) {
    const p = plain(k);
    if (exact) {
      for (const [col] of COLS) if (p[col]) out.push(p[col]!);
      continue;
    }
    let best: HopperPosition | null = null;
    for (let i = 0; i < 100; i++) {
      const sp = space[rnd(space.length)];
      if (sp.hurdleSquares.length < k) continue;
      const hs = new Set<number>();
      while (hs.size < k) hs.add(sp.hurdleSquares[rnd(sp.hurdleSquares.length)]);
      const q = { start: sp.start, hurdles: [...hs], ...reachSummary(rays, sp.start, occupancy(board, [...hs]), sc, 2) };
      if (q.longest < (p.longest?.longest ?? 0) && (!best || q.longest > best.longest)) best = q;
    }
    if (best) out.push(best);
  }
  return out;
}

function plainCache(kind: HopperKind, board: Board): (k: number) => ExhaustiveResult {
  const cache = new Map<number, ExhaustiveResult>();
  return (k) => {
    let r = cache.get(k);
    if (!r) cache.set(k, r = exhaustive(kind, board, k));
    return r;
  };
}

Deno.test("the compiled tree equals exhaustiveLazy and the plain method on random small cases", () => {
  const seen = new Set<string>();
  let compared = 0, seeded = 0, cuts = 0;
  for (let i = 0; i < 200; i++) {
    const c = randomCase();
    const board = makeBoard(c.dims);
    const plain = plainCache(c.kind, board);
    const seedMode = (c.opts.lastHurdle || c.opts.bound) ? rnd(3) : 0;
    const opts: LazyOptions = seedMode === 0 ? c.opts : { ...c.opts, seeds: seedsFor(c.kind, board, c.K, plain, seedMode === 1) };
    const where = `${c.label}${seedMode ? ` seeds ${seedMode === 1 ? "exact" : "near"}` : ""}`;
    const ref = exhaustiveLazy(c.kind, board, c.K, opts);
    const got = exhaustiveKernel(c.kind, board, c.K, opts);
    assert.deepEqual({ ...got, seconds: 0 }, { ...ref, seconds: 0 }, `${where}: kernel differs from exhaustiveLazy`);
    assert.deepEqual(problems(c.kind, board, got, plain, opts), [], where);
    seen.add(`${c.kind} ${c.opts.lastHurdle ? "last" : c.opts.bound ? (c.opts.onlyK !== undefined ? "bound one k" : "bound") : "all"}`);
    if (seedMode) seeded++;
    cuts += got.cuts;
    compared++;
  }
  assert.ok(seen.size >= 12, `modes and hoppers covered: ${[...seen].join(", ")}`);
  assert.ok(seeded >= 10 && cuts > 0, `the bounds ran seeded (${seeded}) and cut (${cuts})`);
  assert.equal(compared, 200);
});

Deno.test("the compiled tree walks the prover's 8x8 mode as exhaustiveLazy does", () => {
  // One start of the 8x8 space with the prover's options (onlyK, lastHurdle, seeds from an earlier k), per hopper.
  const board = makeBoard([8, 8]);
  for (const [kind, K] of [["grasshopper", 3], ["rookhopper", 4], ["bishophopper", 4], ["nightriderhopper", 4]] as const) {
    const warm = exhaustiveLazy(kind, board, K - 1, { only: [1] });
    const seeds = warm.perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p): p is HopperPosition => p !== null);
    // The prover counts one k with the last-hurdle bound, or (--bound, the rookhopper) with the branch and bound.
    const opts = kind === "rookhopper" ? { only: [2], onlyK: K, bound: true, seeds } : { only: [2], onlyK: K, lastHurdle: true, seeds };
    const ref = exhaustiveLazy(kind, board, K, opts);
    const got = exhaustiveKernel(kind, board, K, opts);
    assert.deepEqual({ ...got, seconds: 0 }, { ...ref, seconds: 0 }, kind);
    assert.ok(got.leaves > 100 && got.cuts > 0, `${kind}: a real tree (${got.leaves} leaves, ${got.cuts} cuts)`);
  }
});

Deno.test("a tampered kernel table or count is caught", () => {
  const board = makeBoard([5, 5]);
  const kind: HopperKind = "grasshopper";
  const plain = plainCache(kind, board);
  const opts: KernelOptions = { lastHurdle: true };
  const ref = exhaustiveLazy(kind, board, 3, opts);
  const clean = exhaustiveKernel(kind, board, 3, opts);
  assert.ok(sameAsReference(clean, ref));
  assert.deepEqual(problems(kind, board, clean, plain, opts), []);
  const tampers: [string, (t: KernelTables) => void][] = [
    ["a ray loses its first square", (t) => (t.rayMask[12 * t.nd] &= ~(1n << BigInt(t.next[12 * t.nd])))],
    ["one direction's rays scanned from the far end", (t) => t.rayUp.forEach((u, r) => r % t.nd === 0 && (t.rayUp[r] = u ^ 1))],
    ["a square's neighbour along a direction moved", (t) => (t.next[7 * t.nd + 2] = t.next[7 * t.nd + 3])],
    ["a landing square moved", (t) => (t.landing[10] = t.landing[11])],
    ["the fill's shift changed", (t) => (t.shift[0] += 1)],
    ["the squares behind every square lost", (t) => t.behindMask.fill(0n)],
  ];
  for (const [name, tamper] of tampers) {
    const r = exhaustiveKernel(kind, board, 3, opts, { tamper });
    assert.ok(!sameAsReference(r, ref) || problems(kind, board, r, plain, opts).length > 0, `not caught: ${name}`);
  }
  // The branch and bound's landers (seeded with the exact maxima, where it cuts most).
  const seeds = [1, 2, 3].flatMap((k) => COLS.map(([col]) => plain(k)[col]!));
  const boundOpts: KernelOptions = { bound: true, seeds };
  const boundRef = exhaustiveLazy(kind, board, 3, boundOpts);
  assert.ok(sameAsReference(exhaustiveKernel(kind, board, 3, boundOpts), boundRef));
  const landers = exhaustiveKernel(kind, board, 3, boundOpts, { tamper: (t) => t.landMask.fill(0n) });
  assert.ok(!sameAsReference(landers, boundRef), "not caught: the bound's landers lost");
  // On 8x8 a hop slides over up to 5 empty squares: three doublings of the fill, not two.
  const big = makeBoard([8, 8]), bigOpts = { only: [3], onlyK: 3, lastHurdle: true };
  const bigRef = exhaustiveLazy("rookhopper", big, 3, bigOpts);
  assert.ok(sameAsReference(exhaustiveKernel("rookhopper", big, 3, bigOpts), bigRef));
  assert.ok(!sameAsReference(exhaustiveKernel("rookhopper", big, 3, bigOpts, { tamper: (t) => (t.ksSteps -= 1) }), bigRef));
  // Counts and witnesses changed after the run.
  const count = structuredClone(clean);
  count.starts[1].positions[2] += 1;
  assert.ok(problems(kind, board, count, plain, opts).some((p) => p.includes("starts sum")), "a start's count");
  const total = structuredClone(clean);
  total.perK[3].positions -= 1;
  assert.ok(problems(kind, board, total, plain, opts).some((p) => p.includes("coverage")), "a total count");
  const witness = structuredClone(clean);
  witness.perK[3].longest!.hurdles[0] = witness.perK[3].dualFree!.hurdles.find((h) => !witness.perK[3].longest!.hurdles.includes(h)) ??
    (witness.perK[3].longest!.hurdles[0] + 1) % 25;
  assert.ok(problems(kind, board, witness, plain, opts).some((p) => p.includes("witness")), "a witness");
});

Deno.test("the kernel refuses what it cannot take", () => {
  assert.throws(() => kernelTables("rookhopper", makeBoard([9, 8])), /64 squares/);
  assert.throws(() => kernelTables("rookhopper", makeBoard([2, 12])), /rays of at most 9/);
  assert.throws(() => exhaustiveKernel("grasshopper", makeBoard([4, 4]), 3, { lastHurdle: true, bound: true }), /choose one/);
  assert.throws(() => exhaustiveKernel("grasshopper", makeBoard([4, 4]), 3, { onlyK: 4 }), /onlyK/);
});
