/**
 * Locust capture sequences (data/locust/records.json): every witness replayed
 * move by move, its complete sequences counted exactly (capped at 2), closure
 * checked, and each maximality argument re-checked: certificates re-hashed,
 * exhaustive generations rerun (seconds), bounds recomputed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { lineTable, type LocustKind } from "../../../solvers/pieces/locust.ts";
import { countCaptureSequences, replaySequence } from "../../../solvers/locust/capture.ts";
import { generateLevels, type GenerationResult } from "../../../solvers/locust/generate.ts";
import { checkLocustCertificate } from "../../../solvers/locust/certificate.ts";
import { fitsPrinted, keepSmallLevels } from "../../../solvers/locust/reconstruct.ts";
import { type LocustRecord, LocustRecordFile } from "../../../solvers/locust/schema.ts";
import type { CheckResult } from "../../../solvers/records/common.ts";
import { errorMessage } from "../../lib/cli.ts";
import { familyPaths, REFERENCE_WITNESSES, ROOT } from "../../lib/paths.ts";
import { shardFileHashes } from "../../lib/sharded-run.ts";
import { checkEach, type FamilyVerifier, readRecordFile } from "../types.ts";

export function loadLocustRecords(path: string): LocustRecord[] {
  return readRecordFile(path, LocustRecordFile, "locust records").records;
}

/** Upper bound of the rook-locust on an even n×n board (booklet line 4449), from the two lemmas. */
export function rookLocustBound(n: number): number {
  const edge = 4 * Math.ceil((n - 2) / 2);
  const blocks = ((n - 2) / 2) ** 2;
  return edge + 3 * blocks;
}

type Generation = GenerationResult & { positions: Map<number, { start: number; men: number[] }[]> };
const generationCache = new Map<string, Generation>();
/** An exhaustive generation (cached), with the positions of its top levels (those of at most 5,000 positions). */
function generation(kind: LocustKind, mode: "any" | "dual-free", dims: number[]): Generation {
  const key = `${kind}/${mode}/${dims.join("x")}`;
  let g = generationCache.get(key);
  if (!g) {
    const kept = keepSmallLevels();
    const res = generateLevels(lineTable(makeBoard(dims), kind), { mode, onLevel: kept.onLevel, onPosition: kept.onPosition });
    generationCache.set(key, g = { ...res, positions: kept.byMen });
  }
  return g;
}

/** What the reference transcription (data/reference/witnesses.json) holds of a published locust record. */
interface PrintedRecord {
  id: string;
  piece: string;
  claimedLength: number;
  start: string;
  firstMove: { capture: string; land: string };
  lastMove: { capture: string; land: string };
  printedSolutionSeedLine?: number;
}
let printed: Map<string, PrintedRecord> | undefined;
function printedRecord(id: string): PrintedRecord | undefined {
  printed ??= new Map(
    (JSON.parse(readFileSync(REFERENCE_WITNESSES, "utf8")) as PrintedRecord[]).filter((x) => x.firstMove && x.lastMove).map((
      x,
    ) => [x.id, x]),
  );
  return printed.get(id);
}

/**
 * A witness credited to a publication whose diagram is not legible (origin "published" with a `reference`):
 * it must be what the reference transcription says is printed (piece, number of men, start, first and last
 * capture, the citation's line), and where the row is decided by exhaustive generation, the one generated
 * dual-free position that fits those facts (solvers/locust/reconstruct.ts), in the printed orientation.
 */
function publishedWitnessErrors(
  r: LocustRecord,
  t: ReturnType<typeof lineTable>,
  pos: { start: number; men: number[] },
  captured: number[],
  landed: number[],
): string[] {
  const w = r.witness!;
  if (w.origin !== "published") return [];
  if (!w.citation) return ["witness: a published witness needs its citation"];
  if (!w.reference) return [];
  const p = printedRecord(w.reference);
  if (!p) return [`witness: ${w.reference} is not a published locust record of the reference transcription`];
  const errors: string[] = [];
  const board = t.board;
  const q = (s: string) => parseSquare(board, s);
  if (p.piece !== r.piece.locust) errors.push(`witness: ${p.id} is a ${p.piece} record, this is a ${r.piece.locust}`);
  if (p.claimedLength !== pos.men.length) errors.push(`witness: ${p.id} has ${p.claimedLength} men, the witness ${pos.men.length}`);
  if (w.citation.source?.line !== p.printedSolutionSeedLine) {
    errors.push(`witness: the citation's line ${w.citation.source?.line} is not ${p.id}'s line ${p.printedSolutionSeedLine}`);
  }
  const n = captured.length;
  const facts = {
    start: q(p.start),
    first: [q(p.firstMove.capture), q(p.firstMove.land)],
    last: [q(p.lastMove.capture), q(p.lastMove.land)],
  } as const;
  const fits = pos.start === facts.start && n > 0 && captured[0] === facts.first[0] && landed[0] === facts.first[1] &&
    captured[n - 1] === facts.last[0] && landed[n - 1] === facts.last[1];
  if (!fits) {
    errors.push(
      `witness: ${p.id} prints the start ${p.start}, the first capture ${p.firstMove.capture}-${p.firstMove.land} and the last ${p.lastMove.capture}-${p.lastMove.land}; the witness does not`,
    );
  }
  if (errors.length === 0 && r.established.maximality.status === "proven-by-generation") {
    const g = generation(r.piece.locust, "dual-free", r.board);
    const level = g.positions.get(pos.men.length);
    if (!level) errors.push(`witness: the generation keeps no level of ${pos.men.length} men to read ${p.id} back from`);
    else {
      const found = fitsPrinted(t, level, facts);
      const same = found.length === 1 && found[0].start === pos.start && found[0].men.join() === [...pos.men].sort((a, b) => a - b).join();
      if (!same) {
        errors.push(
          `witness: of the generated dual-free positions of ${pos.men.length} men, ${found.length} fit what ${p.id} prints` +
            (found.length === 1 ? ", and it is not the witness" : "; the published position is not read back uniquely"),
        );
      }
    }
  }
  return errors;
}

export function checkLocustRecord(r: LocustRecord, root = ROOT): CheckResult {
  const t0 = performance.now();
  const errors: string[] = [];
  const board = makeBoard(r.board);
  const t = lineTable(board, r.piece.locust);
  let legal: boolean | null = null, lengthMatches: boolean | null = null, solutions: number | null = null, unique: boolean | null = null;
  let nodes = 0;
  const w = r.witness;
  if (w) {
    try {
      const start = parseSquare(board, w.start);
      const men = w.men.map((m) => parseSquare(board, m));
      const seq = w.sequence.map((m) => parseSquare(board, m));
      const pos = { table: t, start, men };
      const replay = replaySequence(pos, seq);
      if ("error" in replay) {
        legal = false;
        errors.push(`witness: ${replay.error}`);
      } else {
        const all = new Set(men);
        legal = replay.captured.length === men.length && replay.captured.every((c) => all.has(c));
        if (!legal) errors.push(`witness: the sequence captures ${replay.captured.length} of ${men.length} men`);
        else errors.push(...publishedWitnessErrors(r, t, pos, replay.captured, seq));
      }
      if (r.kind === "dual-free-closed" && seq.length > 0 && seq[seq.length - 1] !== start) {
        errors.push("witness: the sequence does not return to the start square");
      }
      const value = r.established.regenerated?.value ?? r.claim?.value ?? men.length;
      lengthMatches = men.length === (r.claim?.value ?? value);
      if (!lengthMatches) errors.push(`witness has ${men.length} men, the claim is ${r.claim?.value}`);
      const c = countCaptureSequences(pos, { limit: 2 });
      nodes += c.nodes;
      solutions = c.count;
      unique = c.count === 1;
      if (r.kind !== "longest" && !unique) {
        errors.push(`witness has ${c.count >= 2 ? "2 or more" : "no"} complete capture sequences, a dual-free record needs exactly one`);
      }
      if (r.kind === "longest" && c.count === 0) errors.push("witness has no complete capture sequence");
    } catch (e) {
      legal = false;
      errors.push(`witness: ${errorMessage(e)}`);
    }
  }
  const m = r.established.maximality;
  let maximality: CheckResult["maximality"] = r.claim?.status === "example" ? "not-applicable" : "cited";
  let maximalityArgument: string | undefined;
  const value = r.claim?.value ?? r.established.regenerated?.value ?? 0;
  if (m.status === "proven-here") {
    const path = join(root, m.certificate);
    if (!existsSync(path)) errors.push(`certificate ${m.certificate} missing`);
    else {
      const json = JSON.parse(readFileSync(path, "utf8"));
      const hashes = shardFileHashes(dirname(path));
      const kind = r.piece.locust;
      if (kind !== "locust" && kind !== "rook-locust") errors.push("edge certificates exist for the locust and rook-locust only");
      else {
        const mode = json?.mode === "closed-unique" ? "closed-unique" : "exists";
        if (mode === "closed-unique" && r.kind !== "dual-free-closed") {
          errors.push("a closed-unique certificate proves only the closed column");
        }
        errors.push(...checkLocustCertificate(json, { kind, mode, n: r.board[0], men: value + 1 }, hashes).map((e) => `certificate: ${e}`));
      }
    }
    maximality = "proven-here";
    maximalityArgument = m.argument;
  } else if (m.status === "proven-by-generation") {
    const g = generation(r.piece.locust, m.mode, r.board);
    const top = r.kind === "dual-free-closed"
      ? ([...g.levels].reverse().find((l) => l.closed > 0)?.men ?? 0)
      : g.levels[g.levels.length - 1].men;
    if (!g.complete) errors.push("generation did not finish");
    if (top !== value) errors.push(`exhaustive generation gives ${top}, the record says ${value}`);
    if ((r.kind === "longest") !== (m.mode === "any")) errors.push(`generation mode ${m.mode} does not decide the ${r.kind} column`);
    maximality = "proven-here";
    maximalityArgument = m.argument;
  } else if (m.status === "by-construction") {
    if (r.piece.locust !== "rook-locust" || r.board.length !== 2 || r.board[0] !== r.board[1]) {
      errors.push("the bound argument is the rook-locust's on a square board");
    } else if (rookLocustBound(r.board[0]) !== m.bound) {
      errors.push(`bound recomputed as ${rookLocustBound(r.board[0])}, record says ${m.bound}`);
    }
    if (m.bound !== value) errors.push(`bound ${m.bound} is not attained by the value ${value}`);
    if (!w) errors.push("a bound proves a record only with a witness attaining it");
    maximality = "by-construction";
    maximalityArgument = m.argument;
  }
  const regenerated = !!r.established.regenerated && !!r.claim && r.established.regenerated.value >= r.claim.value && !!w;
  const ok = errors.length === 0;
  const status: CheckResult["status"] = !ok
    ? "failed"
    : !w
    ? "pending"
    : maximality === "proven-here"
    ? "proven-here"
    : regenerated
    ? "regenerated"
    : "verified";
  return {
    id: r.id,
    family: "locust",
    kind: r.kind,
    board: r.board,
    regenerated,
    ok,
    legal,
    lengthMatches,
    solutions,
    unique,
    access: null,
    nodes,
    milliseconds: performance.now() - t0,
    errors,
    maximality,
    maximalityArgument,
    status,
  };
}

export const locustFamily: FamilyVerifier = {
  family: "locust",
  files: [familyPaths("locust").records],
  verify(options) {
    return checkEach((options.files ?? this.files).flatMap(loadLocustRecords), options, checkLocustRecord);
  },
};
