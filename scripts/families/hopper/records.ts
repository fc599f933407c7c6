/**
 * Build data/hopper/records.json: the booklet's hopper tables (SerienZiel by
 * number of hurdles, Marlow accessibility, Dawson tours) as claims, with our
 * own witnesses and proofs.
 *
 *   deno run -A scripts/families/hopper/records.ts [--prove K] [--prove-piece P=K] [--prove-bishop K] [--bound P] [--marlow K]
 *     [--split B [--no-mirror]] [--engine ts|wasm] [--generate SECONDS] [--anneal SECONDS [--beyond N]] [--force]
 *
 *   --prove K         combinatorial method (every position up to symmetry, by
 *                     the decision tree of solvers/hopper/lazy.ts: one tree
 *                     answers k = 1..K) for k = 1..K hurdles, all four
 *                     hoppers; a certificate per
 *                     (hopper, k) in data/hopper/proofs/ (skipped when present
 *                     unless --force). Default 0 (only reuse certificates).
 *   --prove-piece P=K the same for one hopper (repeatable), e.g.
 *                     --prove-piece nightriderhopper=8.
 *   --prove-bishop K  the same for the bishophopper up to K (its space is far
 *                     smaller: one colour).
 *                     Proofs run one start square at a time and keep their
 *                     progress in data/hopper/proofs/partial/: rerunning the
 *                     same command resumes. At most 22 hurdles (the table's rows).
 *                     When only the top k lacks its certificate, the tree
 *                     counts that k alone with lazy.ts's last-hurdle bound,
 *                     seeded with the records' witnesses (same maxima and
 *                     counts, fewer leaves); a partial run resumes whichever
 *                     of these modes wrote it.
 *   --bound P         proofs of hopper P with the branch and bound of lazy.ts
 *                     (repeatable), seeded with the witnesses of the records
 *                     file: same maxima and position counts, faster where the
 *                     bound bites (rookhopper; see bench/hopper.json).
 *   --split B         proofs run each start in B + 1 pieces (fewer where its
 *                     rays hold fewer hurdle squares): along the rays from
 *                     the start, ring by ring, B squares the BFS looks at;
 *                     piece j has the first j empty and the next a hurdle,
 *                     the last all B empty (lazy.ts splitPresets). Each piece
 *                     is saved when done, so an interruption loses at most the
 *                     piece in progress; the pieces of a start are summed into
 *                     it; a partial run keeps the split its started pieces
 *                     had. Default 0 (whole starts), at most 30. On a start
 *                     a reflection of the board fixes (a1, b2, c3, d4), the
 *                     squares go in mirror-image pairs and of two pieces that
 *                     are mirror images one is walked and counted twice
 *                     (lazy.ts mirrorPresets).
 *   --no-mirror       with --split: the plain pieces on every start (to resume
 *                     a partial run begun without mirror pieces).
 *   --engine E        who walks the proofs' tree: wasm (default), the
 *                     WebAssembly twin solvers/hopper/kernel.ts, or ts, lazy.ts
 *                     itself (the reference); the same counts, maxima and
 *                     witnesses (tests/hopper/hopper_kernel_test.ts). Certificates
 *                     record it; a resumed run may mix them per start.
 *   --marlow K        accessibility searches for k = 2..K hurdles: the claimed
 *                     value is looked for, and claim + 1 ruled out
 *                     exhaustively; certificates beside the others.
 *   --marlow-min      look for 11 hurdles reaching every square and rule out 10.
 *   --generate S      the generation method (beam) plus local search, S seconds
 *                     per hopper; better witnesses replace those in the file.
 *   --anneal S        simulated annealing (solvers/hopper/local.ts) on every
 *                     SerienZiel cell below its claim, both columns, seeded
 *                     from the cell's witness and its neighbours (k-1 plus a
 *                     hurdle, k+1 minus one); at most S seconds per cell and
 *                     sweep, two sweeps; also the Marlow rows without a
 *                     witness at their value and the 11-hurdle minimum.
 *   --beyond N        with --anneal: aim N moves above the claim in the cells
 *                     the booklet calls probable (default 0: stop at the claim).
 *   --budget S        time limit per Marlow/tour search (default 300).
 * Records keep their best witness across runs: a run only ever improves them.
 * The Dawson open tour (11 hurdles) takes its witness and notes from the finished
 * runs of `atlas prove hopper dawson-open` (prove.ts) in data/hopper/proofs/dawson/
 * (every start up to symmetry, 10 and 11 hurdles), each tour replayed first.
 */
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { choiceOption, intOption, parseArgs } from "../../lib/options.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import type { Square } from "../../../solvers/types.ts";
import { HOPPER_KINDS, type HopperKind } from "../../../solvers/pieces/hopper.ts";
import { type HopperRecord, HopperRecordFile } from "../../../solvers/hopper/schema.ts";
import { errorMessage, fail, headerUsage, writeFileAtomic } from "../../lib/cli.ts";
import { familyPaths, REFERENCE_TABLES, ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { BOARD, readJson, type Tables, today } from "./lib/booklet.ts";
import { ENGINES, proveSerienZiel } from "./lib/serienziel-proof.ts";
import { annealWitnesses, generateWitnesses } from "./lib/serienziel-witnesses.ts";
import { serienZielRecords } from "./lib/serienziel-records.ts";
import { marlowMinimumRecord, type MarlowOptions, marlowRecords } from "./lib/marlow.ts";
import { dawsonRecords } from "./lib/dawson-records.ts";

function main(args: string[]): void {
  let values;
  try {
    values = parseArgs({
      args: args,
      options: {
        prove: { type: "string" },
        "prove-bishop": { type: "string" },
        "prove-piece": { type: "string", multiple: true },
        marlow: { type: "string" },
        "marlow-min": { type: "boolean" },
        generate: { type: "string" },
        anneal: { type: "string" },
        beyond: { type: "string" },
        budget: { type: "string" },
        force: { type: "boolean" },
        bound: { type: "string", multiple: true },
        engine: { type: "string" },
        split: { type: "string" },
        "no-mirror": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail(`${errorMessage(e)} (see the comment at the top of scripts/families/hopper/records.ts)`);
  }
  if (values.help) {
    console.log(headerUsage(import.meta.url));
    return;
  }
  const proveTo = intOption("prove", values.prove, { min: 0 }) ?? 0;
  const proveBishopTo = intOption("prove-bishop", values["prove-bishop"], { min: 0 }) ?? proveTo;
  const marlowTo = intOption("marlow", values.marlow, { min: 0 }) ?? 0;
  const generateSeconds = intOption("generate", values.generate, { min: 0 }) ?? 0;
  const annealSeconds = intOption("anneal", values.anneal, { min: 0 }) ?? 0;
  const beyond = intOption("beyond", values.beyond, { min: 0 }) ?? 0;
  const budgetMs = (intOption("budget", values.budget, { min: 0 }) ?? 300) * 1000;
  const force = values.force ?? false;
  const engine = choiceOption("engine", values.engine, ENGINES) ?? "wasm";
  const split = intOption("split", values.split, { min: 0, max: 30 }) ?? 0;
  if (values["no-mirror"] && split === 0) fail("--no-mirror goes with --split B (B >= 1): whole starts have no pieces");
  const mirror = !values["no-mirror"];
  const provePiece = new Map<HopperKind, number>();
  for (const spec of values["prove-piece"] ?? []) {
    const m = /^([a-z]+)=(\d+)$/.exec(spec);
    if (!m || !(HOPPER_KINDS as readonly string[]).includes(m[1])) {
      fail(`--prove-piece expects HOPPER=K with HOPPER one of ${HOPPER_KINDS.join(", ")}, got "${spec}"`);
    }
    provePiece.set(m[1] as HopperKind, Number(m[2]));
  }
  const boundPieces = new Set<HopperKind>();
  for (const p of values.bound ?? []) {
    if (!(HOPPER_KINDS as readonly string[]).includes(p)) fail(`--bound expects a hopper (${HOPPER_KINDS.join(", ")}), got "${p}"`);
    boundPieces.add(p as HopperKind);
  }
  const proveLimit = (piece: HopperKind) => provePiece.get(piece) ?? (piece === "bishophopper" ? proveBishopTo : proveTo);
  // The table has rows up to 22 hurdles; the engine's cost per hopper is in bench/hopper.json (runs are resumable).
  for (const piece of HOPPER_KINDS) {
    if (proveLimit(piece) > 22) fail(`--prove for the ${piece}: the booklet's table stops at 22 hurdles, got ${proveLimit(piece)}`);
  }

  if (!existsSync(REFERENCE_TABLES)) fail(`cannot find the reference tables at ${REFERENCE_TABLES}`);
  const tables = readJson(REFERENCE_TABLES) as Tables;

  // Existing records: their witnesses are kept unless something better turns up.
  const old = new Map<string, HopperRecord>();
  if (existsSync(familyPaths("hopper").records)) {
    const parsed = HopperRecordFile.safeParse(readJson(familyPaths("hopper").records));
    if (parsed.success) { for (const r of parsed.data.records) old.set(r.id, r); }
    else console.error(`warning: ${familyPaths("hopper").records} does not match the schema; rebuilding it from scratch`);
  }

  for (const piece of HOPPER_KINDS) {
    // Seeds for the bounds: every witness of this hopper we hold (records and certificates), re-valued by lazy.ts.
    const bound = boundPieces.has(piece);
    const seeds: { start: Square; hurdles: Square[] }[] = [];
    for (const r of old.values()) {
      if (r.piece === piece && r.witness && r.kind !== "tour-open" && r.kind !== "tour-closed") {
        seeds.push({ start: parseSquare(BOARD, r.witness.start), hurdles: r.witness.hurdles.map((h) => parseSquare(BOARD, h)) });
      }
    }
    proveSerienZiel(piece, proveLimit(piece), force, bound, seeds, engine, { split, mirror });
  }

  const generated = generateWitnesses(generateSeconds);
  const annealed = annealWitnesses(annealSeconds, beyond, tables, old, generated);
  const marlow: MarlowOptions = { marlowTo, marlowMin: values["marlow-min"] ?? false, budgetMs, force, annealSeconds };
  const records: HopperRecord[] = [
    ...serienZielRecords(tables, old, generated, annealed, { generateSeconds, annealSeconds }),
    ...marlowRecords(tables, old, marlow),
    marlowMinimumRecord(old, marlow),
    ...dawsonRecords(old),
  ];

  const file: HopperRecordFile = {
    family: "hopper",
    description:
      "Hopper records on 8x8 over dummy pawns: SerienZiel by number of hurdles (Kotěšovec 2009, p. 59), grasshopper accessibility (Marlow type) and grasshopper tours of all free squares (Dawson type).",
    generated: { date: today(), codeVersion: codeVersion() },
    records,
  };
  writeFileAtomic(familyPaths("hopper").records, JSON.stringify(HopperRecordFile.parse(file), null, 1) + "\n");
  const reached = records.filter((r) => r.established.regenerated).length;
  console.error(
    `wrote ${records.length} records (${reached} with our witness at the claimed value or better) to ${
      relative(ROOT, familyPaths("hopper").records)
    }`,
  );
}

export function run(args: string[]): void {
  main(args);
}
