/**
 * data/locust/records.json from what is known: each cell's claim, the witness
 * hits, and the exhaustive edge-method and scan certificates under
 * data/locust/proofs/ (buildRecords).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { LocustShard } from "../../../../solvers/locust/certificate.ts";
import { join, relative } from "node:path";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { squareName } from "../../../../solvers/board/squares.ts";
import { lineTable, type LocustKind } from "../../../../solvers/pieces/locust.ts";
import { generateLevels } from "../../../../solvers/locust/generate.ts";
import { findCaptureSequence } from "../../../../solvers/locust/capture.ts";
import type { LocustRecord, LocustRecordFile } from "../../../../solvers/locust/schema.ts";
import { BOOKLET_FILE, familyPaths, ROOT } from "../../../lib/paths.ts";
import { edgeRunNote, missNote } from "./notes.ts";
import { BOOKLET, Hit, hitFor, KINDS, PUBLISHED, TABLE } from "./published.ts";
import { creditFor, publishedValue } from "./credit.ts";
import { keepSmallLevels } from "../../../../solvers/locust/reconstruct.ts";

export interface EdgeRunSummary {
  certificate: string | null;
  shards: number;
  of: number;
  hits: Hit[];
  total: number;
  placements: number;
  tested: number;
  cpuSeconds: number;
  withSequence: number;
  unique: number;
  closedUnique: number;
}

/**
 * An edge-method closed-unique run: its merged certificate if there is one,
 * how many shards are done, and its by-products as hits (a position with a
 * complete sequence is a longest witness, one with exactly one a dual-free
 * witness, a hit a closed dual-free one; the shard files keep the first of
 * each). `cells` names the cell each by-product fills (none: not taken).
 */
/** How a record names a run's certificate: its path from the project root. */
const certificateRef = (name: string) => join(relative(ROOT, familyPaths("locust").proofs), name, "certificate.json");

export function edgeRun(
  proofsRoot: string,
  name: string,
  cells: { sequence?: string; unique?: string; hit?: string },
  label: string,
  run = "closed-unique proof",
  defaultShards = 256,
): EdgeRunSummary {
  const dir = join(proofsRoot, name);
  const out: EdgeRunSummary = {
    certificate: null,
    shards: 0,
    of: defaultShards,
    hits: [],
    total: 0,
    placements: 0,
    tested: 0,
    cpuSeconds: 0,
    withSequence: 0,
    unique: 0,
    closedUnique: 0,
  };
  if (!existsSync(dir)) return out;
  const all = readdirSync(dir).filter((f) => /^shard-\d+-of-\d+\.json$/.test(f));
  const of = Math.max(0, ...all.map((f) => Number(f.match(/-of-(\d+)/)![1])));
  const files = all.filter((f) => f.endsWith(`-of-${of}.json`)).sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)));
  const add = (
    cell: string | undefined,
    found: { start: number; men: number[] } | null | undefined,
    method: string,
    seconds: number,
    date: string,
  ) => {
    if (cell && found && !out.hits.some((h) => h.cell === cell)) {
      out.hits.push({ cell, start: found.start, men: found.men, method, seconds, date });
    }
  };
  for (const f of files) {
    const shard = LocustShard.parse(JSON.parse(readFileSync(join(dir, f), "utf8")));
    const bp = shard.byProducts;
    const date = shard.finishedAt.slice(0, 10);
    const method = `${label} (${run}, shard ${shard.shard.index}/${of}), found on the way`;
    add(cells.hit, shard.firstHit, method, shard.cpuSeconds, date);
    add(cells.unique, bp?.firstUnique, method, shard.cpuSeconds, date);
    add(cells.sequence, bp?.firstSequence, method, shard.cpuSeconds, date);
    out.total = shard.total;
    out.placements += shard.counts.placements;
    out.tested += shard.counts.tested;
    out.cpuSeconds += shard.cpuSeconds;
    out.withSequence += bp?.withSequence ?? 0;
    out.unique += bp?.unique ?? 0;
    out.closedUnique += shard.counts.hits;
  }
  const cert = join(dir, "certificate.json");
  return {
    ...out,
    certificate: existsSync(cert) ? certificateRef(name) : null,
    shards: files.length,
    of: of || defaultShards,
  };
}

/** The rook-locust closed-unique proof run (256 shards): its by-products are the longest and dual-free witnesses of the row. */
function rookLocustRun(proofsRoot: string): EdgeRunSummary {
  return edgeRun(proofsRoot, "rook-locust-closed-unique-8x8-39", {
    unique: "rook-locust-8x8-dual-free",
    sequence: "rook-locust-8x8-longest",
  }, "edge-method scan of the rook-locust 39 space");
}

/**
 * The locust 45 run: the edge space of 45 men (every placement the corner and
 * edge lemmas allow, every empty start) in closed-unique mode, a generator of
 * every dual-free and closed dual-free 45 (edge-space.ts).
 */
function locust45Run(proofsRoot: string): EdgeRunSummary {
  return edgeRun(
    proofsRoot,
    "locust-closed-unique-8x8-45",
    { unique: "locust-8x8-dual-free", hit: "locust-8x8-dual-free-closed" },
    "edge-method run over the locust 45 space (every placement of 45 men the corner and edge lemmas allow, every empty start)",
    "closed-unique run",
  );
}

/** Both generations of a row, with the dual-free positions of the top levels (for reading published positions back, credit.ts). */
export function generation(kind: LocustKind) {
  const t = lineTable(makeBoard([8, 8]), kind);
  const any = generateLevels(t, { mode: "any" });
  const kept = keepSmallLevels();
  const df = generateLevels(t, { mode: "dual-free", onLevel: kept.onLevel, onPosition: kept.onPosition });
  return { any, df, dfPositions: kept.byMen };
}

function witnessOf(kind: LocustKind, start: number, men: number[], closed: boolean, method: string, seconds: number, date: string) {
  const board = makeBoard([8, 8]);
  const t = lineTable(board, kind);
  const seq = findCaptureSequence({ table: t, start, men }, closed);
  if (!seq) throw new Error(`no complete sequence for a generated ${kind} position`);
  return {
    start: squareName(board, start),
    men: men.map((m) => squareName(board, m)),
    sequence: seq.landed.map((s) => squareName(board, s)),
    origin: "generated" as const,
    generatedBy: { method, seconds: Math.round(seconds * 1000) / 1000, date },
  };
}

export function buildRecords(hits: Hit[], proofsRoot = familyPaths("locust").proofs): LocustRecordFile {
  const date = new Date().toISOString().slice(0, 10);
  const records: LocustRecord[] = [];
  const no46 = certificateRef("locust-exists-8x8-46");
  const no46Exists = existsSync(join(proofsRoot, "locust-exists-8x8-46", "certificate.json"));
  const rl = rookLocustRun(proofsRoot);
  const l45 = locust45Run(proofsRoot);
  hits = [...rl.hits, ...l45.hits, ...hits];
  for (const kind of Object.keys(TABLE) as LocustKind[]) {
    const row = TABLE[kind];
    const gen = kind === "bishop-locust" || kind === "nightrider-locust" ? generation(kind) : null;
    KINDS.forEach((k, col) => {
      const id = `${kind}-8x8-${k}`;
      const value = row.values[col];
      const rec: LocustRecord = {
        id,
        family: "locust",
        kind: k,
        piece: { type: "locust", locust: kind },
        board: [8, 8],
        cell: id,
        tableCell: true,
        claim: {
          ...BOOKLET,
          source: { file: BOOKLET_FILE, line: row.line },
          value,
          status: "absolute",
          note: "the booklet calls every value of this table absolute (lines 4320-4321)",
        },
        witness: null,
        established: { regenerated: null, maximality: { status: "cited" } },
        notes: [],
      };
      const pub = PUBLISHED[id]?.find((p) => publishedValue(p) === value);
      if (pub) {
        rec.published = {
          reference: pub.reference,
          caption: pub.caption,
          start: pub.start,
          firstMove: { capture: pub.first[0], land: pub.first[1] },
          lastMove: { capture: pub.last[0], land: pub.last[1] },
          citation: {
            author: BOOKLET.author,
            publication: pub.publication,
            year: pub.year,
            source: { file: BOOKLET_FILE, line: pub.line },
          },
        };
      }
      if (gen) {
        const res = k === "longest" ? gen.any : gen.df;
        const level = res.levels[res.levels.length - 1].men;
        const closedLevel = [...gen.df.levels].reverse().find((l) => l.closed > 0)?.men ?? 0;
        const ours = k === "dual-free-closed" ? closedLevel : level;
        const rep = k === "dual-free-closed" ? gen.df.lastClosed : res.last;
        const method = `exhaustive generation by adding captured men (solvers/locust/generate.ts, mode ${
          k === "longest" ? "any" : "dual-free"
        })`;
        if (rep) rec.witness = witnessOf(kind, rep.start, rep.men, k === "dual-free-closed", method, res.seconds, date);
        // the booklet's position, when it prints the very position our generation chose
        const credit = rec.witness && creditFor(kind, k, rec.witness, gen.dfPositions);
        if (credit) {
          rec.witness = credit.witness;
          rec.notes!.push(credit.note);
        }
        rec.established = {
          regenerated: { value: ours, method, seconds: res.seconds, date },
          maximality: {
            status: "proven-by-generation",
            mode: k === "longest" ? "any" : "dual-free",
            argument:
              "every position with a complete (resp. exactly one) capture sequence of k+1 men arises from one of k men by adding the first capture; " +
              "generating all of them level by level from the bare locust is exhaustive, and no level beyond this value is nonempty",
          },
        };
      } else {
        const hit = hitFor(hits, kind, k, value);
        // what was searched in vain matters only while the cell has no witness
        if (!hit) {
          for (const miss of hits.filter((h) => h.cell === id && h.men.length === 0 && h.searched)) rec.notes!.push(missNote(miss));
        }
        if (!hit && kind === "locust" && k !== "longest" && l45.shards > 0) rec.notes!.push(edgeRunNote(l45, k));
        if (hit) {
          rec.witness = witnessOf(kind, hit.start, hit.men, k === "dual-free-closed", hit.method, hit.seconds, hit.date);
          rec.established.regenerated = { value: hit.men.length, method: hit.method, seconds: hit.seconds, date: hit.date };
        }
        if (kind === "locust" && no46Exists) {
          rec.established.maximality = {
            status: "proven-here",
            certificate: no46,
            argument:
              "no position with 46 men has a complete capture sequence (edge method, certificate); by monotonicity none with more men has one, " +
              "and every dual-free or closed sequence is a complete one",
          };
        }
        if (kind === "rook-locust" && k !== "dual-free-closed" && rec.witness) {
          rec.established.maximality = {
            status: "by-construction",
            bound: 39,
            argument:
              "upper bound (n-2)(3n+2)/4 = 39 (line 4449): at most 3 men per edge (no two neighbours, corners empty) and at most 3 in each of the " +
              "nine 2x2 squares of the interior (no full 2x2 square), so 12 + 27",
          };
        }
        if (kind === "rook-locust" && k === "dual-free-closed") {
          rec.established.maximality = rl.certificate
            ? {
              status: "proven-here",
              certificate: rl.certificate,
              argument:
                "no position with 39 men has exactly one complete capture sequence returning to its start (edge method, certificate); " +
                "39 is the most men any rook-locust sequence captures (bound (n-2)(3n+2)/4), so no closed dual-free record exceeds 38",
            }
            : {
              status: "cited",
              projection:
                "proof that no closed dual-free 39 exists = every placement of the 67,108,864-placement edge space with every empty start " +
                `(atlas prove locust --kind rook-locust --men 39 --mode closed-unique --shards ${rl.of}): ${rl.shards} of ${rl.of} shards done, none with a hit; ` +
                "projected about 3-6 CPU hours on this machine for the shards left, from the cost per tested placement of the shards finished on the current engine (bench/locust.json, rookLocust39FromShards)",
              run: { shardsDone: rl.shards, shardCount: rl.of },
            };
        }
      }
      if (rec.notes!.length === 0) delete rec.notes;
      records.push(rec);
    });
  }
  return {
    family: "locust",
    description:
      "Locust capture sequences on 8x8 (booklet part II, chapter 4, table lines 4320-4333): the most men one locust, rook-locust, bishop-locust or " +
      "nightrider-locust captures with every move, longest / dual-free / dual-free returning to the start.",
    records,
  };
}
