/**
 * Certificates of the exhaustive runs, published at the path they have in the
 * repository (/data/<family>/proofs/<cell>/certificate.json with its shard files),
 * so a record page can link its proof and anyone can check the shards'
 * SHA-256. Every JSON file below a `proofs` folder of the data directory is
 * published (a magic-tour run once it is merged), and every certificate an
 * entry links to; work in progress (checkpoints) is not.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { dataDir } from "../../data.ts";
import { allEntries } from "../../families/index.ts";

function proofFiles(dir: string, inProofs: boolean, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // A magic run folder is published once it is merged: an unfinished one holds thousands of shard files.
      const unmerged = dir.endsWith(`${sep}magic${sep}proofs`) && !existsSync(join(path, "certificate.json"));
      if (name !== "checkpoints" && !unmerged) proofFiles(path, inProofs || name === "proofs", out);
    } else if (inProofs && name.endsWith(".json")) out.push(path);
  }
}

export const getStaticPaths = (() => {
  const root = dataDir();
  const files: string[] = [];
  if (existsSync(root)) proofFiles(root, false, files);
  for (const e of allEntries()) {
    // Certificates live under data/: "/data/x/y.json" is <data dir>/x/y.json.
    if (!e.certificate?.startsWith("/data/")) continue;
    const file = join(root, ...e.certificate.slice("/data/".length).split("/"));
    // Only files can be served; a certificate that names a folder is left to the link checker to report.
    if (existsSync(file) && statSync(file).isFile() && !files.includes(file)) files.push(file);
  }
  const paths = files.map((file) => ({ params: { path: relative(root, file).split(sep).join("/") }, props: { file } }));
  // A published path never changes (site/lib/paths.ts): the leaper's and the locust's proofs were at
  // /data/proofs/<cell>/ until 2026-11-28, the magic runs at /data/magic/runs/<key>/ until
  // 2026-11-29, so their files are served at the old path too.
  const legacy = paths.flatMap((p) => {
    const m = /^(?:leaper|locust)\/proofs\/(.+)$/.exec(p.params.path);
    if (m) return [{ params: { path: `proofs/${m[1]}` }, props: p.props }];
    const g = /^magic\/proofs\/(.+)$/.exec(p.params.path);
    return g ? [{ params: { path: `magic/runs/${g[1]}` }, props: p.props }] : [];
  });
  return [...paths, ...legacy];
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  return new Response(readFileSync((props as { file: string }).file), { headers: { "content-type": "application/json; charset=utf-8" } });
};
