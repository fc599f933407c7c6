/**
 * The downloads at stable URLs: /downloads/records.json (every family's data
 * file), /downloads/schema.json (its JSON Schema), /downloads/<family>.csv
 * (one row per record) and /downloads/verify.json (the report the build used).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { readFileSync } from "node:fs";
import { dataDir, getAtlas } from "../../data.ts";
import { ADAPTERS, entryPath } from "../../families/index.ts";
import { bundleJsonSchema, downloadBundle, entriesCsv } from "../../lib/downloads.ts";

type Download = { body: () => string; type: string };

export const getStaticPaths = (() => {
  const atlas = getAtlas();
  const files: Record<string, Download> = {
    "records.json": { type: "application/json", body: () => JSON.stringify(downloadBundle(dataDir(), atlas.builtAt), null, 1) + "\n" },
    "schema.json": { type: "application/schema+json", body: () => JSON.stringify(bundleJsonSchema(), null, 1) + "\n" },
  };
  if (atlas.report) files["verify.json"] = { type: "application/json", body: () => readFileSync(atlas.reportPath, "utf8") };
  for (const a of ADAPTERS) files[`${a.family}.csv`] = { type: "text/csv", body: () => entriesCsv(a.entries(), entryPath) };
  return Object.keys(files).map((file) => ({ params: { file }, props: files[file] }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const d = props as Download;
  return new Response(d.body(), { headers: { "content-type": `${d.type}; charset=utf-8` } });
};
