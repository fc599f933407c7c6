/** Magic knight's tours (data/magic/records.json): every tour rechecked, enumeration counts recounted, complete runs' certificates re-checked against their shards. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { MagicCertificate, MagicRecordFile } from "../../../solvers/magic/schema.ts";
import { checkMagicFile } from "../../../solvers/magic/verify.ts";
import { magicProgress, magicSplit, recheckCertificate, runDir } from "./prove.ts";
import { completePrefix, type ShardRecord } from "./extra/crosscheck-all.ts";
import { enumerationKey, type EnumerationSpec } from "../../../solvers/magic/enumerate.ts";
import { shardFileName } from "../../../solvers/proof/sharded.ts";
import type { MagicEnumeration } from "../../../solvers/magic/schema.ts";
import { canonicalForm } from "../../../solvers/magic/check.ts";
import { familyPaths, ROOT } from "../../lib/paths.ts";
import { type FamilyVerifier, readRecordFile } from "../types.ts";

/** Output of scripts/families/magic/extra/crosscheck.ts --out: the independent enumerator's classes. */
export const MAGIC_CROSSCHECK_FILE = join(ROOT, "data", "magic", "crosscheck-central.json");

/** The boards of an enumeration's listed classes (an unknown id stands for itself, so it never matches a board). */
function listedBoards(file: MagicRecordFile, en: MagicRecordFile["enumerations"][number]): Set<string> {
  return new Set(en.tourIds.map((id) => file.records.find((r) => r.id === id)?.numbers.join() ?? id));
}

/**
 * The central enumeration against the independent enumerator's stored result:
 * the same classes (compared by our own canonical form, so the two programs'
 * conventions need not agree). Empty when there is no stored result.
 */
export function crosscheckErrors(file: MagicRecordFile, path = MAGIC_CROSSCHECK_FILE): string[] {
  if (!existsSync(path)) return [];
  const cc = JSON.parse(readFileSync(path, "utf8")) as { n?: number; canonical?: number[][] };
  if (cc.n !== 8 || !Array.isArray(cc.canonical)) return [`${path} is not a cross-check result for 8x8`];
  const en = file.enumerations.find((e) => e.mode === "central" && e.complete);
  if (!en) return [];
  const theirs = new Set(cc.canonical.map((b) => canonicalForm(8, b).canonical.join()));
  const ours = listedBoards(file, en);
  const onlyTheirs = [...theirs].filter((b) => !ours.has(b)).length;
  const onlyOurs = [...ours].filter((b) => !theirs.has(b)).length;
  return onlyTheirs || onlyOurs
    ? [
      `the independent cross-check finds ${theirs.size} classes: ${onlyTheirs} not in our enumeration, ${onlyOurs} of ours not found by it`,
    ]
    : [];
}

/** The independent re-run of sampled prefixes of the full run (scripts/families/magic/extra/crosscheck-all.ts --out). */
export const MAGIC_CROSSCHECK_ALL_FILE = join(ROOT, "data", "magic", "crosscheck-all.json");

/** The spec of a run from its key (magic-knight-8x8-<mode>-d<depth>), or null when the key is not one. */
function specOf(key: string): EnumerationSpec | null {
  const m = /^magic-knight-(\d+)x\1-(all|central)-d(\d+)$/.exec(key);
  if (!m) return null;
  const e: EnumerationSpec = { n: Number(m[1]), mode: m[2] as EnumerationSpec["mode"], depth: Number(m[3]) };
  return enumerationKey(e) === key ? e : null;
}

/**
 * A run still under way publishes how far it has got (shards done, prefixes covered, nodes, CPU, classes found):
 * every figure must be what the committed shard files say, each shard file re-read and checked by the prover
 * (its split, its range, its tours semimagic). Checkpoints of unfinished shards are local and never counted.
 */
export function runProgressErrors(en: MagicEnumeration, dir?: string): string[] {
  const e = specOf(en.key);
  if (!e) return [`${en.key} is not the key of a run`];
  let m;
  try {
    m = magicProgress(e, en.shardCount, dir ?? runDir(e));
  } catch (err) {
    return [`a shard file of ${en.key} does not re-check: ${(err as Error).message}`];
  }
  const errors: string[] = [];
  const want: [string, number | null, number][] = [
    ["shardsDone", en.shardsDone, m.shardsDone],
    ["prefixes", en.prefixes, m.prefixes],
    ["prefixesCovered", en.prefixesCovered, m.doneCovered],
    ["nodes", en.nodes, m.doneNodes],
    ["cpuSeconds", en.cpuSeconds, Math.round(m.doneCpuSeconds)],
    ["classes", en.classes, new Set(m.doneTours.map((t) => canonicalForm(e.n, t).canonical.join())).size],
  ];
  for (const [k, claimed, found] of want) {
    if (claimed !== found) errors.push(`${k} claimed ${claimed}, the committed shard files give ${found}`);
  }
  return errors;
}

/** Where a run's shards are run again on a newer engine: data/magic/reruns/<key>-<engine>/ (same shard file names). */
export const MAGIC_RERUNS = join(ROOT, "data", "magic", "reruns");

/** One engine's re-run of committed shards, shard by shard beside the original (what the bench file reports). */
export interface RerunComparison {
  engine: string;
  shards: { index: number; nodes: [number, number]; cpuSeconds: [number, number]; tours: number }[];
  errors: string[];
}

/**
 * A re-run of committed shards by another engine (exact rules: its nodes may
 * differ, its results may not): each re-run shard must re-check on its own
 * (split, range, every tour semimagic) and cover the same range of the same
 * split as the committed shard of its index, with the same number of
 * solutions and the same tours. A re-run shard whose original is not
 * committed is an error too.
 */
export function rerunComparisons(en: MagicEnumeration, root = MAGIC_RERUNS, dir?: string): RerunComparison[] {
  const e = specOf(en.key);
  if (!e || !existsSync(root)) return [];
  const out: RerunComparison[] = [];
  for (const name of readdirSync(root).sort()) {
    if (!name.startsWith(`${en.key}-`)) continue;
    const engine = name.slice(en.key.length + 1);
    const rdir = join(root, name), cmp: RerunComparison = { engine, shards: [], errors: [] };
    out.push(cmp);
    try {
      magicProgress(e, en.shardCount, rdir);
    } catch (err) {
      cmp.errors.push(`the ${engine} re-run: a shard file does not re-check: ${(err as Error).message}`);
      continue;
    }
    for (const f of readdirSync(rdir).filter((f) => f.endsWith(`-of-${en.shardCount}.json`))) {
      const index = Number(/^shard-(\d+)-of-/.exec(f)?.[1]);
      const mine = JSON.parse(readFileSync(join(rdir, f), "utf8")) as ShardRecord & MagicShardFields;
      const orig = join(dir ?? runDir(e), f);
      if (!existsSync(orig)) {
        cmp.errors.push(`the ${engine} re-run of shard ${index}: no committed shard to compare with`);
        continue;
      }
      const theirs = JSON.parse(readFileSync(orig, "utf8")) as ShardRecord & MagicShardFields;
      const same = (t: number[][]) => t.map((b) => canonicalForm(e.n, b).canonical.join()).sort().join(";");
      if (
        mine.covered !== theirs.covered || mine.solutions !== theirs.solutions ||
        JSON.stringify(mine.range) !== JSON.stringify(theirs.range) ||
        mine.split?.digest !== theirs.split?.digest || same(mine.tours) !== same(theirs.tours)
      ) {
        cmp.errors.push(
          `the ${engine} re-run of shard ${index} differs from the committed shard (covered, solutions, range, split or tours)`,
        );
      }
      cmp.shards.push({
        index,
        nodes: [theirs.nodes, mine.nodes],
        cpuSeconds: [theirs.cpuSeconds, mine.cpuSeconds],
        tours: mine.tours.length,
      });
    }
    cmp.shards.sort((a, b) => a.index - b.index);
  }
  return out;
}

/** What the comparison reads of a shard file beyond ShardRecord. */
interface MagicShardFields {
  covered: number;
  range: number[];
  nodes: number;
  cpuSeconds: number;
  split?: { digest?: string };
}

/**
 * The stored cross-check of the full run against the committed shards: about this run and split, every sampled
 * prefix the one the split names, in a committed shard, its count of the shard's tours below it recounted from
 * that shard file, its verdict consistent with its counts, and the summary consistent with its prefixes. The
 * cheapest finished prefixes (up to `recheckNodes` nodes in all, by their recorded counts) are completed again
 * by the independent search, which must find the same tours. Empty when there is no stored cross-check.
 */
export function crosscheckAllErrors(
  en: MagicEnumeration,
  o: { path?: string; dir?: string; recheckNodes?: number } = {},
): string[] {
  const path = o.path ?? MAGIC_CROSSCHECK_ALL_FILE;
  if (!existsSync(path)) return [];
  const e = specOf(en.key);
  if (!e) return [`${en.key} is not the key of a run`];
  let cc: CrosscheckAll;
  try {
    cc = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    return [`${path} is not JSON: ${(err as Error).message}`];
  }
  if (cc.format !== "chessboard-atlas-magic-crosscheck-all/1" || !Array.isArray(cc.prefixes)) {
    return [`${path} is not a cross-check of the full run`];
  }
  if (cc.key !== en.key) return [`the cross-check is about ${cc.key}, the enumeration ${en.key}`];
  const { prefixes, split } = magicSplit(e);
  if (cc.split?.prefixes !== split.prefixes || cc.split?.digest !== split.digest) return ["the cross-check was made on another split"];
  const dir = o.dir ?? runDir(e);
  const errors: string[] = [];
  const shards = new Map<number, ShardRecord>();
  const shardOf = (i: number): ShardRecord | null => {
    if (!shards.has(i)) {
      const f = join(dir, shardFileName(i, en.shardCount));
      if (!existsSync(f)) return null;
      shards.set(i, JSON.parse(readFileSync(f, "utf8")));
    }
    return shards.get(i)!;
  };
  for (const p of cc.prefixes) {
    const at = `cross-check prefix ${p.prefix}`;
    if (!Number.isInteger(p.prefix) || p.prefix < 0 || p.prefix >= split.prefixes) {
      errors.push(`${at}: not a prefix of the split`);
      continue;
    }
    const squares = Array.from(prefixes.subarray(p.prefix * e.depth, (p.prefix + 1) * e.depth));
    if (p.squares?.join() !== squares.join()) errors.push(`${at}: its squares are not the split's`);
    if (p.shard !== p.prefix % en.shardCount) errors.push(`${at}: shard ${p.shard} does not cover it`);
    const shard = shardOf(p.prefix % en.shardCount);
    if (!shard) {
      errors.push(`${at}: its shard is not committed`);
      continue;
    }
    const below = shard.tours.filter((t) => squares.every((sq, j) => t[sq] === j + 1)).length;
    if (p.toursInShard !== below) errors.push(`${at}: ${p.toursInShard} tours of the shard below it claimed, the shard file has ${below}`);
    if (p.agree !== (p.finished && p.toursHere === p.toursInShard && shard.tours.length === shard.solutions)) {
      errors.push(`${at}: its verdict does not follow from its counts`);
    }
  }
  const finished = cc.prefixes.filter((p) => p.finished);
  if (cc.finished !== finished.length) errors.push(`the cross-check claims ${cc.finished} finished prefixes, it lists ${finished.length}`);
  const agree = cc.prefixes.every((p) => p.agree || !p.finished) && finished.length > 0;
  if (cc.agree !== agree) errors.push(`the cross-check's overall verdict does not follow from its prefixes`);
  // Re-run the cheapest finished prefixes: a forged toursHere (or a changed shard) shows here.
  let budget = o.recheckNodes ?? 5_000_000;
  for (const p of [...finished].sort((a, b) => a.nodes - b.nodes)) {
    if (p.nodes > budget) break;
    budget -= p.nodes;
    const squares = prefixes.subarray(p.prefix * e.depth, (p.prefix + 1) * e.depth);
    const r = completePrefix(e.n, squares, undefined, p.nodes * 4 + 1000);
    if (!r.finished) errors.push(`cross-check prefix ${p.prefix}: the re-run did not finish within 4x its recorded nodes`);
    else if (r.tours !== p.toursHere) {
      errors.push(`cross-check prefix ${p.prefix}: the re-run finds ${r.tours} tours, ${p.toursHere} recorded`);
    }
  }
  return errors;
}

/** What the verifier reads of a stored cross-check (format chessboard-atlas-magic-crosscheck-all/1). */
interface CrosscheckAll {
  format?: string;
  key?: string;
  split?: { prefixes?: number; digest?: string };
  finished?: number;
  agree?: boolean;
  prefixes: {
    prefix: number;
    shard: number;
    squares?: number[];
    finished: boolean;
    toursHere: number;
    toursInShard: number;
    nodes: number;
    agree: boolean;
  }[];
}

export function loadMagicRecords(path: string): MagicRecordFile {
  return readRecordFile(path, MagicRecordFile, "magic-tour records");
}

export const magicFamily: FamilyVerifier = {
  family: "magic",
  files: [familyPaths("magic").records],
  // deno-lint-ignore require-await
  async verify({ only, files, progress }) {
    const paths = files ?? this.files;
    if (!files && !existsSync(paths[0])) return [];
    const results = paths.flatMap((p) => {
      const file = loadMagicRecords(p);
      return checkMagicFile(file, {
        only,
        certificateErrors: (en) => {
          // A complete run's certificate.json must still re-check: every shard file with its SHA-256, one complete
          // split of the prefixes, and the merge of the shards equal to the certificate.
          const path = join(ROOT, en.certificate ?? "");
          if (!en.certificate || !existsSync(path)) return [`certificate ${en.certificate} is missing`];
          const json = JSON.parse(readFileSync(path, "utf8"));
          const errs = recheckCertificate(dirname(path), json);
          if (errs.length) return errs.map((e) => `certificate: ${e}`);
          const cert = MagicCertificate.parse(json);
          if (cert.key !== en.key) return [`the certificate is about ${cert.key}, the enumeration ${en.key}`];
          const m = { tours: cert.classes };
          // The listed classes must be exactly the classes of the tours the shards found (whole canonical boards).
          const found = new Set(m.tours.map((t) => canonicalForm(8, t).canonical.join()));
          const listed = listedBoards(file, en);
          const missing = [...found].filter((b) => !listed.has(b)).length;
          const extra = [...listed].filter((b) => !found.has(b)).length;
          const own = missing || extra
            ? [`the shards found ${found.size} classes; ${missing} of them are not listed, ${extra} listed ones were not found`]
            : [];
          return [...own, ...(en.mode === "central" ? crosscheckErrors(file) : [])];
        },
        runErrors: (en) => [
          ...runProgressErrors(en),
          ...(en.mode === "all" ? crosscheckAllErrors(en) : []),
          ...rerunComparisons(en).flatMap((c) => c.errors),
        ],
      });
    });
    results.forEach((r, i) => progress?.(i + 1, results.length, r.id));
    return results;
  },
};
