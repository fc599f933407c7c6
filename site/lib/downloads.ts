/**
 * The downloads (/downloads/…): every data file of every family in one JSON
 * document, its JSON Schema generated from the atlas's one schema
 * (solvers/records/all.ts), one CSV per family built from the same entries
 * the pages show, and the verify report.
 *
 * records.json gathers the JSON files directly inside each folder of the data
 * directory that validate against the union schema (data/leaper/records.json,
 * data/domination/table.json, …), so a new family's file appears here without
 * a change; side reports (e.g. witness-report.json) are not record files and
 * are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { AnyRecordFile } from "../../solvers/records/all.ts";
import { contributionJsonSchema } from "../../solvers/contributions/schema.ts";
import type { AtlasEntry } from "./entry.ts";
import type { Lang } from "../i18n.ts";
import { absoluteUrl } from "./paths.ts";
import { dataDir, getAtlas } from "../data.ts";
import { ADAPTERS, entryPath } from "../families/index.ts";

export const DownloadBundle = z.object({
  /** When this build was made (ISO). */
  generatedAt: z.string(),
  /** Each family's data file as stored under data/<family>/. */
  files: z.array(AnyRecordFile),
});
export type DownloadBundle = z.infer<typeof DownloadBundle>;

/** The record files of a data directory, in folder order, with their paths relative to it. */
export function recordFiles(dataDir: string): { path: string; file: unknown }[] {
  const out: { path: string; file: unknown }[] = [];
  if (!existsSync(dataDir)) return out;
  for (const folder of readdirSync(dataDir).sort()) {
    const dir = join(dataDir, folder);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".json")) continue;
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(join(dir, name), "utf8"));
      } catch {
        continue;
      }
      // Only files that are record files; they are kept exactly as stored.
      if (AnyRecordFile.safeParse(raw).success) out.push({ path: `${folder}/${name}`, file: raw });
    }
  }
  return out;
}

export function downloadBundle(dataDir: string, builtAt: Date): DownloadBundle {
  return { generatedAt: builtAt.toISOString(), files: recordFiles(dataDir).map((f) => f.file as DownloadBundle["files"][number]) };
}

/** JSON Schema of records.json (draft 2020-12). */
export function bundleJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(DownloadBundle, { target: "draft-2020-12", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...schema,
    $id: absoluteUrl("/downloads/schema.json"),
    title: "Chessboard Record Atlas: all records",
    description: "The data files of every record family, as published at /downloads/records.json.",
  };
}

export const CSV_COLUMNS = [
  "id",
  "family",
  "title_en",
  "title_cs",
  "problem",
  "board",
  "published_value",
  "claim_status",
  "author",
  "publication",
  "year",
  "source",
  "ours",
  "status",
  "url_en",
  "url_cs",
] as const;

function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV (RFC 4180, CRLF line ends) of a family's entries, one row per record. */
export function entriesCsv(entries: readonly AtlasEntry[], urlOf: (e: AtlasEntry, lang: Lang) => string): string {
  const rows: (string | number | null | undefined)[][] = [[...CSV_COLUMNS]];
  for (const e of entries) {
    rows.push([
      e.id,
      e.family,
      e.title.en,
      e.title.cs,
      e.problem.en,
      e.board.join("x"),
      e.claim?.value,
      e.claim?.status,
      e.claim?.author,
      e.claim?.publication,
      e.claim?.year,
      e.claim?.sourceRef,
      e.ours,
      e.status,
      absoluteUrl(urlOf(e, "en")),
      absoluteUrl(urlOf(e, "cs")),
    ]);
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export type DownloadFile = {
  type: string;
  /** The file's text (built once per build and shared by the endpoint and the downloads page, which states its size). */
  body: () => string;
};

let files: Record<string, DownloadFile> | undefined;

/** Every download of this build by file name (records.json, schema.json, verify.json when a report exists, <family>.csv). */
export function downloadFiles(): Record<string, DownloadFile> {
  if (files) return files;
  const atlas = getAtlas();
  const once = (make: () => string) => {
    let text: string | undefined;
    return () => (text ??= make());
  };
  files = {
    "records.json": {
      type: "application/json",
      body: once(() => JSON.stringify(downloadBundle(dataDir(), atlas.builtAt), null, 1) + "\n"),
    },
    "schema.json": { type: "application/schema+json", body: once(() => JSON.stringify(bundleJsonSchema(), null, 1) + "\n") },
    // The schema of one contribution file (CONTRIBUTING.md), the one verify checks them with.
    "contribution.schema.json": {
      type: "application/schema+json",
      body: once(() => JSON.stringify(contributionJsonSchema(absoluteUrl("/downloads/contribution.schema.json")), null, 1) + "\n"),
    },
  };
  if (atlas.report) files["verify.json"] = { type: "application/json", body: once(() => readFileSync(atlas.reportPath, "utf8")) };
  for (const a of ADAPTERS) files[`${a.family}.csv`] = { type: "text/csv", body: once(() => entriesCsv(a.entries(), entryPath)) };
  return files;
}

/** Size in bytes of a download as served (UTF-8). */
export function downloadSize(name: string): number | null {
  const f = downloadFiles()[name];
  return f ? new TextEncoder().encode(f.body()).length : null;
}
