/**
 * Tampered data must be caught: every witness in data/leaper/records.json is
 * altered in each of four ways (move a man, swap two moves, drop one, change the
 * claimed value) and verify must fail naming the record. Legality of a tampered
 * witness is judged here by an independent leap check, so the test knows which
 * tamperings our rules must reject on their own; for published witnesses every
 * change must be caught (by the cross-check against data/reference).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { type AtlasRecord, RecordFile } from "../../solvers/leaper/schema.ts";
import { checkRecord } from "../../solvers/leaper/check.ts";
import { referenceErrors } from "../../scripts/families/leaper/lib/load.ts";
import { familyPaths, ROOT } from "../../scripts/lib/paths.ts";
import { mulberry32 } from "../helpers/random.ts";

const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
const withWitness = file.records.filter((r) => r.witness && r.witness.moves.length > 0);

function sq(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}
/** Independent leap test on 2-D boards: the offsets are the leap up to order and sign. */
function isLeap(a: string, b: string, leap: readonly number[]): boolean {
  const [ax, ay] = sq(a);
  const [bx, by] = sq(b);
  const d = [Math.abs(ax - bx), Math.abs(ay - by)].sort((p, q) => p - q);
  return d[0] === leap[0] && d[1] === leap[1];
}
function independentlyLegal(r: AtlasRecord, moves: string[]): boolean {
  const path = [r.witness!.start, ...moves];
  if (new Set(path).size !== path.length) return false;
  for (const s of path) {
    const [x, y] = sq(s);
    if (x < 0 || y < 0 || x >= r.board[0] || y >= r.board[1]) return false;
  }
  for (let i = 1; i < path.length; i++) if (!isLeap(path[i - 1], path[i], r.piece.leap)) return false;
  if (r.kind === "closed" && !isLeap(path[path.length - 1], path[0], r.piece.leap)) return false;
  return true;
}

function caught(r: AtlasRecord): boolean {
  const res = checkRecord(r);
  const ref = referenceErrors([r]);
  return res.status === "failed" || (ref?.get(r.id)?.length ?? 0) > 0;
}

type Tamper = (r: AtlasRecord, rnd: () => number) => AtlasRecord | null;
const clone = (r: AtlasRecord): AtlasRecord => structuredClone(r);
const TAMPERS: Record<string, Tamper> = {
  "move a man": (r, rnd) => {
    const t = clone(r);
    const used = new Set([t.witness!.start, ...t.witness!.moves]);
    const free: string[] = [];
    for (let x = 0; x < r.board[0]; x++) {
      for (let y = 0; y < r.board[1]; y++) {
        const n = String.fromCharCode(97 + x) + (y + 1);
        if (!used.has(n)) free.push(n);
      }
    }
    if (!free.length) return null;
    const i = Math.floor(rnd() * t.witness!.moves.length);
    t.witness!.moves[i] = free[Math.floor(rnd() * free.length)];
    return t;
  },
  "swap two moves": (r, rnd) => {
    if (r.witness!.moves.length < 2) return null;
    const t = clone(r);
    const m = t.witness!.moves;
    const i = Math.floor(rnd() * m.length);
    let j = Math.floor(rnd() * (m.length - 1));
    if (j >= i) j++;
    [m[i], m[j]] = [m[j], m[i]];
    return t;
  },
  "drop one": (r, rnd) => {
    const t = clone(r);
    t.witness!.moves.splice(Math.floor(rnd() * t.witness!.moves.length), 1);
    return t;
  },
  "change the value": (r, rnd) => {
    const t = clone(r);
    t.claim.value = Math.max(0, t.claim.value + (rnd() < 0.5 && t.claim.value > 0 ? -1 : 1));
    return t;
  },
};

Deno.test("the untampered records verify", () => {
  for (const r of file.records) {
    const res = checkRecord(r);
    assert.notEqual(res.status, "failed", `${r.id}: ${res.errors.join("; ")}`);
  }
  assert.ok(withWitness.length >= 40, `only ${withWitness.length} witnesses to tamper with`);
});

for (const [name, tamper] of Object.entries(TAMPERS)) {
  Deno.test(`tamper: ${name} is caught for every witness`, () => {
    const rng = mulberry32(0x5eed + name.length);
    const rnd = () => rng.next();
    let tried = 0;
    let byRules = 0;
    for (const r of withWitness) {
      for (let rep = 0; rep < 3; rep++) {
        const t = tamper(r, rnd);
        if (!t) continue;
        tried++;
        const stillLegal = independentlyLegal(t, t.witness!.moves) && t.witness!.moves.length === t.claim.value;
        if (!stillLegal) {
          byRules++;
          const res = checkRecord(t);
          assert.equal(res.status, "failed", `${name} on ${r.id} was not caught by the rules`);
          assert.ok(res.errors.length > 0);
        } else if (r.witness!.origin === "published") {
          assert.ok(caught(t), `${name} on published ${r.id} was not caught by the reference cross-check`);
        }
      }
    }
    assert.ok(tried > 100, `only ${tried} tamperings`);
    assert.ok(byRules > tried / 2, `only ${byRules} of ${tried} tamperings broke the rules`);
  });
}

Deno.test("a position with two solutions is not accepted as dual-free", () => {
  // The closed zebra tour as a capture problem has two solutions (the two directions).
  const closed = file.records.find((r) => r.id === "zebra-8x8-closed53-d4")!;
  const t = clone(closed);
  t.kind = "dual-free";
  t.dispute = undefined;
  const res = checkRecord(t);
  assert.equal(res.status, "failed");
  assert.equal(res.unique, false);
  // Every man of a closed tour has two neighbours in the position, so test N
  // already rules out a unique solution without counting.
  assert.match(res.errors.join(";"), /not dual-free: 0 or at least 2 solutions \(one-level test N\)/);
});

async function runVerify(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const p = await new Deno.Command(Deno.execPath(), {
    // Only the leaper family reads --data: the other families' checks would repeat the whole atlas's verify three times.
    args: ["run", "-A", "scripts/atlas.ts", "verify", "--quiet", "--family", "leaper", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  return { code: p.code, out: new TextDecoder().decode(p.stdout), err: new TextDecoder().decode(p.stderr) };
}

Deno.test("verify CLI: a tampered file fails naming each tampered record; bad files give one line and exit 2", async () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-tamper-"));
  try {
    const data = structuredClone(file);
    const victims = [data.records.find((r) => r.id === "zebra-8x8-sd52-b1")!, data.records.find((r) => r.id === "leaper-1-4-closed-8x8")!];
    [victims[0].witness!.moves[0], victims[0].witness!.moves[5]] = [victims[0].witness!.moves[5], victims[0].witness!.moves[0]];
    victims[1].witness!.moves.pop();
    const path = join(dir, "records.json");
    writeFileSync(path, JSON.stringify(data));
    const report = join(dir, "report.json");
    const r = await runVerify(["--data", path, "--report", report]);
    assert.equal(r.code, 1, r.err);
    for (const v of victims) assert.match(r.err, new RegExp(`FAILED ${v.id}:`));
    const rep = JSON.parse(readFileSync(report, "utf8"));
    assert.equal(rep.summary.failed, 2);

    writeFileSync(path, "{ not json");
    const bad = await runVerify(["--data", path, "--report", report]);
    assert.equal(bad.code, 2);
    assert.equal(bad.err.trim().split("\n").length, 1, bad.err);
    assert.match(bad.err, /not valid JSON/);
    // The earlier report is untouched by a failed run.
    assert.equal(JSON.parse(readFileSync(report, "utf8")).summary.failed, 2);

    const zero = structuredClone(file);
    zero.records[0].board = [0, 0];
    writeFileSync(path, JSON.stringify(zero));
    const z = await runVerify(["--data", path, "--report", report]);
    assert.equal(z.code, 2);
    assert.match(z.err, /board/);
    assert.doesNotMatch(z.err, /at .*\.ts:\d+/); // no stack trace

    const nullLeap = structuredClone(file);
    nullLeap.records[0].piece.leap = [0, 0];
    nullLeap.records[1].witness = { start: "a1", moves: ["z9"], origin: "generated" };
    writeFileSync(path, JSON.stringify(nullLeap));
    const nl = await runVerify(["--data", path, "--report", report]);
    assert.equal(nl.code, 1);
    assert.match(nl.err, new RegExp(`FAILED ${nullLeap.records[0].id}: .*\\[0,0\\]`));
    assert.match(nl.err, new RegExp(`FAILED ${nullLeap.records[1].id}: .*off the`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
