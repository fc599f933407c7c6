/**
 * The Marlow accessibility records (`--marlow`, `--marlow-min`): for each number of hurdles, the most squares a
 * grasshopper reaches, looked for at the claim and ruled out above it, and the fewest hurdles that reach every square.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import type { Square } from "../../../../solvers/types.ts";
import { type HopperPosition } from "../../../../solvers/hopper/search.ts";
import { anneal, Scorer } from "../../../../solvers/hopper/local.ts";
import { searchAccess } from "../../../../solvers/hopper/marlow.ts";
import { AccessCertificate, type HopperRecord, type HopperWitness, SerienZielCertificate } from "../../../../solvers/hopper/schema.ts";
import { writeFileAtomic } from "../../../lib/cli.ts";
import { ROOT } from "../../../lib/paths.ts";
import { codeVersion } from "../../../lib/version.ts";
import { BOARD, claim, names, readJson, summary, type Tables, today } from "./booklet.ts";
import { certificatePath, HOPPER_PROOFS } from "./serienziel-proof.ts";

export function accessCertificatePath(k: number, target: number): string {
  return join(HOPPER_PROOFS, `access-grasshopper-8x8-h${k}-reach${target}.json`);
}

function accessSearch(k: number, target: number, budgetMs: number, force: boolean): AccessCertificate | null {
  const path = accessCertificatePath(k, target);
  if (existsSync(path) && !force) return AccessCertificate.parse(readJson(path));
  const t0 = performance.now();
  const r = searchAccess(BOARD, k, target, { budgetMs });
  if (!r.complete) {
    console.error(`access h${k} >= ${target}: undecided after ${r.seconds.toFixed(0)} s (${r.nodes} nodes)`);
    return null;
  }
  const cert: AccessCertificate = {
    format: "hopper-access-search/1",
    hurdles: k,
    board: [8, 8],
    target,
    statement: r.found
      ? `a grasshopper over ${k} hurdles on 8x8 reaches ${r.found.reached} >= ${target} squares`
      : `no placement of ${k} hurdles and a grasshopper on 8x8 reaches ${target} or more squares (exhaustive search with the 3x3 covering bound)`,
    exists: r.found !== null,
    position: r.found
      ? { start: squareName(BOARD, r.found.start), hurdles: names(BOARD, r.found.hurdles), reached: r.found.reached }
      : null,
    leaves: r.leaves,
    skippedBySymmetry: r.skippedBySymmetry,
    nodes: r.nodes,
    codeVersion: codeVersion(),
    cpuSeconds: Math.round((performance.now() - t0) / 10) / 100,
    date: today(),
  };
  writeFileAtomic(path, JSON.stringify(AccessCertificate.parse(cert), null, 1) + "\n");
  console.error(`access h${k} >= ${target}: ${cert.exists ? "found" : "none"} (${cert.cpuSeconds} s)`);
  return cert;
}

/**
 * Marlow positions by annealing the number of squares reached: restarts from
 * seeded random positions until the target or the budget. Finds, proves nothing.
 */
function annealReach(k: number, target: number, seconds: number): HopperPosition | null {
  const s = new Scorer("grasshopper", BOARD);
  const t0 = performance.now();
  let best: HopperPosition | null = null;
  let a = 1000 + k;
  const rnd = (n: number) => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return (a >>> 8) % n;
  };
  for (let seed = 1; performance.now() - t0 < seconds * 1000; seed++) {
    const start = rnd(64);
    const hs = new Set<Square>();
    while (hs.size < k) {
      const q = rnd(64);
      if (q !== start) hs.add(q);
    }
    const p = anneal(s, s.position(start, [...hs]), { column: "reached", iterations: 300_000, seed, t0: 1.5, t1: 0.1, target });
    if (!best || p.reached > best.reached) best = p;
    if (p.reached >= target) break;
  }
  return best;
}

/** What the Marlow searches do this run: --marlow K, --marlow-min, --budget, --force, --anneal. */
export interface MarlowOptions {
  marlowTo: number;
  marlowMin: boolean;
  budgetMs: number;
  force: boolean;
  annealSeconds: number;
}

/** The accessibility records for 2..10 hurdles, in the order of the booklet's table. */
export function marlowRecords(tables: Tables, old: Map<string, HopperRecord>, o: MarlowOptions): HopperRecord[] {
  const { marlowTo, budgetMs, force, annealSeconds } = o;
  const records: HopperRecord[] = [];
  // ---- Marlow accessibility
  // Numeric rows 2..10; the "10 or 11" and 11 rows are the minimum record below.
  const marlowRows = tables.marlowAccessibility.rows.filter((r) => typeof r.hurdles === "number" && r.hurdles <= 10);
  const seenK = new Set<number>();
  for (const row of marlowRows) {
    const k = row.hurdles as number;
    if (seenK.has(k)) continue;
    seenK.add(k);
    const id = `grasshopper-8x8-access-h${k}`;
    const status = row.status && row.status.startsWith("absolute") ? "absolute" : "probable";
    const note = k === 8 || k === 9 ? "the row's label is lost in the source; the value is the OCR reading" : undefined;
    const claimed = row.kotesovec2009;
    const candidates: { w: HopperWitness; v: number }[] = [];
    const prev = old.get(id)?.witness;
    if (prev) {
      candidates.push({
        w: prev,
        v: summary(
          "grasshopper",
          parseSquare(BOARD, prev.start),
          prev.hurdles.map((h) => parseSquare(BOARD, h)),
        ).reached,
      });
    }
    const certFile = certificatePath("grasshopper", k);
    if (existsSync(certFile)) {
      const c = SerienZielCertificate.parse(readJson(certFile));
      candidates.push({
        w: { start: c.reach.start, hurdles: c.reach.hurdles, origin: "generated", method: "combinatorial method (exhaustive)" },
        v: c.reach.value,
      });
    }
    let found: AccessCertificate | null = null, none: AccessCertificate | null = null;
    if (k <= marlowTo) {
      found = accessSearch(k, claimed, budgetMs, force);
      if (found?.exists) none = accessSearch(k, claimed + 1, budgetMs, force);
    } else {
      for (
        const [t, set] of [[claimed, (c: AccessCertificate) => (found = c)], [claimed + 1, (c: AccessCertificate) => (none = c)]] as const
      ) {
        const f = accessCertificatePath(k, t);
        if (existsSync(f)) set(AccessCertificate.parse(readJson(f)));
      }
    }
    const fc = found as AccessCertificate | null, nc = none as AccessCertificate | null;
    if (fc?.exists && fc.position) {
      candidates.push({
        w: { start: fc.position.start, hurdles: fc.position.hurdles, origin: "generated", method: "accessibility search (covering bound)" },
        v: fc.position.reached,
      });
    }
    if (nc?.exists && nc.position) {
      candidates.push({
        w: { start: nc.position.start, hurdles: nc.position.hurdles, origin: "generated", method: "accessibility search (covering bound)" },
        v: nc.position.reached,
      });
    }
    if (annealSeconds > 0 && !candidates.some((c) => c.v >= claimed)) {
      // The rows 8 and 9 were garbled in the source: aim one above the OCR reading there.
      const p = annealReach(k, claimed + (k === 8 || k === 9 ? 1 : 0), annealSeconds * 4);
      if (p) {
        candidates.push({
          w: {
            start: squareName(BOARD, p.start),
            hurdles: names(BOARD, p.hurdles),
            origin: "generated",
            method: `simulated annealing on the squares reached (solvers/hopper/local.ts), at most ${annealSeconds * 4} s`,
          },
          v: p.reached,
        });
      }
    }
    candidates.sort((a, b) => b.v - a.v);
    const best = candidates[0] ?? null;
    const certs = [fc, nc].filter((c): c is AccessCertificate => c !== null);
    const proofCert = nc && !nc.exists ? accessCertificatePath(k, claimed + 1) : existsSync(certFile) ? certFile : null;
    const maximum = nc && !nc.exists ? claimed : existsSync(certFile) ? SerienZielCertificate.parse(readJson(certFile)).reach.value : null;
    const notes = [
      `T. W. Marlow (Chessics 15/1983, No. 567) had ${
        ({ 2: 6, 3: 18, 4: 28, 5: 36 } as Record<number, number>)[k] ?? "no position"
      } for this number of hurdles.`,
    ];
    if (k === 8 || k === 9) notes.push("The source's entry for this row was garbled in the OCR (its label lost); our search settles it.");
    if (certs.length) notes.push(...certs.map((c) => `${c.statement} (${c.cpuSeconds} s).`));
    if (best && best.v > claimed && status !== "absolute") {
      notes.push(`Our witness reaches ${best.v} squares, more than the ${claimed} read from the source.`);
    }
    records.push({
      id,
      family: "hopper",
      kind: "access",
      piece: "grasshopper",
      board: [8, 8],
      hurdles: k,
      claim: claim(claimed, status, row.seedLine, note),
      witness: best?.w ?? null,
      established: {
        value: best?.v ?? null,
        regenerated: best !== null && best.v >= claimed,
        proof: proofCert && maximum !== null ? { certificate: relative(ROOT, proofCert), maximum } : null,
      },
      ...(maximum !== null && maximum !== claimed
        ? {
          dispute: {
            check: "maximum" as const,
            explanation: `our exhaustive search finds the maximum ${maximum}, the booklet prints ${claimed}`,
          },
        }
        : best && best.v > claimed && status === "absolute"
        ? {
          dispute: {
            check: "value" as const,
            explanation: `our witness reaches ${best.v} squares, above the booklet's ${claimed}, which it calls absolute`,
          },
        }
        : {}),
      notes,
    });
  }
  return records;
}

/** The Marlow minimum: 11 hurdles reach every square, 10 do not. */
export function marlowMinimumRecord(old: Map<string, HopperRecord>, o: MarlowOptions): HopperRecord {
  const { marlowMin, budgetMs, force, annealSeconds } = o;
  const id = "grasshopper-8x8-access-minimum";
  let full: AccessCertificate | null = null, ten: AccessCertificate | null = null;
  if (marlowMin) {
    full = accessSearch(11, 52, budgetMs, force);
    ten = accessSearch(10, 53, budgetMs, force);
  } else {
    if (existsSync(accessCertificatePath(11, 52))) full = AccessCertificate.parse(readJson(accessCertificatePath(11, 52)));
    if (existsSync(accessCertificatePath(10, 53))) ten = AccessCertificate.parse(readJson(accessCertificatePath(10, 53)));
  }
  let prev = old.get(id)?.witness ?? null;
  if (!prev && !full?.position && annealSeconds > 0) {
    const p = annealReach(11, 52, annealSeconds * 4);
    if (p && p.reached === 52) {
      prev = {
        start: squareName(BOARD, p.start),
        hurdles: names(BOARD, p.hurdles),
        origin: "generated",
        method: `simulated annealing on the squares reached (solvers/hopper/local.ts)`,
      };
    }
  }
  const w: HopperWitness | null = full?.position
    ? { start: full.position.start, hurdles: full.position.hurdles, origin: "generated", method: "accessibility search (covering bound)" }
    : prev;
  return {
    id,
    family: "hopper",
    kind: "access-minimum",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: 11,
    claim: claim(11, "absolute", 3858, "11 hurdles let the grasshopper reach all 52 free squares; 10 cannot"),
    witness: w,
    established: {
      value: w ? 11 : null,
      regenerated: w !== null,
      proof: ten && !ten.exists ? { certificate: relative(ROOT, accessCertificatePath(10, 53)), maximum: 11 } : null,
      ...(ten ? {} : {
        budget: "the 10-hurdle impossibility search has not been run to the end here (see bench/hopper.json for its projected cost)",
      }),
    },
    notes: ["Value = number of hurdles. A witness reaches all 64 - 11 - 1 = 52 other free squares."],
  };
}
