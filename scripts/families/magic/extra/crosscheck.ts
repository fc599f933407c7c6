/**
 * Independent cross-check of the centrally symmetric semimagic knight's tours
 * on 8x8 (numbers 1..64 along a knight's tour, every row and column 260,
 * k and k+32 on antipodal squares): runs solvers/magic/crosscheck.ts, an
 * enumeration written from scratch that shares no code with the engine it
 * checks, and compares its classes with the records.
 *
 *   atlas crosscheck magic [--n 8] [--records data/magic/records.json]
 *     [--starts representatives|all] [--no-dead-ends] [--value-bounds]
 *     [--no-pair-bounds] [--no-parity] [--json] [--out FILE] [--quiet]
 *
 * Progress goes to stderr about every 10 s (unless --quiet). Exit codes:
 * 0 done, 2 bad input.
 */
import { readFileSync } from "node:fs";
import { badValue, choiceOption, intOption, parseArgs } from "../../../lib/options.ts";
import process from "node:process";
import { writeFileAtomic } from "../../../lib/cli.ts";
import { canonicalNumbers, enumerateCentral } from "../../../../solvers/magic/crosscheck.ts";

interface StoredRecord {
  numbers?: unknown;
  centralSymmetric?: boolean;
  origin?: string;
  board?: unknown;
}

function fail(message: string): number {
  console.error(`magic-central-crosscheck: ${message}`);
  return 2;
}

function main(args: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        n: { type: "string", default: "8" },
        records: { type: "string", default: "data/magic/records.json" },
        starts: { type: "string", default: "representatives" },
        "no-parity": { type: "boolean", default: false },
        "no-dead-ends": { type: "boolean", default: false },
        "no-pair-bounds": { type: "boolean", default: false },
        "value-bounds": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        out: { type: "string" },
        quiet: { type: "boolean", default: false },
      },
    }));
  } catch (e) {
    return fail((e as Error).message);
  }
  let n: number;
  try {
    n = intOption("n", values.n, { min: 2, max: 8 });
    if (n % 2 !== 0) throw badValue("n", "an even whole number between 2 and 8", values.n);
    choiceOption("starts", values.starts, ["representatives", "all"] as const);
  } catch (e) {
    return fail((e as Error).message);
  }
  if (values.out !== undefined && values.out === "") return fail("--out needs a file name");

  // Read the stored records before the long run, so a bad path fails at once.
  let stored: StoredRecord[] | null = null;
  if (n === 8) {
    try {
      stored = JSON.parse(readFileSync(values.records!, "utf8")).records;
      if (!Array.isArray(stored)) throw new Error("no `records` array");
    } catch (e) {
      return fail(`cannot read ${values.records}: ${(e as Error).message}`);
    }
  }

  const res = enumerateCentral({
    n,
    starts: values.starts === "all" ? Array.from({ length: n * n }, (_, s) => s) : undefined,
    paritySplit: !values["no-parity"],
    deadEnds: !values["no-dead-ends"],
    pairBounds: !values["no-pair-bounds"],
    valueBounds: values["value-bounds"],
    onProgress: values.quiet ? undefined : (p) =>
      console.error(
        `starts ${p.startsDone}/${p.startsTotal}, ${(p.millis / 1000).toFixed(0)} s, ` +
          `${p.nodes} nodes, ${p.found} boards found`,
      ),
  });

  // Compare with the stored centrally symmetric records, canonicalised here
  // with this file's code (so the stored numbering convention does not matter
  // as long as it is one of the 16 images of the board).
  let comparison: Record<string, unknown> | null = null;
  if (stored) {
    const central = stored.filter((r) => r.centralSymmetric === true && Array.isArray(r.numbers) && r.numbers.length === 64);
    const ours = new Set(res.canonical.map((c) => c.join(",")));
    const theirs = new Set(central.map((r) => canonicalNumbers(r.numbers as number[], 8).join(",")));
    comparison = {
      storedRecords: stored.length,
      storedCentral: central.length,
      storedClasses: theirs.size,
      inBoth: [...ours].filter((k) => theirs.has(k)).length,
      onlyHere: [...ours].filter((k) => !theirs.has(k)),
      onlyStored: [...theirs].filter((k) => !ours.has(k)),
      same: ours.size === theirs.size && [...ours].every((k) => theirs.has(k)),
    };
  }

  const summary = {
    n: res.n,
    boards: res.boards,
    found: res.found,
    classes: res.classes,
    closed: res.closed,
    classSizes: res.classSizes,
    diagonals: res.diagonals,
    starts: res.starts,
    nodes: res.nodes,
    seconds: Math.round(res.millis / 100) / 10,
    comparison,
  };
  const text = values.json
    ? JSON.stringify({ ...summary, canonical: res.canonical }, null, 1) + "\n"
    : JSON.stringify(summary, null, 1) + "\n" + res.canonical.map((c) => c.join(" ")).join("\n") + "\n";
  if (values.out) {
    try {
      writeFileAtomic(values.out, text);
    } catch (e) {
      return fail(`cannot write ${values.out}: ${(e as Error).message}`);
    }
  } else {
    process.stdout.write(text);
  }
  return 0;
}

export function run(args: string[]): void {
  try {
    process.exitCode = main(args);
  } catch (e) {
    console.error(`magic-central-crosscheck: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
