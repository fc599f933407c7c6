/**
 * bench/site.json keeps what it held before a run (scripts/lib/bench-history.ts):
 * earlier runs in short under "history", hand-measured blocks unchanged, and
 * the legacy "before"/"previous" blocks as history entries.
 */
import assert from "node:assert/strict";
import { historyEntry, withHistory } from "../../scripts/lib/bench-history.ts";

const run = (date: string, cpu: number, mb: number) => ({
  note: "n",
  date,
  codeVersion: `v-${date}`,
  machine: { cores: 2 },
  browser: "/usr/bin/chromium",
  build: { pages: 10, fresh: { runs: 1, medianSeconds: 2 * cpu, medianCpuSeconds: cpu, medianLoad1: 1, samples: [] }, cached: null },
  weights: { html: { pages: 10 }, site: { bytes: mb * 1e6, megabytes: mb, files: 3, folders: { og: 1 }, kinds: {} } },
  vitals: [],
});

Deno.test("bench history: a first run has an empty history", () => {
  const out = withHistory(null, run("2026-01-01", 100, 150));
  assert.deepEqual(out.history, []);
  assert.deepEqual(out.date, "2026-01-01");
});

Deno.test("bench history: each run's predecessor is appended, oldest first, hand blocks carried", () => {
  const hand = { note: "measured by hand", steps: [{ siteMegabytes: 163.5 }] };
  const first = { ...withHistory(null, run("2026-01-01", 100, 150)), pageWeight: hand };
  const second = withHistory(first, run("2026-01-02", 80, 130));
  const third = withHistory(second, run("2026-01-03", 50, 110));
  assert.deepEqual(third.pageWeight, hand);
  const h = third.history as Record<string, unknown>[];
  assert.deepEqual(h.map((e) => e.date), ["2026-01-01", "2026-01-02"]);
  assert.deepEqual((h[0].fresh as Record<string, unknown>).medianCpuSeconds, 100);
  assert.deepEqual(h[1].siteMegabytes, 130);
  assert.deepEqual(third.date, "2026-01-03");
  // The run's own keys are this run's, not carried ones.
  assert.deepEqual((third.weights as { site: { megabytes: number } }).site.megabytes, 110);
});

Deno.test("bench history: a file of the old layout keeps its before and previous blocks", () => {
  const old = {
    before: { note: "by hand", date: "2025-12-01", fresh: { cpuSeconds: 133 } },
    previous: { date: "2025-12-02", codeVersion: "x", siteMegabytes: 201.2 },
    pageWeight: { steps: [1, 2, 3] },
    ...run("2025-12-03", 116.9, 187.6),
  };
  const out = withHistory(old, run("2026-01-01", 60, 119));
  const h = out.history as Record<string, unknown>[];
  assert.deepEqual(h.length, 3);
  assert.deepEqual(h[0].note, "by hand");
  assert.ok(String(h[0].source).includes("before"));
  assert.deepEqual(h[1].siteMegabytes, 201.2);
  assert.deepEqual(h[2], historyEntry(old));
  assert.deepEqual(h[2].siteMegabytes, 187.6);
  assert.deepEqual(out.pageWeight, { steps: [1, 2, 3] });
  assert.ok(!("before" in out) && !("previous" in out));
});
