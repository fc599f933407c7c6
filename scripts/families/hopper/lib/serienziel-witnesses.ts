/**
 * Searches for SerienZiel witnesses below their claims (`--generate`, `--anneal`): the generation method
 * (beam plus local search) and simulated annealing seeded from the neighbouring cells. They find, prove nothing.
 */
import { parseSquare } from "../../../../solvers/board/squares.ts";
import { HOPPER_KINDS } from "../../../../solvers/pieces/hopper.ts";
import { generate, type HopperPosition, improve } from "../../../../solvers/hopper/search.ts";
import { improveColumn, Scorer, type TableCell } from "../../../../solvers/hopper/local.ts";
import { type HopperRecord } from "../../../../solvers/hopper/schema.ts";
import { BOARD, PIECE_OF, type Tables } from "./booklet.ts";
import { serienZielId } from "./serienziel-records.ts";

/** Witnesses found for SerienZiel cells, keyed piece/k/column, each with the method that found it. */
export type CellWitnesses = Map<string, { p: HopperPosition; method: string }>;

/** The generation method, S seconds per hopper (nothing when S is 0). */
export function generateWitnesses(generateSeconds: number): CellWitnesses {
  // Generation (beam + local search): best positions per (piece, k, column).
  const generated = new Map<string, { p: HopperPosition; method: string }>();
  if (generateSeconds > 0) {
    for (const piece of HOPPER_KINDS) {
      const g = generate(piece, BOARD, { maxHurdles: 22, beam: 200, budgetMs: generateSeconds * 500 });
      const tGen = g.seconds;
      const t1 = performance.now();
      const perCell = (generateSeconds * 500) / 44;
      for (let k = 1; k <= 22; k++) {
        for (const column of ["longest", "dualFree"] as const) {
          let p = (column === "longest" ? g.longest[k] : g.dualFree[k]) ?? null;
          // Cells the chain did not reach start from the best position with one hurdle fewer, plus one hurdle.
          if (!p) continue;
          const method = `generation method (beam 200, ${tGen.toFixed(0)} s for all k) + local search`;
          const iterations = Math.max(2000, Math.round(perCell * 30));
          for (let seed = 1; seed <= 3; seed++) {
            const q = improve(piece, BOARD, p, column, { iterations, seed: seed * 1000 + k });
            if ((column === "longest" ? q.longest > p.longest : q.dualFree > p.dualFree)) p = q;
          }
          generated.set(`${piece}/${k}/${column}`, { p, method });
        }
      }
      console.error(`generated ${piece}: ${g.positions} positions, ${(tGen + (performance.now() - t1) / 1000).toFixed(0)} s`);
    }
  }
  return generated;
}

/** Annealing, at most S seconds per cell and sweep (nothing when S is 0); `beyond` moves above the probable claims. */
export function annealWitnesses(
  annealSeconds: number,
  beyond: number,
  tables: Tables,
  old: Map<string, HopperRecord>,
  generated: CellWitnesses,
): CellWitnesses {
  // Annealing: every cell below its claim, seeded from the file's witnesses and the neighbouring cells.
  const annealed = new Map<string, { p: HopperPosition; method: string }>();
  if (annealSeconds > 0) {
    for (const piece of HOPPER_KINDS) {
      const scorer = new Scorer(piece, BOARD);
      const t1 = performance.now();
      for (const column of ["dualFree", "longest"] as const) {
        const cells: TableCell[] = [{ best: null, target: 0 }];
        for (const row of tables.hopperRecordsByHurdles.rows) {
          const k = row.hurdles as number;
          const cell = row[Object.keys(PIECE_OF).find((l) => PIECE_OF[l] === piece)!] as { nonUnique: number; dualFree: number };
          const probable = (row.status as Record<string, string>)[Object.keys(PIECE_OF).find((l) => PIECE_OF[l] === piece)!] !== "absolute";
          const target = (column === "longest" ? cell.nonUnique : cell.dualFree) + (probable ? beyond : 0);
          // The better of the file's two witnesses for this k, and whatever the beam found.
          const seeds: HopperPosition[] = [];
          for (const kind of ["longest", "dual-free"] as const) {
            const w = old.get(serienZielId(piece, k, kind))?.witness;
            if (w) seeds.push(scorer.position(parseSquare(BOARD, w.start), w.hurdles.map((h) => parseSquare(BOARD, h))));
          }
          for (const c of ["longest", "dualFree"] as const) {
            const g = generated.get(`${piece}/${k}/${c}`);
            if (g) seeds.push(g.p);
          }
          const v = (p: HopperPosition) => (column === "longest" ? p.longest : p.dualFree);
          seeds.sort((a, b) => v(b) - v(a));
          cells[k] = { best: seeds[0] ?? null, target };
        }
        improveColumn(scorer, cells, {
          column,
          iterations: 1_000_000,
          attempts: 4,
          sweeps: 2,
          cellBudgetMs: annealSeconds * 1000,
          seed: 1,
        });
        for (let k = 1; k < cells.length; k++) {
          const p = cells[k]?.best;
          if (p) {
            annealed.set(`${piece}/${k}/${column}`, {
              p,
              method:
                `simulated annealing (local search, solvers/hopper/local.ts) seeded from the neighbouring hurdle counts, at most ${annealSeconds} s per cell and sweep`,
            });
          }
        }
      }
      console.error(`annealed ${piece}: ${scorer.evaluations} positions, ${((performance.now() - t1) / 1000).toFixed(0)} s`);
    }
  }
  return annealed;
}
