/**
 * The solver CLI (scripts/commands/solve.ts), in-process through runSolve with captured
 * I/O, and once as a real process. Counts are checked against a brute force
 * written here from scratch (its own leaper rule on coordinates, its own square
 * names, a bare depth-first walk), never against numbers the CLI printed.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_MEN } from "../../scripts/families/leaper/solve.ts";
import { loadRunSolve } from "../../scripts/commands/solve.ts";
import { oneLine, writeFileAtomic } from "../../scripts/lib/cli.ts";
import { RecordFile } from "../../solvers/leaper/schema.ts";
import { mulberry32 } from "../helpers/random.ts";

const runSolve = await loadRunSolve();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Published witnesses as the project's data holds them (verify keeps them equal to data/reference). */
const RECORDS = join(ROOT, "data", "leaper", "records.json");
/** A JSON file that is not a records file, for the schema-error cases. */
const NOT_RECORDS = join(ROOT, "package.json");

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(args: string[]): Run {
  let out = "";
  let err = "";
  const code = runSolve(args, {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    readFile: (path) => readFileSync(path, "utf8"),
  });
  return { code, out, err };
}

function json(args: string[]): Record<string, unknown> {
  const r = run([...args, "--json"]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, "");
  const lines = r.out.trimEnd().split("\n");
  assert.equal(lines.length, 1, "--json prints one line");
  return JSON.parse(lines[0]);
}

interface PublishedWitness {
  id: string;
  leap: [number, number];
  board: number[];
  kind: string;
  start: string;
  moves: string[];
  finalSquare?: string;
}

function witness(id: string): PublishedWitness {
  const records = RecordFile.parse(JSON.parse(readFileSync(RECORDS, "utf8"))).records;
  const r = records.find((x) => x.id === id);
  if (!r?.witness || r.witness.origin !== "published") throw new Error(`published witness ${id} missing from ${RECORDS}`);
  return {
    id,
    leap: r.piece.leap,
    board: r.board as [number, number],
    kind: r.kind,
    start: r.witness.start,
    moves: r.witness.moves,
    ...(r.witness.end ? { finalSquare: r.witness.end } : {}),
  };
}

// ---------- independent brute force ----------

/** Square names written from the conventions (a1 = (0,0); numeric 1-based digits off 2-D), not from solvers/. */
function nameOf(dims: number[], c: number[]): string {
  if (dims.length === 2) return "abcdefghijklmnopqrstuvwxyz"[c[0]] + String(c[1] + 1);
  return c.map((v) => v + 1).join(dims.every((d) => d <= 9) ? "" : ".");
}

/** A leap x,y between two squares: the nonzero coordinate differences are exactly {x, y} (or {y} when x = 0). */
function isLeap(leap: [number, number], a: number[], b: number[]): boolean {
  const d = a.map((v, i) => Math.abs(v - b[i])).filter((v) => v !== 0).sort((p, q) => p - q);
  const want = leap.filter((v) => v !== 0).sort((p, q) => p - q);
  return d.length === want.length && d.every((v, i) => v === want[i]);
}

/**
 * Capture orders from coords[0] over all the others: every order in which each
 * step is a leap. closed: the last man must leap back to the start; end: the
 * last man must be coords[end].
 */
function bruteCount(leap: [number, number], coords: number[][], opts: { closed?: boolean; end?: number }): number {
  const n = coords.length;
  const used = new Array<boolean>(n).fill(false);
  used[0] = true;
  let count = 0;
  const walk = (at: number, depth: number) => {
    if (depth === n) {
      if (opts.end !== undefined && at !== opts.end) return;
      if (opts.closed && !isLeap(leap, coords[at], coords[0])) return;
      count++;
      return;
    }
    for (let v = 1; v < n; v++) {
      if (used[v] || !isLeap(leap, coords[at], coords[v])) continue;
      used[v] = true;
      walk(v, depth + 1);
      used[v] = false;
    }
  };
  walk(0, 1);
  return count;
}

function checkPath(leap: [number, number], dims: number[], names: string[], start: string, men: string[], closed: boolean, end?: string) {
  const coordsByName = new Map<string, number[]>();
  const all: number[][] = [];
  const rec = (prefix: number[]) => {
    if (prefix.length === dims.length) return void all.push(prefix);
    for (let i = 0; i < dims[prefix.length]; i++) rec([...prefix, i]);
  };
  rec([]);
  for (const c of all) coordsByName.set(nameOf(dims, c), c);
  assert.equal(names[0], start);
  assert.deepEqual([...names.slice(1)].sort(), [...men].sort());
  for (let i = 1; i < names.length; i++) {
    assert.ok(isLeap(leap, coordsByName.get(names[i - 1])!, coordsByName.get(names[i])!), `${names[i - 1]}-${names[i]}`);
  }
  if (closed) assert.ok(isLeap(leap, coordsByName.get(names[names.length - 1])!, coordsByName.get(start)!));
  if (end !== undefined) assert.equal(names[names.length - 1], end);
}

// ---------- published positions ----------

Deno.test("the published zebra sd=52 from b1 is unique (dual-free)", () => {
  const w = witness("zebra-8x8-sd52-b1");
  const a = json(["--piece", w.leap.join(","), "--board", w.board.join("x"), "--start", w.start, "--men", w.moves.join(",")]);
  assert.deepEqual(Object.keys(a).sort(), ["complete", "nodes", "rejectedBy", "seconds", "solution", "solutions", "unique"]);
  assert.equal(a.solutions, 1);
  assert.equal(a.complete, true);
  assert.equal(a.unique, true);
  assert.equal(a.rejectedBy, null);
  assert.deepEqual(a.solution, [w.start, ...w.moves]);
  assert.ok(typeof a.seconds === "number" && a.seconds >= 0);
  assert.ok(typeof a.nodes === "number" && a.nodes > 0);

  const h = run(["--piece", "zebra", "--start", w.start, "--men", w.moves.join(", "), "--diagram"]);
  assert.equal(h.code, 0, h.err);
  assert.match(h.out, /^sd=52 Zebra b1 \(1\+52\)$/m);
  assert.match(h.out, /unique \(dual-free\)/);
  assert.ok(h.out.includes(w.moves.map((m, i) => `${i + 1}.Z:${m}`).join(" ") + "="), "solution in the booklet's notation");
  assert.match(h.out, /time [\d.]+ ms/);
  // Diagram: read rank 1 and the file line back; b1 holds 0, the last capture a2 holds 52.
  const lines = h.out.split("\n");
  const fileLine = lines.findIndex((l) => /^\s+a\s+b\s+c\s+d\s+e\s+f\s+g\s+h$/.test(l));
  assert.ok(fileLine > 0, "file letters under the board");
  const rank1 = lines[fileLine - 1].trim().split(/\s+/);
  const rank2 = lines[fileLine - 2].trim().split(/\s+/);
  assert.equal(rank1[0], "1");
  assert.equal(rank1[1 + 1], "0"); // file b
  assert.equal(rank2[1 + 0], "52"); // a2
  assert.equal(rank1[1 + 4], String(w.moves.indexOf("e1") + 1));
});

Deno.test("fixed end and closed positions from the published records", () => {
  const f = witness("wazir-8x8-sd55-h8-final-g2");
  const men = f.moves.join(",");
  const fixed = json(["--piece", "wazir", "--start", f.start, "--men", men, "--end", f.finalSquare!]);
  assert.equal(fixed.solutions, 1);
  assert.equal(fixed.unique, true);
  // The booklet: with a free end the same men are not dual-free.
  const free = json(["--piece", "wazir", "--start", f.start, "--men", men, "--limit", "2"]);
  assert.equal(free.solutions, 2);
  assert.equal(free.complete, false);
  assert.equal(free.unique, false);

  const c = witness("zebra-8x8-closed53-d4");
  const closed = json(["--piece", "zebra", "--start", c.start, "--men", c.moves.join(","), "--closed"]);
  assert.equal(closed.solutions, 2, "one cycle, once per direction");
  assert.equal(closed.unique, true);
  checkPath([2, 3], [8, 8], closed.solution as string[], c.start, c.moves, true);
  const h = run(["--piece", "zebra", "--start", c.start, "--men", c.moves.join(","), "--closed"]);
  assert.match(h.out, /unique up to direction/);
  assert.match(h.out, /54\.Z-d4=/, "the return is written as the last move");
});

// ---------- limits and listing ----------

/** A small position with at least `k` solutions, found by the brute force. */
function busyPosition(k: number): { men: string[]; count: number } {
  const names: string[] = [];
  const coords: number[][] = [];
  for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) if (x + y > 0) (names.push(nameOf([4, 4], [x, y])), coords.push([x, y]));
  const count = bruteCount([0, 1], [[0, 0], ...coords], {});
  assert.ok(count >= k, `wazir 4x4 from a1 has ${count} paths`);
  return { men: names, count };
}

Deno.test("--limit stops early and says so; default output shows 10 and counts the rest; --all prints all", () => {
  const { men, count } = busyPosition(11);
  const base = ["--piece", "wazir", "--board", "4x4", "--start", "a1", "--men", men.join(",")];
  const one = json([...base, "--limit", "1"]);
  assert.equal(one.solutions, 1);
  assert.equal(one.complete, false);
  assert.equal(one.unique, null, "one solution found before the stop: uniqueness unknown");
  const exact = json(base);
  assert.equal(exact.solutions, count);
  assert.equal(exact.complete, true);
  assert.equal(exact.unique, false);

  const h1 = run([...base, "--limit", "3"]);
  assert.equal(h1.code, 0);
  assert.match(h1.out, /at least 3 solutions/);
  assert.match(h1.out, /--limit 3/);

  const shown = run(base);
  const listed = shown.out.split("\n").filter((l) => /^\s*\d+\) 1\.WA:/.test(l));
  assert.equal(listed.length, 10);
  assert.match(shown.out, new RegExp(`… ${count - 10} more`));
  assert.match(shown.out, new RegExp(`^${count} solutions: not unique$`, "m"));

  const all = run([...base, "--all"]);
  const every = all.out.split("\n").filter((l) => /^\s*\d+\) 1\.WA:/.test(l));
  assert.equal(every.length, count);
  assert.equal(new Set(every.map((l) => l.replace(/^\s*\d+\) /, ""))).size, count, "all different");

  const nodes = json([...base, "--max-nodes", "3"]);
  assert.equal(nodes.complete, false);
});

Deno.test("a rejected position reports the booklet's test", () => {
  // Knight a1, men b3 and c2: each man is a knight move from a1 only, so two dead ends (test K).
  const a = json(["--piece", "knight", "--start", "a1", "--men", "b3,c2"]);
  assert.equal(bruteCount([1, 2], [[0, 0], [1, 2], [2, 1]], {}), 0);
  assert.equal(a.solutions, 0);
  assert.equal(a.complete, true);
  assert.equal(a.unique, false);
  assert.equal(a.rejectedBy, "K");
  const h = run(["--piece", "knight", "--start", "a1", "--men", "b3,c2", "--diagram"]);
  assert.match(h.out, /no solution/);
  assert.match(h.out, /\*/, "the unsolved position is drawn with its men");
});

Deno.test("3-D boards", () => {
  // Knight on 3x3x3 from 111 over a few men; count against the brute force.
  const dims = [3, 3, 3];
  const men = [[1, 2, 0], [2, 0, 0], [0, 1, 0], [0, 0, 2], [2, 1, 2], [1, 0, 0]];
  const a = json(["--piece", "knight", "--board", "3x3x3", "--start", "111", "--men", men.map((c) => nameOf(dims, c)).join(",")]);
  assert.equal(a.solutions, bruteCount([1, 2], [[0, 0, 0], ...men], {}));
});

// ---------- records ----------

function recordFixture(): string {
  const w = witness("zebra-8x8-sd52-b1");
  const f = witness("wazir-8x8-sd55-h8-final-g2");
  const c = witness("zebra-8x8-closed53-d4");
  const base = (id: string, kind: string, leap: number[], witnessValue: unknown, value: number) => ({
    id,
    family: "leaper",
    kind,
    piece: { type: "leaper", leap },
    board: [8, 8],
    cell: id,
    tableCell: true,
    claim: { author: null, publication: null, year: null, value, status: "absolute" },
    witness: witnessValue,
    established: { regenerated: null, maximality: { status: "cited" } },
  });
  const file = {
    family: "leaper",
    description: "test fixture",
    records: [
      base("zebra-sd52", "dual-free", [2, 3], { start: w.start, moves: w.moves, origin: "published" }, 52),
      base(
        "wazir-sd55-end",
        "dual-free-fixed-end",
        [0, 1],
        { start: f.start, moves: f.moves, end: f.finalSquare, origin: "published" },
        55,
      ),
      base("zebra-closed53", "closed", [2, 3], { start: c.start, moves: c.moves, origin: "published" }, 53),
      base("zebra-open", "open", [2, 3], { start: "a1", moves: ["c4"], origin: "published" }, 1),
      base("zebra-access", "access", [2, 3], null, 63),
      base("zebra-pending", "dual-free", [2, 3], null, 50),
    ],
  };
  const parsed = RecordFile.safeParse(file);
  assert.ok(parsed.success, `fixture must match the record schema: ${JSON.stringify(parsed.error?.issues[0])}`);
  return JSON.stringify(file);
}

function withTemp(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "solve-test-"));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Deno.test("--record reads positions from a records file (--data)", () => {
  withTemp((dir) => {
    const data = join(dir, "records.json");
    writeFileSync(data, recordFixture());
    const d = ["--data", data];
    const z = json(["--record", "zebra-sd52", ...d]);
    assert.equal(z.solutions, 1);
    assert.equal(z.unique, true);
    const e = json(["--record", "wazir-sd55-end", ...d]);
    assert.equal(e.solutions, 1, "fixed end taken from the record");
    const c = json(["--record", "zebra-closed53", ...d]);
    assert.equal(c.solutions, 2, "closed taken from the record's kind");
    assert.equal(c.unique, true);
    const h = run(["--record", "zebra-sd52", ...d]);
    assert.match(h.out, /record zebra-sd52/);
    assert.match(h.out, /unique \(dual-free\)/);
    const list = run(["--list", ...d]);
    assert.equal(list.code, 0);
    assert.equal(list.out.trimEnd().split("\n").length, 6);
    assert.match(list.out, /zebra-pending .*no witness/);

    for (
      const [id, word] of [["zebra-open", /open tour.*no men/], ["zebra-access", /access.*no men/], ["zebra-pending", /no witness/], [
        "zebra",
        /no record.*--list/,
      ]] as const
    ) {
      const r = run(["--record", id, ...d]);
      assert.equal(r.code, 2, id);
      assert.equal(r.out, "");
      assert.equal(r.err.trimEnd().split("\n").length, 1, r.err);
      assert.match(r.err, word);
    }

    // Schema failure names the first problem.
    const broken = JSON.parse(recordFixture());
    broken.records[2].claim.value = "fifty-three";
    writeFileSync(data, JSON.stringify(broken));
    const s = run(["--record", "zebra-sd52", ...d]);
    assert.equal(s.code, 2);
    assert.match(s.err, /^error: records file .* does not match the record schema: records\.2\.claim\.value: .+\n$/);
    writeFileSync(data, "{ not json");
    assert.match(run(["--record", "zebra-sd52", ...d]).err, /not valid JSON/);
  });
});

// ---------- batch ----------

const LEAPS: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2], [2, 2], [1, 3], [2, 3]];
const NAMED: Record<string, string> = { "0,1": "wazir", "1,2": "knight", "2,3": "zebra" };

Deno.test("--batch: 200 random small positions agree with the brute force; bad lines report and go on", () => {
  const seed = 4242;
  const rng = mulberry32(seed);
  const lines: string[] = [];
  const expect: (
    | {
      count: number;
      limit?: number;
      leap: [number, number];
      dims: number[];
      start: string;
      men: string[];
      closed: boolean;
      end?: string;
    }
    | { error: RegExp }
  )[] = [];
  const badLines: [string, RegExp][] = [
    ["{ this is not json", /not valid JSON/],
    ['{"piece": "unicorn", "board": [4,4], "start": "a1", "men": []}', /unknown piece/],
    ['{"piece": [0,0], "board": [4,4], "start": "a1", "men": []}', /does not move/],
    ['{"piece": "zebra", "board": [4,4], "start": "a1", "men": ["e5"]}', /off the 4x4 board/],
    ['{"piece": "zebra", "board": [0,0], "start": "a1", "men": []}', /board/],
    ['{"piece": "zebra", "board": [4,4], "start": "a1", "men": ["a1"]}', /start square/],
    ['{"piece": "zebra", "board": [4,4], "start": "a1", "mem": ["b2"]}', /men|mem/],
  ];
  let nextBad = 0;
  for (let t = 0; t < 200; t++) {
    if (t % 25 === 12 && nextBad < badLines.length) {
      lines.push(badLines[nextBad][0]);
      expect.push({ error: badLines[nextBad][1] });
      nextBad++;
      if (t % 50 === 12) lines.push("   "); // blank lines are skipped
    }
    // Three kinds of position: every square of a tiny board (many solutions), men along a
    // random walk of the leaper (most have a solution), men anywhere (mostly none).
    const mode = rng.pick(["full", "walk", "walk", "walk", "any", "any"]);
    const dims = mode === "full"
      ? rng.pick([[2, 3], [3, 3], [2, 4], [3, 2], [2, 5], [2, 2, 2]])
      : rng.chance(0.15)
      ? [rng.int(2, 3), rng.int(2, 3), rng.int(2, 3)]
      : [rng.int(2, 6), rng.int(2, 6)];
    const size = dims.reduce((a, b) => a * b, 1);
    const all: number[][] = [];
    for (let i = 0; i < size; i++) {
      const c: number[] = [];
      let r = i;
      for (const d of dims) (c.push(r % d), (r = Math.floor(r / d)));
      all.push(c);
    }
    const leap = mode === "full" ? rng.pick(LEAPS.slice(0, 3)) : rng.pick(LEAPS);
    let picked = mode === "full" ? rng.shuffle(all) : rng.sample(all, Math.min(size, rng.int(1, 9)));
    if (mode === "walk") {
      // Men along a random walk of the leaper, so that most of these positions have solutions.
      picked = [picked[0]];
      const want = rng.int(1, 9);
      while (picked.length < want) {
        const head = picked[picked.length - 1];
        const next = all.filter((c) => isLeap(leap, head, c) && !picked.includes(c));
        if (next.length === 0) break;
        picked.push(rng.pick(next));
      }
      picked = [picked[0], ...rng.shuffle(picked.slice(1))];
    }
    const closed = rng.chance(0.25);
    const endIndex = !closed && picked.length > 1 && rng.chance(0.25) ? rng.int(1, picked.length - 1) : undefined;
    const limit = rng.chance(0.25) ? rng.int(1, 3) : undefined;
    const start = nameOf(dims, picked[0]);
    const men = picked.slice(1).map((c) => nameOf(dims, c));
    const end = endIndex === undefined ? undefined : men[endIndex - 1];
    const piece = NAMED[leap.join(",")] && rng.chance(0.5) ? NAMED[leap.join(",")] : rng.chance(0.5) ? leap : [leap[1], -leap[0]];
    const line: Record<string, unknown> = { id: `p${t}`, piece, board: rng.chance(0.5) ? dims : dims.join("x"), start, men };
    if (closed) line.closed = true;
    if (end) line.end = end;
    if (limit) line.limit = limit;
    lines.push(JSON.stringify(line));
    const count = bruteCount(leap, picked, { closed, end: endIndex });
    expect.push({ count, limit, leap, dims, start, men, closed, end });
  }
  withTemp((dir) => {
    const file = join(dir, "positions.jsonl");
    writeFileSync(file, lines.join("\n") + "\n");
    const r = run(["--batch", file]);
    assert.equal(r.code, 1, "some lines failed");
    assert.equal(r.err, "");
    const answers = r.out.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(answers.length, expect.length);
    let seen = 0;
    let nonzero = 0;
    answers.forEach((a, i) => {
      const e = expect[i];
      if ("error" in e) {
        assert.equal(typeof a.error, "string", `line ${i}`);
        assert.match(a.error, e.error);
        return;
      }
      const info = `answer ${i} (${JSON.stringify(e)}): ${JSON.stringify(a)}`;
      assert.equal(a.id, `p${seen++}`, info);
      const cap = e.limit ?? Infinity;
      assert.equal(a.solutions, Math.min(e.count, cap), info);
      assert.equal(a.complete, e.count < cap, info);
      const perCycle = e.closed && e.men.length >= 2 ? 2 : 1;
      if (a.complete) assert.equal(a.unique, e.count === perCycle, info);
      if (e.count > 0) {
        nonzero++;
        checkPath(e.leap, e.dims, a.solution, e.start, e.men, e.closed, e.end);
      } else assert.equal(a.solution, null, info);
    });
    // The sample must exercise every kind of answer, or the comparison proves little.
    const kinds = (f: (e: Extract<typeof expect[number], { count: number }>) => boolean) =>
      expect.filter((e) => "count" in e && f(e)).length;
    assert.ok(nonzero > 80, `enough positions with solutions (${nonzero})`);
    assert.ok(kinds((e) => e.count >= 2) > 20, "positions with several solutions");
    assert.ok(kinds((e) => e.closed && e.count > 0) > 5, "closed positions with solutions");
    assert.ok(kinds((e) => e.end !== undefined && e.count > 0) > 5, "fixed-end positions with solutions");
    assert.ok(kinds((e) => e.limit !== undefined && e.count > e.limit) > 5, "positions cut by a limit");
    assert.ok(kinds((e) => e.dims.length === 3 && e.count > 0) > 5, "3-D positions with solutions");

    // All lines good: exit 0; --limit is a default for lines without one.
    const good = lines.filter((l) => l.includes('"id"')).slice(0, 20);
    writeFileSync(file, good.join("\n"));
    const ok = run(["--batch", file, "--limit", "1"]);
    assert.equal(ok.code, 0, ok.err);
    for (const l of ok.out.trimEnd().split("\n")) assert.ok(JSON.parse(l).solutions <= 1);
  });
});

Deno.test("thousands of batch positions run in one process", () => {
  const rng = mulberry32(9);
  const lines: string[] = [];
  for (let t = 0; t < 3000; t++) {
    const men = rng.sample(["a2", "b3", "c1", "c4", "d2", "e3", "b1", "a3", "d4"], rng.int(0, 6));
    lines.push(JSON.stringify({ piece: "knight", board: [5, 5], start: "e5", men }));
  }
  withTemp((dir) => {
    const file = join(dir, "many.jsonl");
    writeFileSync(file, lines.join("\n"));
    const r = run(["--batch", file]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trimEnd().split("\n").length, 3000);
  });
});

// ---------- errors ----------

Deno.test("bad input: exit 2 and one helpful line on stderr", () => {
  const w = witness("zebra-8x8-sd52-b1");
  const many = Array.from({ length: MAX_MEN + 1 }, (_, i) => nameOf([26, 26], [i % 26, Math.floor(i / 26) + 1]));
  const cases: [string[], RegExp][] = [
    [["--piece", "unicorn", "--start", "b1", "--men", "e3"], /unknown piece.*zebra/],
    [["--piece", "0,0", "--start", "b1", "--men", "e3"], /leap \[0,0\] does not move/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3,i9"], /off the 8x8 board/],
    [["--piece", "zebra", "--start", "z1", "--men", "e3"], /start.*off the 8x8 board/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3,b1"], /start square/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3,h1,e3"], /given twice/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3,E3"], /given twice/],
    [["--piece", "zebra", "--board", "0x0", "--start", "b1", "--men", "e3"], /board.*positive/],
    [["--piece", "zebra", "--board", "8by8", "--start", "b1", "--men", "e3"], /board.*8x8/],
    [["--piece", "zebra", "--board", "65x65", "--start", "b1", "--men", "e3"], /refusing board 65x65/],
    [["--piece", "zebra", "--board", "20x20x20", "--start", "1.1.1", "--men", "2.2.2"], /refusing board/],
    [["--piece", "zebra", "--board", "26x26", "--start", "a1", "--men", many.join(",")], /refusing 201 men/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--end", "h1"], /not one of the men/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--end", "e3", "--closed"], /exclude/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--limit", "0"], /--limit/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--limit", "many"], /--limit/],
    [["--piece", "zebra", "--men", "e3"], /--start/],
    [["--start", "b1", "--men", "e3"], /--piece/],
    [["--piece", "zebra", "--start", "b1"], /--men/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--frobnicate"], /frobnicate.*--help/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "stray"], /stray.*--help/],
    [["--piece", "zebra", "--start", "b1", "--men", "e3", "--json", "--all"], /--json/],
    [["--record", "zebra-8x8-sd52-b1", "--piece", "zebra", "--data", RECORDS], /drop --piece/],
    [["--record", "x", "--data", "/nonexistent/records.json"], /cannot read the records file.*no such file/],
    [["--record", "x", "--data", NOT_RECORDS], /does not match the record schema/],
    [["--batch", "/nonexistent/batch.jsonl"], /cannot read batch file.*no such file/],
    [["--batch", NOT_RECORDS, "--piece", "zebra"], /--batch.*drop --piece/],
    [["--piece", "zebra", "--start", "b1", "--men", w.moves.join(","), "--max-nodes", "-3"], /--max-nodes|option/],
  ];
  for (const [args, word] of cases) {
    const r = run(args);
    const what = args.join(" ").slice(0, 100);
    assert.equal(r.code, 2, `${what}: ${r.err}`);
    assert.equal(r.out, "", what);
    assert.ok(r.err.startsWith("error: "), what);
    assert.equal(r.err.split("\n").length, 2, `one line: ${r.err}`);
    assert.doesNotMatch(r.err, /\bat .*\.ts:\d+/, "no stack trace");
    assert.match(r.err, word, `${what}: ${r.err}`);
  }
});

Deno.test("--help explains every option", () => {
  const r = run(["--help"]);
  assert.equal(r.code, 0);
  for (
    const opt of [
      "--piece",
      "--board",
      "--start",
      "--men",
      "--end",
      "--closed",
      "--record",
      "--data",
      "--list",
      "--limit",
      "--max-nodes",
      "--all",
      "--diagram",
      "--json",
      "--batch",
      "--help",
    ]
  ) {
    assert.ok(r.out.includes(opt), opt);
  }
  assert.match(r.out, /atlas solve --piece zebra/);
});

// ---------- the real entry point ----------

Deno.test("the script runs as a program and its exit codes propagate", async () => {
  const exec = async (args: string[]) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/atlas.ts", "solve", ...args],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    return { code: out.code, out: new TextDecoder().decode(out.stdout), err: new TextDecoder().decode(out.stderr) };
  };
  const help = await exec(["--help"]);
  assert.equal(help.code, 0, help.err);
  assert.match(help.out, /--batch FILE/);
  const solved = await exec(["--piece", "knight", "--start", "a1", "--men", "b3,c5", "--json"]);
  assert.equal(solved.code, 0, solved.err);
  assert.equal(JSON.parse(solved.out).solutions, bruteCount([1, 2], [[0, 0], [1, 2], [2, 4]], {}));
  const bad = await exec(["--piece", "unicorn", "--start", "a1", "--men", "b3"]);
  assert.equal(bad.code, 2);
  assert.equal(bad.out, "");
  assert.match(bad.err, /^error: unknown piece "unicorn".*\n$/);
  await withTempAsync(async (dir) => {
    const file = join(dir, "b.jsonl");
    writeFileSync(file, '{"piece":"knight","board":[3,3],"start":"a1","men":["b3"]}\nnonsense\n');
    const batch = await exec(["--batch", file]);
    assert.equal(batch.code, 1);
    const [first, second] = batch.out.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(first.solutions, 1);
    assert.match(second.error, /line 2/);
  });
});

async function withTempAsync(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "solve-test-"));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Deno.test("shared CLI helpers: atomic write leaves only the file; messages stay on one line", () => {
  withTemp((dir) => {
    const target = join(dir, "new", "sub", "out.json");
    writeFileAtomic(target, "first\n");
    writeFileAtomic(target, "second\n");
    assert.equal(readFileSync(target, "utf8"), "second\n");
    assert.deepEqual(readdirSync(dirname(target)), ["out.json"], "no temporary file left behind");
  });
  assert.equal(oneLine("Option is ambiguous.\nDid you forget?\n"), "Option is ambiguous. Did you forget?");
  assert.equal(oneLine("first\nsecond"), "first; second");
});
