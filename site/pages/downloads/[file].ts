/**
 * The downloads at stable URLs: /downloads/records.json (every family's data
 * file), /downloads/schema.json (its JSON Schema), /downloads/<family>.csv
 * (one row per record) and /downloads/verify.json (the report the build used).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { type DownloadFile, downloadFiles } from "../../lib/downloads.ts";

export const getStaticPaths = (() => {
  const files = downloadFiles();
  return Object.keys(files).map((file) => ({ params: { file }, props: files[file] }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const d = props as DownloadFile;
  return new Response(d.body(), { headers: { "content-type": `${d.type}; charset=utf-8` } });
};
