/**
 * A render worker of scripts/lib/prerender.ts: loads the site's entries once,
 * makes the images it is sent with the endpoints' own functions
 * (site/lib/render.ts, through the render cache) and writes each to its paths
 * under the folder it is given, answering each batch with how many it painted
 * (the others came from the cache) so the main thread can send the next.
 * The main thread terminates it when every image is done.
 */
/// <reference lib="deno.worker" />
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { entryById } from "../../site/families/index.ts";
import { diagramPngOf } from "../../site/lib/render.ts";
import { ogPngsOf } from "../../site/lib/og-card.ts";
import { renderStats } from "../../site/lib/render-cache.ts";
import { LANGS } from "../../site/i18n.ts";
import { animationGifOf } from "../../site/lib/animation.ts";
import type { FromWorker, RenderJob, ToWorker } from "./prerender.ts";

async function run(job: RenderJob, outDir: string): Promise<void> {
  const entry = entryById(job.id);
  if (!entry) throw new Error(`no entry ${job.id}`);
  const write = (path: string, image: Uint8Array) => {
    const file = join(outDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, image);
  };
  if (job.kind === "og") {
    const images = await ogPngsOf(entry);
    LANGS.forEach((lang, i) => write(job.paths[i], images[lang]!));
    return;
  }
  const image = job.kind === "animation" ? await animationGifOf(entry) : await diagramPngOf(entry, job.form);
  if (image === null) throw new Error(`${job.id} has no ${job.kind === "diagram" ? job.form : "animated"} diagram`);
  for (const path of job.paths) write(path, image);
}

async function batch(jobs: RenderJob[], outDir: string): Promise<void> {
  const before = renderStats.painted;
  for (const job of jobs) {
    try {
      await run(job, outDir);
    } catch (e) {
      self.postMessage({ type: "error", path: job.paths[0], message: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
      return;
    }
  }
  self.postMessage({ type: "done", rendered: renderStats.painted - before, count: jobs.length } satisfies FromWorker);
}

// One batch after the other: the main thread keeps two queued here, and an
// async handler would otherwise start the second while the first awaits.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const { jobs, outDir } = ev.data;
  queue = queue.then(() => batch(jobs, outDir));
};
