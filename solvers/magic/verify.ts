/**
 * Checks of the magic-tour records (pure): every stored tour is rechecked by
 * the independent checker (check.ts) and every stored property must match
 * what it recomputes; every enumeration's counts must be what its listed
 * tours give; a complete enumeration needs its merged shards (checked by the
 * caller, which reads files). Claims are cited, not checked.
 */
import type { CheckResult } from "../records/common.ts";
import { NO_WITNESS_SEARCH } from "../records/common.ts";
import { canonicalForm, checkMagicTour } from "./check.ts";
import type { MagicEnumeration, MagicRecordFile, MagicTourRecord } from "./schema.ts";

function result(id: string, kind: string, board: number[], errors: string[], ms: number, extra: Partial<CheckResult> = {}): CheckResult {
  const ok = errors.length === 0;
  return {
    id,
    family: "magic",
    kind,
    board,
    ok,
    ...NO_WITNESS_SEARCH,
    milliseconds: Math.round(ms * 1000) / 1000,
    errors,
    maximality: "not-applicable",
    status: ok ? "verified" : "failed",
    ...extra,
  };
}

export function checkTourRecord(t: MagicTourRecord): CheckResult {
  const t0 = performance.now();
  const [w, h] = t.board;
  const errors: string[] = [];
  const f = checkMagicTour(w, h, t.numbers);
  errors.push(...f.errors);
  if (f.ok) {
    if (!f.semimagic) errors.push(`rows ${f.rowSums.join(",")} / columns ${f.columnSums.join(",")} are not all magic`);
    const kind = f.magic ? "magic" : "semimagic";
    if (kind !== t.kind) errors.push(`claimed ${t.kind}, the checker finds ${kind}`);
    if (f.closed !== t.closed) errors.push(`claimed ${t.closed ? "closed" : "open"}, the checker finds ${f.closed ? "closed" : "open"}`);
    if (f.centralSymmetric !== t.centralSymmetric) {
      errors.push(`central symmetry claimed ${t.centralSymmetric}, found ${f.centralSymmetric}`);
    }
    if (f.diagonalSums.join() !== t.diagonalSums.join()) {
      errors.push(`diagonal sums claimed ${t.diagonalSums.join("/")}, found ${f.diagonalSums.join("/")}`);
    }
    if (w === h) {
      const c = canonicalForm(w, t.numbers);
      if (c.classSize !== t.classSize) errors.push(`class size claimed ${t.classSize}, found ${c.classSize}`);
      if (t.canonical && c.canonical.join() !== t.numbers.join()) {
        errors.push("claimed canonical, but an image under the 16 transformations is smaller");
      }
    }
  }
  return result(t.id, t.kind, [w, h], errors, performance.now() - t0, { legal: f.ok });
}

export function checkEnumeration(en: MagicEnumeration, tours: Map<string, MagicTourRecord>): CheckResult {
  const t0 = performance.now();
  const errors: string[] = [];
  const listed: MagicTourRecord[] = [];
  for (const id of en.tourIds) {
    const t = tours.get(id);
    if (!t) errors.push(`tour ${id} is not in the file`);
    else listed.push(t);
  }
  const want = {
    classes: listed.length,
    tours: listed.reduce((a, t) => a + t.classSize, 0),
    closedClasses: listed.filter((t) => t.closed).length,
    centralSymmetricClasses: listed.filter((t) => t.centralSymmetric).length,
    diagonallyMagicClasses: listed.filter((t) => t.kind === "magic").length,
  };
  for (const [k, v] of Object.entries(want)) {
    const got = en[k as keyof typeof want];
    if (got !== v) errors.push(`${k} claimed ${got}, the listed tours give ${v}`);
  }
  if (new Set(listed.map((t) => t.numbers.join())).size !== listed.length) errors.push("a tour is listed twice");
  if (en.mode === "central" && listed.some((t) => !t.centralSymmetric)) {
    errors.push("a tour of the central enumeration is not centrally symmetric");
  }
  if (en.complete && en.certificate === null) errors.push("complete without a certificate");
  if (en.shardsDone > en.shardCount) errors.push("more shards done than shards");
  if (en.prefixes !== null && en.prefixesCovered > en.prefixes) errors.push("more prefixes covered than exist");
  const extra: Partial<CheckResult> = { solutions: want.classes, maximality: en.complete ? "proven-here" : "not-applicable" };
  if (errors.length === 0) extra.status = en.complete ? "proven-here" : "pending";
  return result(en.id, `enumeration-${en.mode}`, [8, 8], errors, performance.now() - t0, extra);
}

export function checkMagicFile(
  file: MagicRecordFile,
  o: {
    only?: string;
    certificateErrors?: (en: MagicEnumeration) => string[];
    /** For a run still under way: why its published progress is not what its committed shards say. */
    runErrors?: (en: MagicEnumeration) => string[];
  } = {},
): CheckResult[] {
  const tours = new Map(file.records.map((t) => [t.id, t]));
  const out: CheckResult[] = [];
  if (tours.size !== file.records.length) {
    out.push(result("magic-file", "file", [8, 8], ["two tours share an id"], 0));
  }
  for (const t of file.records) if (!o.only || t.id.includes(o.only)) out.push(checkTourRecord(t));
  for (const en of file.enumerations) {
    if (o.only && !en.id.includes(o.only)) continue;
    const r = checkEnumeration(en, tours);
    const check = en.complete ? o.certificateErrors : o.runErrors;
    if (check) {
      const errs = check(en);
      if (errs.length) {
        r.errors.push(...errs);
        r.ok = false;
        r.status = "failed";
      }
    }
    out.push(r);
  }
  for (const c of file.claims) {
    if (o.only && !c.id.includes(o.only)) continue;
    out.push(result(c.id, "claim", [8, 8], [], 0, { maximality: "cited", status: "cited" }));
  }
  return out;
}
