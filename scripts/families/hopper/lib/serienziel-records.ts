/** The SerienZiel records: per hopper, hurdle count and column, the best witness we hold against the booklet's claim. */
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import { hopper, type HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { type HopperPosition } from "../../../../solvers/hopper/search.ts";
import { occupancy, shortestPaths } from "../../../../solvers/hopper/serienziel.ts";
import { type HopperRecord, type HopperRecordKind, type HopperWitness, SerienZielCertificate } from "../../../../solvers/hopper/schema.ts";
import { ROOT } from "../../../lib/paths.ts";
import { BOARD, claim, names, PIECE_OF, readJson, summary, type Tables } from "./booklet.ts";
import { certificatePath } from "./serienziel-proof.ts";
import type { CellWitnesses } from "./serienziel-witnesses.ts";
import { creditSerienZiel } from "./credit.ts";

export function serienZielId(piece: HopperKind, k: number, kind: "longest" | "dual-free"): string {
  return `${piece}-8x8-serienziel-h${k}-${kind}`;
}

function serienWitness(piece: HopperKind, p: HopperPosition, column: "longest" | "dualFree", method: string): HopperWitness {
  const rays = hopper(piece).rays(BOARD);
  const target = column === "longest" ? p.longestTarget : p.dualFreeTarget;
  const path = shortestPaths(rays, p.start, occupancy(BOARD, p.hurdles), target, 1)[0] ?? [];
  return {
    start: squareName(BOARD, p.start),
    hurdles: names(BOARD, [...p.hurdles].sort((a, b) => a - b)),
    target: squareName(BOARD, target),
    moves: path.map((h) => squareName(BOARD, h.to)),
    origin: "generated",
    method,
  };
}

function positionFromCert(piece: HopperKind, c: { start: string; hurdles: string[] }): HopperPosition {
  const start = parseSquare(BOARD, c.start);
  const hs = c.hurdles.map((h) => parseSquare(BOARD, h));
  return { start, hurdles: hs, ...summary(piece, start, hs) };
}

/** Every SerienZiel record, in the order of the booklet's table; `search` says which witness searches ran this time. */
export function serienZielRecords(
  tables: Tables,
  old: Map<string, HopperRecord>,
  generated: CellWitnesses,
  annealed: CellWitnesses,
  search: { generateSeconds: number; annealSeconds: number },
): HopperRecord[] {
  const { generateSeconds, annealSeconds } = search;
  const records: HopperRecord[] = [];
  const valueOf = (piece: HopperKind, w: HopperWitness | null, column: "longest" | "dualFree"): number | null => {
    if (!w) return null;
    const s = summary(piece, parseSquare(BOARD, w.start), w.hurdles.map((h) => parseSquare(BOARD, h)));
    return column === "longest" ? s.longest : s.dualFree;
  };

  // ---- SerienZiel
  for (const row of tables.hopperRecordsByHurdles.rows) {
    const k = row.hurdles as number;
    const line = row.seedLine as number;
    for (const [label, piece] of Object.entries(PIECE_OF)) {
      const cell = row[label] as { nonUnique: number; dualFree: number };
      const st = (row.status as Record<string, string>)[label] === "absolute" ? "absolute" : "probable";
      for (const column of ["longest", "dualFree"] as const) {
        const id = serienZielId(piece, k, column === "longest" ? "longest" : "dual-free");
        const kind: HopperRecordKind = column === "longest" ? "serienziel-longest" : "serienziel-dual-free";
        const claimed = column === "longest" ? cell.nonUnique : cell.dualFree;
        const candidates: { w: HopperWitness; v: number }[] = [];
        const prev = old.get(id)?.witness ?? null;
        const pv = valueOf(piece, prev, column);
        if (prev && pv !== null) candidates.push({ w: prev, v: pv });
        const certFile = certificatePath(piece, k);
        let proof: HopperRecord["established"]["proof"] = null;
        if (existsSync(certFile)) {
          const c = SerienZielCertificate.parse(readJson(certFile));
          const best = column === "longest" ? c.longest : c.dualFree;
          proof = { certificate: relative(ROOT, certFile), maximum: best.value };
          const p = positionFromCert(piece, best);
          candidates.push({ w: serienWitness(piece, p, column, "combinatorial method (exhaustive, this certificate)"), v: best.value });
        }
        const gen = generated.get(`${piece}/${k}/${column}`);
        if (gen) {
          candidates.push({ w: serienWitness(piece, gen.p, column, gen.method), v: column === "longest" ? gen.p.longest : gen.p.dualFree });
        }
        // Annealed positions of either column (a unique shortest path of length v is also a shortest path of length v).
        for (const c of ["longest", "dualFree"] as const) {
          const a = annealed.get(`${piece}/${k}/${c}`);
          if (a) candidates.push({ w: serienWitness(piece, a.p, column, a.method), v: column === "longest" ? a.p.longest : a.p.dualFree });
        }
        candidates.sort((a, b) => b.v - a.v);
        const best = candidates[0] ?? null;
        // the booklet's position, when its caption reads back to exactly our witness
        const credited = best && creditSerienZiel(piece, k, best.w);
        if (best && credited) best.w = credited;
        const notes: string[] = [];
        if (piece === "bishophopper") {
          notes.push(
            "Hurdles on the hopper's colour only, the booklet's convention for the bishophopper (line 4081-4082); hurdles on the other colour would never be met.",
          );
        }
        let dispute: HopperRecord["dispute"];
        if (proof && proof.maximum !== claimed) {
          dispute = {
            check: "maximum",
            explanation:
              `our exhaustive search over every position up to symmetry finds the maximum ${proof.maximum}, the booklet prints ${claimed}`,
          };
        } else if (best && best.v > claimed && st === "absolute") {
          dispute = {
            check: "value",
            explanation: `our witness reaches ${best.v}, above the booklet's ${claimed}, which it calls absolute`,
          };
        }
        if (best && best.v > claimed && st !== "absolute") {
          notes.push(`Our witness reaches ${best.v}, more than the booklet's ${claimed} (called probable).`);
        }
        const oldBudget = old.get(id)?.established.budget;
        records.push({
          id,
          family: "hopper",
          kind,
          piece,
          board: [8, 8],
          hurdles: k,
          claim: claim(claimed, st, line),
          witness: best?.w ?? null,
          established: {
            value: best?.v ?? null,
            regenerated: best !== null && best.v >= claimed,
            proof,
            ...(best && best.v < claimed
              ? {
                budget: annealSeconds > 0
                  ? `simulated annealing from the neighbouring cells, two sweeps of at most ${annealSeconds} s per cell (4 attempts of 10^6 steps): best ${best.v}`
                  : gen
                  ? `generation method (beam 200) and local search, ${generateSeconds} s per hopper for all 22 counts: best ${best.v}`
                  : (oldBudget ?? `best ${best.v}`),
              }
              : {}),
          },
          ...(dispute ? { dispute } : {}),
          ...(notes.length ? { notes } : {}),
        });
      }
    }
  }
  return records;
}
