/**
 * The checkpoint of a long locust scan (scripts/families/locust/lib/scan-checkpoint.ts):
 * a checkpoint written for the same scan is read back as written; one written
 * for other parameters (another restriction, start, cell or space size), a
 * damaged one and one past its space's end are refused with a CliError (exit 2)
 * naming the file, never continued.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CliError } from "../../scripts/lib/cli.ts";
import {
  defaultCheckpointPath,
  loadScanCheckpoint,
  saveScanCheckpoint,
  type ScanParams,
} from "../../scripts/families/locust/lib/scan-checkpoint.ts";

const params: ScanParams = {
  cell: "locust-8x8-dual-free-closed",
  start: "a1",
  menAt: ["b1", "a2"],
  emptyAt: ["c1", "a3"],
  first: ["b1", "c1"],
  end: null,
};
const progress = { placements: 47900, withSequence: 20, unique: 0, closed: 20, nodes: 71473811 };

function refused(f: () => unknown, path: string, what: RegExp): void {
  assert.throws(
    f,
    (e) => e instanceof CliError && e.exitCode === 2 && e.message.includes(path) && what.test(e.message) && !e.message.includes("\n"),
  );
}

Deno.test("a scan checkpoint is continued only by the same scan", () => {
  const dir = mkdtempSync(join(tmpdir(), "scan-cp-"));
  try {
    const path = join(dir, "cp.json");
    assert.equal(loadScanCheckpoint(path, params, 1860016), null);
    saveScanCheckpoint(path, { scan: params, size: 1860016, progress, seconds: 13.4, date: "2026-11-25T04:50:00Z" });
    const cp = loadScanCheckpoint(path, params, 1860016);
    assert.deepEqual(cp?.progress, progress);
    assert.equal(cp?.seconds, 13.4);
    for (
      const other of [{ ...params, emptyAt: ["a3"] }, { ...params, start: "b1" }, { ...params, cell: "locust-8x8-dual-free" }, {
        ...params,
        end: "a1",
      }]
    ) {
      refused(() => loadScanCheckpoint(path, other, 1860016), path, /another scan/);
    }
    refused(() => loadScanCheckpoint(path, params, 1860015), path, /another scan/);
    saveScanCheckpoint(path, { scan: params, size: 100, progress, seconds: 1, date: "x" });
    refused(() => loadScanCheckpoint(path, params, 100), path, /past the end/);
    writeFileSync(path, JSON.stringify({ scan: params, size: 1860016, progress: { ...progress, unique: -1 }, seconds: 1 }));
    refused(() => loadScanCheckpoint(path, params, 1860016), path, /damaged/);
    writeFileSync(path, '{"scan":');
    refused(() => loadScanCheckpoint(path, params, 1860016), path, /not readable/);
    // different restrictions get different default files
    assert.notEqual(defaultCheckpointPath(params), defaultCheckpointPath({ ...params, emptyAt: ["a3"] }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
