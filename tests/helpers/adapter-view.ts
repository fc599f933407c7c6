/**
 * What the leaper's, the locust's and the hopper's page adapters make of the data folder
 * named by $ATLAS_DATA_DIR, as JSON on stdout: the entries with the ids given
 * as arguments (null where there is none) and each adapter's first table.
 *
 *   ATLAS_DATA_DIR=<folder> deno run -A tests/helpers/adapter-view.ts <family,...> <id>...
 *
 * The adapters read $ATLAS_DATA_DIR once per process, so a test that points
 * them at a folder of its own runs this in a child process: setting the
 * variable in the test's process would reach every test file running beside
 * it (`deno test --parallel` runs the files as threads of one process).
 */
import { leaperAdapter } from "../../site/families/leaper.ts";
import { locustAdapter } from "../../site/families/locust.ts";
import { hopperAdapter } from "../../site/families/hopper.ts";
import type { AtlasEntry, FamilyAdapter, FamilyTableSpec } from "../../site/lib/entry.ts";

/** One adapter's view: the asked entries (null where there is none) and its first table. */
export interface AdapterView {
  entries: Record<string, AtlasEntry>;
  table: FamilyTableSpec;
}

type Family = "leaper" | "locust" | "hopper";
const ADAPTERS: Record<Family, FamilyAdapter> = { leaper: leaperAdapter, locust: locustAdapter, hopper: hopperAdapter };

/**
 * Run this module on the data folder `dir` in a child process and read the view of the given ids by the
 * adapters of `families` (each reads only its own data files).
 */
export async function adapterView(
  dir: string,
  ids: string[],
  families: Family[] = ["leaper", "locust", "hopper"],
): Promise<Record<Family, AdapterView>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, families.join(","), ...ids],
    env: { ATLAS_DATA_DIR: dir },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) throw new Error(`adapter view failed: ${new TextDecoder().decode(out.stderr)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

if (import.meta.main) printView(Deno.args[0].split(",") as Family[], Deno.args.slice(1));

function printView(families: Family[], ids: string[]): void {
  const view = Object.fromEntries(
    families.map((name) => [name, ADAPTERS[name]] as const).map(
      ([name, adapter]) => {
        const entries = new Map(adapter.entries().map((e) => [e.id, e]));
        return [name, { entries: Object.fromEntries(ids.map((id) => [id, entries.get(id) ?? null])), table: adapter.tables()[0] }];
      },
    ),
  );
  console.log(JSON.stringify(view));
}
