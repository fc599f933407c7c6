/**
 * A render worker of scripts/lib/prerender.ts: loads the site's entries once
 * and paints the images it is sent into the render cache with the endpoints'
 * own functions (site/lib/render.ts), answering each batch with how many it
 * painted (the others were cached) so the main thread can send the next.
 * The main thread terminates it when every image is done.
 */
/// <reference lib="deno.worker" />
import { entryById } from "../../site/families/index.ts";
import { diagramPngOf, ogPngOf } from "../../site/lib/render.ts";
import { animationGifOf } from "../../site/lib/animation.ts";
import { type FromWorker, jobPath, type RenderJob, type ToWorker } from "./prerender.ts";

async function run(job: RenderJob): Promise<boolean> {
  const entry = entryById(job.id);
  if (!entry) throw new Error(`no entry ${job.id}`);
  const png = job.kind === "og"
    ? await ogPngOf(entry, job.lang, false)
    : job.kind === "animation"
    ? await animationGifOf(entry, false)
    : await diagramPngOf(entry, job.form, false);
  if (png === null) throw new Error(`${job.id} has no ${job.kind === "diagram" ? job.form : job.kind === "animation" ? "animated" : ""} diagram`);
  // read = false: a cached image comes back empty, a painted one with its bytes.
  return png.length > 0;
}

async function batch(jobs: RenderJob[]): Promise<void> {
  let rendered = 0;
  for (const job of jobs) {
    try {
      if (await run(job)) rendered++;
    } catch (e) {
      self.postMessage({ type: "error", path: jobPath(job), message: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
      return;
    }
  }
  self.postMessage({ type: "done", rendered, count: jobs.length } satisfies FromWorker);
}

// One batch after the other: the main thread keeps two queued here, and an
// async handler would otherwise start the second while the first awaits.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const { jobs } = ev.data;
  queue = queue.then(() => batch(jobs));
};
