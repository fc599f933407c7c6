/**
 * Domination tables: gamma, a minimum set, the number of minimum sets and of
 * classes up to symmetry, with a certificate per cell, for queen, rook,
 * bishop, king and knight on n×n boards and for queen and rook on cubes, in
 * four kinds (dominating, independent, total, connected). Writes
 * data/domination/table.json atomically after every cell (complete: false
 * until the last one), and one progress line per cell on stderr.
 *
 *   deno run -A scripts/families/domination/records.ts [--quick] [--only PIECE] [--kinds k1,k2] [--max-n N]
 *       [--decision-nodes N] [--count-nodes N] [--no-count] [--out FILE]
 *
 * The table also answers the article's rook question (which placements of n
 * rooks fail to dominate n×n; solvers/domination/rook-placements.ts): counts
 * from the closed forms for n <= 12, checked by brute force for n <= 7.
 *
 * Each search run has a node budget; a cell whose budget runs out is written
 * with status "undecided" (or count null with the reason) rather than stalling
 * the table.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { intOption, listOption, parseArgs } from "../../lib/options.ts";
import { boardName, makeBoard } from "../../../solvers/board/board.ts";
import { solveDomination } from "../../../solvers/domination/solve.ts";
import { makeCertificate, verifyCertificate } from "../../../solvers/domination/certificate.ts";
import { type DominationRecord, DominationTable } from "../../../solvers/domination/schema.ts";
import { DOMINATION_PIECES, type DominationPieceName, parseDominationPiece } from "../../../solvers/domination/pieces.ts";
import {
  DOMINATION_KINDS,
  type DominationKind,
  isDominationKind,
  KIND_DEFINITIONS,
  KIND_ID_PREFIX,
} from "../../../solvers/domination/types.ts";
import { classesClaim, countClaim, gammaClaim } from "../../../solvers/domination/claims.ts";
import { rookDominatingPlacements } from "../../../solvers/domination/formulas.ts";
import { rookPlacementsNote } from "../../../solvers/domination/rook-placements.ts";
import { buildDominationGraph } from "../../../solvers/domination/graph.ts";
import { dominationPiece } from "../../../solvers/domination/pieces.ts";
import { errorMessage, fail, headerUsage, writeFileAtomic } from "../../lib/cli.ts";
import { codeVersion } from "../../lib/version.ts";
import { familyPaths } from "../../lib/paths.ts";

export interface CellSpec {
  piece: DominationPieceName;
  kind: DominationKind;
  dims: number[];
  count: boolean;
}

/** Largest n per piece and kind of the full table (n×n boards). */
const FULL_RANGE: Record<DominationPieceName, Record<DominationKind, number>> = {
  queen: { dominating: 13, independent: 13, total: 12, connected: 12 },
  rook: { dominating: 10, independent: 10, total: 10, connected: 10 },
  // Bishops: the attack graph has two colour classes, so connected sets never dominate (instant "none").
  bishop: { dominating: 10, independent: 10, total: 10, connected: 10 },
  // Connected domination has no bound of its own in the search; beyond these n it runs out of budget.
  king: { dominating: 10, independent: 10, total: 10, connected: 7 },
  knight: { dominating: 10, independent: 10, total: 10, connected: 8 },
};
const CUBES = [[2, 2, 2], [3, 3, 3], [4, 4, 4]];
const CUBE_PIECES: DominationPieceName[] = ["queen", "rook"];

export function planCells(
  opts: { quick?: boolean; only?: DominationPieceName; kinds?: DominationKind[]; maxN?: number; count?: boolean },
): CellSpec[] {
  const cells: CellSpec[] = [];
  const kinds = opts.kinds ?? [...DOMINATION_KINDS];
  const count = opts.count !== false;
  const pieces = opts.only ? [opts.only] : [...DOMINATION_PIECES];
  for (const piece of pieces) {
    for (const kind of kinds) {
      let top = FULL_RANGE[piece][kind];
      if (opts.quick) top = Math.min(top, 6);
      if (opts.maxN !== undefined) top = Math.min(top, opts.maxN);
      for (let n = 1; n <= top; n++) cells.push({ piece, kind, dims: [n, n], count });
    }
  }
  for (const piece of CUBE_PIECES) {
    if (opts.only && opts.only !== piece) continue;
    for (const kind of kinds) {
      for (const dims of CUBES) {
        if (opts.quick && dims[0] > 3) continue;
        if (opts.maxN !== undefined && dims[0] > opts.maxN) continue;
        cells.push({ piece, kind, dims, count });
      }
    }
  }
  return cells;
}

export function cellId(c: { piece: DominationPieceName; kind: DominationKind; dims: readonly number[] }): string {
  return `${KIND_ID_PREFIX[c.kind]}-${c.piece}-${c.dims.join("x")}`;
}

/** Most minimum sets the table enumerates when a formula tells the count in advance. */
const MAX_ENUMERATED = 100_000_000n;

export function computeCell(cell: CellSpec, budgets: { decision: number; count: number }, version: string): DominationRecord {
  const board = makeBoard(cell.dims);
  const notes: string[] = [];
  let count = cell.count;
  const square = cell.dims.length === 2 && cell.dims[0] === cell.dims[1];
  if (count && cell.piece === "rook" && (cell.kind === "dominating" || cell.kind === "connected") && square) {
    // The connected count walks through the minimum dominating sets too (gamma_c = gamma = n for rooks).
    const sets = rookDominatingPlacements(cell.dims[0]);
    if (sets > MAX_ENUMERATED) {
      count = false;
      notes.push(
        cell.kind === "dominating"
          ? `count not enumerated: by the rows-or-columns characterisation (solvers/domination/formulas.ts) there are 2n^n - n! = ${sets} minimum sets`
          : `count not enumerated: the search would walk through the 2n^n - n! = ${sets} minimum dominating sets`,
      );
    }
  }
  const graph = buildDominationGraph(board, dominationPiece(cell.piece));
  const result = solveDomination({
    board,
    piece: cell.piece,
    kind: cell.kind,
    graph,
    maxNodes: budgets.decision,
    countMaxNodes: budgets.count,
    count,
  });
  const cert = makeCertificate(result, board, version, count);
  const check = verifyCertificate(cert);
  if (!check.ok) throw new Error(`certificate of ${cellId(cell)} does not verify: ${check.problems.join("; ")}`);
  const claim = gammaClaim(cell.piece, cell.kind, cell.dims);
  const cClaim = countClaim(cell.piece, cell.kind, cell.dims);
  const kClaim = classesClaim(cell.piece, cell.kind, cell.dims);
  const classesAgree = kClaim === null || result.classes === null ? null : result.classes === kClaim.value;
  const agrees = claim === null || result.status === "undecided"
    ? null
    : claim.bound === "exact"
    ? result.gamma === claim.value
    : result.gamma !== null && result.gamma <= claim.value;
  let countAgrees: boolean | null = null;
  if (cClaim !== null) {
    if (result.status === "none") countAgrees = cClaim.value === 0;
    else if (result.count !== null) countAgrees = result.count === cClaim.value;
  }
  if (result.status === "none" && result.reason) notes.push(result.reason);
  if (result.countNote) notes.push(result.countNote);
  return {
    id: cellId(cell),
    family: "domination",
    kind: cell.kind,
    piece: cell.piece,
    board: [...cell.dims],
    definition: KIND_DEFINITIONS[cell.kind],
    claim,
    countClaim: cClaim,
    classesClaim: kClaim,
    witness: cert.witness,
    established: {
      status: result.status,
      gamma: result.gamma,
      lower: result.lower,
      upper: result.upper,
      count: result.count,
      classes: result.classes,
      agreesWithClaim: agrees,
      countAgreesWithClaim: countAgrees,
      classesAgreeWithClaim: classesAgree,
      certificate: cert,
    },
    ...(notes.length > 0 ? { notes } : {}),
  };
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.floor(seconds % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

export function run(args: string[]): void {
  let values;
  try {
    values = parseArgs({
      args: args,
      options: {
        quick: { type: "boolean" },
        only: { type: "string" },
        kinds: { type: "string" },
        "max-n": { type: "string" },
        "decision-nodes": { type: "string" },
        "count-nodes": { type: "string" },
        "no-count": { type: "boolean" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail(errorMessage(e));
  }
  if (values.help) {
    console.log(headerUsage(import.meta.url));
    Deno.exit(0);
  }
  let only: DominationPieceName | undefined;
  if (values.only !== undefined) {
    try {
      only = parseDominationPiece(values.only);
    } catch (e) {
      fail(errorMessage(e));
    }
  }
  let kinds: DominationKind[] | undefined;
  if (values.kinds !== undefined) {
    kinds = [];
    for (const k of listOption("kinds", values.kinds)) {
      const t = k.trim();
      if (!isDominationKind(t)) fail(`unknown kind "${t}": expected ${DOMINATION_KINDS.join(", ")}`);
      kinds.push(t);
    }
  }
  const maxN = intOption("max-n", values["max-n"], { min: 1 });
  const budgets = {
    decision: intOption("decision-nodes", values["decision-nodes"], { min: 1 }) ?? 100_000_000,
    count: intOption("count-nodes", values["count-nodes"], { min: 1 }) ?? 30_000_000,
  };
  const out = values.out ?? familyPaths("domination").records;
  const cells = planCells({ quick: values.quick, only, kinds, maxN, count: !values["no-count"] });
  const version = codeVersion();
  const records: DominationRecord[] = [];
  const t0 = performance.now();
  // The article's rook question: closed forms up to 12x12, brute force over every placement up to 7x7 (86 million, about 2 s).
  const rookPlacements = rookPlacementsNote({ formulaMaxN: 12, bruteMaxN: values.quick ? 5 : 7, codeVersion: version });
  try {
    mkdirSync(dirname(out), { recursive: true });
  } catch (e) {
    fail(`cannot create ${dirname(out)}: ${errorMessage(e)}`);
  }
  const write = (complete: boolean) => {
    const table = DominationTable.parse({
      family: "domination",
      description:
        "Domination of boards by one kind of piece. Attacks are taken on the empty board (blocking ignored, as in Brešar, Presek 1999). " +
        "gamma: fewest pieces so that every square is occupied or attacked; independent: no piece attacks another; total: every square, " +
        "occupied ones included, is attacked; connected: the pieces' attack graph is connected. count: number of minimum sets; classes: " +
        "up to the board's symmetries. Each cell carries the certificate of the exhaustive run proving gamma-1 impossible.",
      generated: {
        date: new Date().toISOString(),
        codeVersion: version,
        seconds: Math.round((performance.now() - t0) / 10) / 100,
        complete,
      },
      records,
      rookPlacements,
    });
    writeFileAtomic(out, JSON.stringify(table, null, 1) + "\n");
  };
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const label = `${cell.piece} ${boardName(makeBoard(cell.dims))} ${cell.kind}`;
    const elapsed = (performance.now() - t0) / 1000;
    Deno.stderr.writeSync(
      new TextEncoder().encode(`[${String(i + 1).padStart(3)}/${cells.length}] ${label} ... (elapsed ${clock(elapsed)})\r`),
    );
    let rec: DominationRecord;
    try {
      rec = computeCell(cell, budgets, version);
    } catch (e) {
      fail(`${label}: ${errorMessage(e)}`, 1);
    }
    records.push(rec);
    write(false);
    const e = rec.established;
    const what = e.status === "solved"
      ? `gamma=${e.gamma}${
        e.count !== null ? ` count=${e.count} classes=${e.classes}` : e.certificate.count !== null ? " count not finished" : ""
      }`
      : e.status === "none"
      ? "no set"
      : `undecided ${e.lower}..${e.upper}`;
    const flag = e.agreesWithClaim === false || e.countAgreesWithClaim === false || e.classesAgreeWithClaim === false
      ? "  DISAGREES WITH CLAIM"
      : "";
    Deno.stderr.writeSync(
      new TextEncoder().encode(
        `[${String(i + 1).padStart(3)}/${cells.length}] ${label}: ${what} (${e.certificate.seconds.toFixed(2)}s, elapsed ${
          clock((performance.now() - t0) / 1000)
        })${flag}\n`,
      ),
    );
  }
  write(true);
  const solved = records.filter((r) => r.established.status === "solved").length;
  const disagreements = records.filter((r) => r.established.agreesWithClaim === false || r.established.countAgreesWithClaim === false).map((
    r,
  ) => r.id);
  console.log(`${records.length} cells (${solved} solved) written to ${out} in ${clock((performance.now() - t0) / 1000)}`);
  if (disagreements.length > 0) console.log(`disagreements with claims: ${disagreements.join(", ")}`);
}
