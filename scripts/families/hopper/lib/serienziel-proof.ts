/**
 * SerienZiel proofs (`--prove`, `--prove-piece`, `--prove-bishop`, `--bound`): the combinatorial method over
 * every position up to symmetry, run one start at a time and resumable, ending in one certificate per
 * (hopper, k) in data/hopper/proofs/.
 */
import { existsSync, readFileSync } from "node:fs";
import { cpuSeconds } from "../../../lib/cpu.ts";
import { join } from "node:path";
import { squareName } from "../../../../solvers/board/squares.ts";
import type { Square } from "../../../../solvers/types.ts";
import { hopper, type HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { makeScratch, occupancy, reachSummary } from "../../../../solvers/hopper/serienziel.ts";
import { binomial } from "../../../../solvers/lib/binomial.ts";
import type { CheckResult } from "../../../../solvers/records/common.ts";
import { enumerationSpace, type HopperPosition } from "../../../../solvers/hopper/search.ts";
import { betterPosition, exhaustiveLazy, mirrorPresets, splitPresets } from "../../../../solvers/hopper/lazy.ts";
import { exhaustiveKernel } from "../../../../solvers/hopper/kernel.ts";
import { SerienZielCertificate } from "../../../../solvers/hopper/schema.ts";
import { CliError, writeFileAtomic } from "../../../lib/cli.ts";
import { removeCheckpointFile } from "../../../lib/run/checkpoint.ts";
import { runPieces } from "../../../lib/run/pieces.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { codeVersion } from "../../../lib/version.ts";
import { BOARD, names, today } from "./booklet.ts";

export const HOPPER_PROOFS = familyPaths("hopper").proofs;

export function certificatePath(piece: HopperKind, k: number, dir = HOPPER_PROOFS): string {
  return join(dir, `serienziel-${piece}-8x8-h${k}.json`);
}

/** Progress of a run in pieces (a start of the enumeration space, or a piece of one, at a time), merged as it goes. */
interface PartialRun {
  format: "hopper-serienziel-partial/1";
  piece: HopperKind;
  maxHurdles: number;
  bound: boolean;
  /**
   * Set when the run counts only positions with this many hurdles (lazy.ts's onlyK): with its last-hurdle bound,
   * or with the branch and bound when `bound` is set.
   */
  onlyK?: number;
  /** Indices into the enumeration space done, with their per-k position counts, leaves and CPU seconds. */
  done: DoneStart[];
  /**
   * Pieces of starts not yet done whole (--split): piece `piece` of `of` is lazy.ts splitPresets' piece of that
   * index (its preset squares by name). When every piece of a start is here, they are summed into one entry of
   * `done` and leave this list.
   */
  pieces?: (DoneStart & { piece: number; of: number; preset: { empty: string[]; hurdles: string[] } })[];
  /** Merged maxima per k (square indices), the best of every start done. */
  perK: { longest: HopperPosition | null; dualFree: HopperPosition | null; reach: HopperPosition | null }[];
  codeVersion: string;
}

interface DoneStart {
  index: number;
  start: string;
  positions: number[];
  leaves: number;
  cpuSeconds: number;
  /** Who walked it ("ts+wasm": the pieces of a split start, some by each). */
  engine?: Engine | "ts+wasm";
  /** Pieces of the start not walked but counted as the mirror image of one that was (lazy.ts mirrorPresets). */
  mirrored?: number;
}

/** The engines of the decision tree: lazy.ts (TypeScript, the reference) or its WebAssembly twin kernel.ts (the default). */
export const ENGINES = ["ts", "wasm"] as const;
export type Engine = typeof ENGINES[number];

/** The engines of some walks, as a certificate names them (entries without one are from before the kernel: lazy.ts). */
function engineOf(walks: readonly { engine?: Engine | "ts+wasm" }[]): Engine | "ts+wasm" {
  return [...new Set(walks.flatMap((d) => (d.engine ?? "ts").split("+")))].sort().join("+") as Engine | "ts+wasm";
}

export function partialPath(piece: HopperKind, K: number, dir = HOPPER_PROOFS): string {
  return join(dir, "partial", `serienziel-${piece}-8x8-upto-h${K}.json`);
}

/**
 * How far an unfinished SerienZiel row is, from its partial file (null when there is none): the starts done of
 * the enumeration space, the positions with K hurdles they cover (pieces of starts not yet whole included; mirror
 * pieces count once their start is whole), their CPU seconds, and the best longest and dual-free values found so
 * far, each recomputed here from the position the file stores (a breadth-first search with path counts), so a
 * value on a page never rests on the file's word. What does not add up is an error.
 */
export function partialProgress(
  piece: HopperKind,
  K: number,
  dir = HOPPER_PROOFS,
): { run: NonNullable<CheckResult["proofRun"]>; best: { longest: number | null; dualFree: number | null }; errors: string[] } | null {
  const path = partialPath(piece, K, dir);
  if (!existsSync(path)) return null;
  const errors: string[] = [];
  let run: PartialRun;
  try {
    run = JSON.parse(readFileSync(path, "utf8")) as PartialRun;
  } catch (e) {
    return { run: emptyRun(piece, K), best: { longest: null, dualFree: null }, errors: [`${path}: not readable JSON (${e})`] };
  }
  if (run.format !== "hopper-serienziel-partial/1" || run.piece !== piece || run.maxHurdles !== K) {
    return {
      run: emptyRun(piece, K),
      best: { longest: null, dualFree: null },
      errors: [`${path} is not the partial run of ${piece} up to ${K}`],
    };
  }
  const space = enumerationSpace(piece, BOARD);
  const perStart = space.map((sp) => binomial(sp.hurdleSquares.length, K));
  let covered = 0, cpu = 0;
  const seen = new Set<number>();
  for (const d of run.done) {
    if (seen.has(d.index) || !(d.index >= 0 && d.index < space.length)) errors.push(`${path}: start ${d.start} listed twice or unknown`);
    seen.add(d.index);
    if (d.positions[K] !== perStart[d.index]) {
      errors.push(`${path}: start ${d.start} counts ${d.positions[K]} positions with ${K} hurdles, its space has ${perStart[d.index]}`);
    }
    covered += d.positions[K] ?? 0;
    cpu += d.cpuSeconds;
  }
  for (const p of run.pieces ?? []) {
    if (seen.has(p.index)) errors.push(`${path}: a piece of start ${p.start}, which is done whole`);
    covered += p.positions[K] ?? 0;
    cpu += p.cpuSeconds;
  }
  const total = perStart.reduce((a, b) => a + b, 0);
  if (covered > total) errors.push(`${path}: ${covered} positions covered, more than the ${total} of the row`);
  // The best positions so far, recomputed.
  const rays = hopper(piece).rays(BOARD);
  const value = (p: HopperPosition | null, col: "longest" | "dualFree"): number | null => {
    if (!p) return null;
    if (p.hurdles.length !== K) {
      errors.push(`${path}: its best ${col} position has ${p.hurdles.length} hurdles, not ${K}`);
      return null;
    }
    const got = reachSummary(rays, p.start, occupancy(BOARD, p.hurdles), makeScratch(rays))[col];
    if (got !== p[col]) errors.push(`${path}: its best ${col} position gives ${got}, the file says ${p[col]}`);
    return got;
  };
  const top = run.perK[K];
  return {
    run: { done: seen.size, of: space.length, covered, total, cpuSeconds: Math.round(cpu * 100) / 100, lastFinishedAt: null },
    best: { longest: value(top?.longest ?? null, "longest"), dualFree: value(top?.dualFree ?? null, "dualFree") },
    errors,
  };
}

function emptyRun(piece: HopperKind, K: number): NonNullable<CheckResult["proofRun"]> {
  const space = enumerationSpace(piece, BOARD);
  const total = space.reduce((a, sp) => a + binomial(sp.hurdleSquares.length, K), 0);
  return { done: 0, of: space.length, covered: 0, total, cpuSeconds: 0, lastFinishedAt: null };
}

/**
 * The combinatorial method for k = 1..K at once by the decision tree of
 * solvers/hopper/lazy.ts (one tree answers every k up to K); a certificate
 * per missing k (all of them with --force). The tree is walked one start at
 * a time; after each start the merged progress is written to
 * data/hopper/proofs/partial/, so an interrupted run resumes where it
 * stopped (same K and --bound; otherwise it starts over). With --bound the
 * branch and bound of lazy.ts runs, seeded by the maxima found so far and by
 * the witnesses of the records file.
 */
export function proveSerienZiel(
  piece: HopperKind,
  K: number,
  force: boolean,
  bound: boolean,
  seeds: { start: Square; hurdles: Square[] }[],
  engine: Engine,
  how: {
    /** Squares to split each start on: split + 1 pieces a start (lazy.ts splitPresets; records.ts --split). */
    split?: number;
    /**
     * With split: on the starts a reflection of the board fixes, pieces in mirror-image pairs, one of each
     * walked (lazy.ts mirrorPresets; default true; records.ts --no-mirror).
     */
    mirror?: boolean;
    /** The proofs folder (default data/hopper/proofs; tests use their own). */
    dir?: string;
    /** Stop after this many units of this call, as an interruption would (tests). */
    stopAfter?: number;
    quiet?: boolean;
  } = {},
): void {
  const split = how.split ?? 0, dir = how.dir ?? HOPPER_PROOFS, mirror = how.mirror ?? true;
  let ranHere = 0;
  const missing = [...Array(K).keys()].map((i) => i + 1).filter((k) => force || !existsSync(certificatePath(piece, k, dir)));
  if (missing.length === 0) return;
  const top = Math.max(...missing);
  const space = enumerationSpace(piece, BOARD);
  const ppath = partialPath(piece, top, dir);
  // The run's units: each start whole (--split 0), or its pieces (lazy.ts splitPresets: split + 1 where its rays
  // hold split hurdle squares; mirrorPresets on the starts a reflection fixes, whose mirror pieces are not walked).
  const units = {
    presets: space.map((sp) => split > 0 && mirror ? mirrorPresets(piece, BOARD, sp, split) : splitPresets(piece, BOARD, sp, split)),
    of: [] as number[],
    walked: [] as number[],
    list: [] as { si: number; piece: number }[],
  };
  units.presets.forEach((ps, si) => {
    units.of[si] = ps.length;
    units.walked[si] = 0;
    for (let p = 0; p < ps.length; p++) {
      if (ps[p].mirrorOf !== undefined) continue;
      units.list.push({ si, piece: p });
      units.walked[si]++;
    }
  });
  // Only the top k missing (the smaller ones proven): one k is counted (lazy.ts onlyK), with the last-hurdle bound,
  // or with the branch and bound under --bound. The latter keeps its leaves and drops the bookkeeping of every
  // smaller k: rookhopper K = 9, start a1, 86.6e6 leaves either way, 42.7-52.1 -> 37.0-37.7 s CPU.
  const onlyK = missing.length === 1 ? top : undefined;
  const fresh: PartialRun = {
    format: "hopper-serienziel-partial/1",
    piece,
    maxHurdles: top,
    bound,
    ...(onlyK !== undefined ? { onlyK } : {}),
    done: [],
    perK: Array.from({ length: top + 1 }, () => ({ longest: null, dualFree: null, reach: null })),
    codeVersion: codeVersion(),
  };
  const open = (json: unknown | null): PartialRun => {
    const old = json as PartialRun | null;
    // Every engine mode gives each start's exact counts and maxima, so a run resumes across modes, as long as the old
    // run counted every k we now need (a one-k run cannot continue a run that needs the smaller k too).
    if (
      old && old.format === fresh.format && old.piece === piece && old.maxHurdles === top &&
      (old.onlyK === undefined || old.onlyK === onlyK)
    ) {
      const pieces = old.pieces ?? [];
      for (const p of pieces) {
        if (p.of !== units.of[p.index]) {
          throw new CliError(
            `${ppath}: start ${p.start} was split into ${p.of} pieces, this run (--split ${split}) makes ${
              units.of[p.index]
            }: rerun with the --split it began with (and --no-mirror if it began without mirror pieces), or move the file away to start over`,
          );
        }
      }
      if (!how.quiet) {
        console.error(
          `${piece} up to ${top}: resuming, ${old.done.length} of ${space.length} starts done` +
            (pieces.length > 0 ? `, and ${pieces.length} pieces of others` : ""),
        );
      }
      return { ...old, ...(onlyK !== undefined ? { onlyK } : {}) };
    }
    return fresh;
  };
  // One unit of the run: a whole start, or one piece of a split one; its counts and maxima merged into the run.
  const proveUnit = (run: PartialRun, u: number) => {
    const { si, piece: pi } = units.list[u];
    const of = units.of[si];
    const sp = space[si];
    const preset = of === 1 ? undefined : units.presets[si][pi];
    const c0 = cpuSeconds();
    const known = run.perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p): p is HopperPosition => p !== null);
    const lastHurdle = onlyK !== undefined && !bound;
    const r = (engine === "wasm" ? exhaustiveKernel : exhaustiveLazy)(piece, BOARD, top, {
      only: [si],
      bound,
      lastHurdle,
      onlyK,
      seeds: bound || lastHurdle ? [...seeds, ...known] : [],
      ...(preset ? { preset } : {}),
    });
    const cpu = Math.round((cpuSeconds() - c0) * 100) / 100;
    run.perK = run.perK.map((m, k) => ({
      longest: betterPosition(m.longest, r.perK[k].longest, "longest"),
      dualFree: betterPosition(m.dualFree, r.perK[k].dualFree, "dualFree"),
      reach: betterPosition(m.reach, r.perK[k].reach, "reached"),
    }));
    const entry: DoneStart = {
      index: si,
      start: squareName(BOARD, sp.start),
      positions: r.starts[0].positions,
      leaves: r.leaves,
      cpuSeconds: cpu,
      engine,
    };
    let what = `start ${entry.start}`;
    if (!preset) run.done.push(entry);
    else {
      const pieces = (run.pieces ??= []);
      pieces.push({ ...entry, piece: pi, of, preset: { empty: names(BOARD, preset.empty), hurdles: names(BOARD, preset.hurdles) } });
      const mine = pieces.filter((p) => p.index === si);
      what += ` piece ${pi + 1} of ${of}`;
      if (new Set(mine.map((p) => p.piece)).size === units.walked[si]) {
        // Every piece of the start: together they are the start (lazy.ts opts.preset), summed into one entry; a
        // mirror piece counts the positions of the piece it mirrors (lazy.ts mirrorPresets).
        const mirrors = units.presets[si].flatMap((x) => x.mirrorOf !== undefined ? [mine.find((p) => p.piece === x.mirrorOf)!] : []);
        const counted = [...mine, ...mirrors];
        run.done.push({
          ...entry,
          positions: entry.positions.map((_, k) => counted.reduce((a, p) => a + p.positions[k], 0)),
          leaves: mine.reduce((a, p) => a + p.leaves, 0),
          cpuSeconds: Math.round(mine.reduce((a, p) => a + p.cpuSeconds, 0) * 100) / 100,
          engine: engineOf(mine),
          ...(mirrors.length > 0 ? { mirrored: mirrors.length } : {}),
        });
        run.pieces = pieces.filter((p) => p.index !== si);
        what += `, start ${entry.start} done`;
      }
    }
    const spent = [...run.done, ...(run.pieces ?? [])].reduce((a, d) => a + d.cpuSeconds, 0);
    const label = `${piece} up to ${top}: ${what} (${cpu} s CPU, ${r.leaves} leaves)`;
    return { label, note: `${Math.round(spent)} s CPU so far, rate and ETA in CPU time`, stop: ++ranHere === how.stopAfter };
  };
  const finishedUnits = (run: PartialRun): number[] => {
    const whole = new Set(run.done.map((d) => d.index));
    const part = new Set((run.pieces ?? []).map((p) => `${p.index}/${p.piece}`));
    return units.list.flatMap((x, u) => whole.has(x.si) || part.has(`${x.si}/${x.piece}`) ? [u] : []);
  };
  const run = runPieces({
    path: ppath,
    notJson: (why) => `partial run ${ppath} is not readable JSON (${why}): move it away to start over`,
    open,
    count: units.list.length,
    finished: finishedUnits,
    piece: proveUnit,
    unit: split > 0 ? "pieces" : "starts",
    quiet: how.quiet,
    // The rate is over every unit done, in every session (their CPU seconds are in the partial file).
    rate: (run) => ({
      fresh: finishedUnits(run).length,
      seconds: [...run.done, ...(run.pieces ?? [])].reduce((a, d) => a + d.cpuSeconds, 0),
    }),
  });
  // Stopped before the end (how.stopAfter): the partial file holds the progress, no certificate yet.
  if (run.done.length < space.length) return;
  run.done.sort((a, b) => a.index - b.index);
  const cpu = Math.round(run.done.reduce((a, d) => a + d.cpuSeconds, 0) * 100) / 100;
  const leaves = run.done.reduce((a, d) => a + d.leaves, 0);
  const pos = (p: HopperPosition | null, col: "longest" | "dualFree" | "reach") => {
    if (!p) return { start: "", hurdles: [], value: 0 };
    const value = col === "longest" ? p.longest : col === "dualFree" ? p.dualFree : p.reached;
    const target = col === "longest" ? p.longestTarget : col === "dualFree" ? p.dualFreeTarget : undefined;
    return {
      start: squareName(BOARD, p.start),
      hurdles: names(BOARD, p.hurdles),
      value,
      ...(target !== undefined ? { target: squareName(BOARD, target) } : {}),
    };
  };
  for (const k of missing) {
    const m = run.perK[k];
    const positions = run.done.reduce((a, d) => a + d.positions[k], 0);
    const cert: SerienZielCertificate = {
      format: "hopper-serienziel-exhaustive/1",
      piece,
      board: [8, 8],
      hurdles: k,
      statement: `every position of one ${piece} and ${k} dummy pawns on 8x8 up to symmetry` +
        (piece === "bishophopper" ? " (hurdles on the hopper's colour, the booklet's convention)" : "") +
        `: the maxima of the longest shortest path, of the longest unique shortest path and of the squares reached` +
        ` (decision tree over the squares the BFS looks at, solvers/hopper/lazy.ts${bound ? ", with its branch and bound" : ""}` +
        (run.onlyK !== undefined
          ? `, counting only k = ${top} with its ${
            bound ? "branch and bound" : "last-hurdle bound"
          }, seeded with the records' witnesses: ${leaves} leaves` +
            ` (starts run before with every k counted included); cpuSeconds is the tree's)`
          : `: ${leaves} leaves for k <= ${top}, shared by every k up to ${top}; cpuSeconds is the whole tree's)`) +
        (run.done.some((d) => d.mirrored)
          ? `; on the starts a reflection of the board fixes, of each pair of pieces that are mirror images one was walked` +
            ` and counted twice (lazy.ts mirrorPresets; "mirrored" per start)`
          : ""),
      starts: run.done.map((d) => ({ start: d.start, positions: d.positions[k], ...(d.mirrored ? { mirrored: d.mirrored } : {}) })),
      positions,
      longest: pos(m.longest, "longest"),
      dualFree: pos(m.dualFree, "dualFree"),
      reach: pos(m.reach, "reach"),
      // Starts done before the engine switch were walked by lazy.ts.
      engine: engineOf(run.done),
      codeVersion: codeVersion(),
      cpuSeconds: cpu,
      date: today(),
    };
    writeFileAtomic(certificatePath(piece, k, dir), JSON.stringify(SerienZielCertificate.parse(cert), null, 1) + "\n");
    if (!how.quiet) {
      console.error(
        `proved ${piece} h${k}: longest ${cert.longest.value}, dual-free ${cert.dualFree.value}, reach ${cert.reach.value} over ${positions} positions (tree for k <= ${top}: ${leaves} leaves, ${cpu} s CPU)`,
      );
    }
  }
  removeCheckpointFile(ppath);
}
