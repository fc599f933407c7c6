/**
 * Fills the render cache (.cache/renders/, site/lib/render.ts) before Astro
 * runs, in parallel workers: Astro renders its endpoints one after another in
 * one thread, and on a fresh build the PNG permalinks and share images are
 * most of its work (~35 ms of CPU per share card, ~8 ms per permalink).
 * The workers call the very functions the endpoints call (diagramPngOf,
 * ogPngOf), so they compute the same cache keys and there is one renderer;
 * Astro then only reads the cache.
 *
 * The job list is the same as the endpoints' getStaticPaths: every diagram
 * form of every entry, and every entry in every language. Diagrams showing the
 * same position (equal DiagramSpec, hence the same drawn SVG) are sent once:
 * the others are cache hits. Share cards go first (the big jobs), then the
 * permalinks, in small batches handed to whichever worker is free, so the
 * workers finish together.
 */
import { availableParallelism } from "node:os";
import { allEntries } from "../../site/families/index.ts";
import { DIAGRAM_FORMS, type DiagramForm, diagramOf } from "../../site/lib/diagram-alt.ts";
import { type Lang, LANGS } from "../../site/i18n.ts";
import type { AtlasEntry } from "../../site/lib/entry.ts";
import { animationReplay } from "../../site/lib/animation.ts";

/** One image of the site: /diagrams/<id>/<form>.png, /og/<lang>/<id>.png or /diagrams/<id>/solution.gif. */
export type RenderJob =
  | { kind: "diagram"; id: string; form: DiagramForm }
  | { kind: "og"; id: string; lang: Lang }
  | { kind: "animation"; id: string };

export function jobPath(job: RenderJob): string {
  if (job.kind === "animation") return `/diagrams/${job.id}/solution.gif`;
  return job.kind === "diagram" ? `/diagrams/${job.id}/${job.form}.png` : `/og/${job.lang}/${job.id}.png`;
}

/** The images to render: animations and share cards first (the big jobs), then one permalink per distinct diagram. */
export function renderJobs(entries: readonly AtlasEntry[]): RenderJob[] {
  const jobs: RenderJob[] = [];
  for (const e of entries) if (animationReplay(e)) jobs.push({ kind: "animation", id: e.id });
  for (const lang of LANGS) for (const e of entries) jobs.push({ kind: "og", id: e.id, lang });
  const seen = new Set<string>();
  for (const e of entries) {
    for (const form of DIAGRAM_FORMS) {
      const spec = diagramOf(e, form);
      if (!spec) continue;
      const key = JSON.stringify(spec);
      if (seen.has(key)) continue;
      seen.add(key);
      jobs.push({ kind: "diagram", id: e.id, form });
    }
  }
  return jobs;
}

/** How many images the site has (endpoints, duplicates included). */
export function imageCount(entries: readonly AtlasEntry[]): number {
  let n = LANGS.length * entries.length + entries.filter((e) => animationReplay(e)).length;
  for (const e of entries) for (const form of DIAGRAM_FORMS) if (diagramOf(e, form)) n++;
  return n;
}

export interface PrerenderResult {
  workers: number;
  /** Images of the site (one per PNG endpoint). */
  images: number;
  /** Jobs sent to the workers (distinct renders). */
  jobs: number;
  /** Jobs that were painted now (the rest were in the cache already). */
  rendered: number;
  seconds: number;
}

/** Messages between this module and scripts/lib/prerender-worker.ts. */
export type ToWorker = { type: "jobs"; jobs: RenderJob[] };
export type FromWorker =
  | { type: "done"; rendered: number; count: number }
  | { type: "error"; path: string; message: string };

const BATCH = 8;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Renders every image of the site into the cache with `workers` workers.
 * `progress` is called now and then with the images done so far.
 * Rejects with the path of the first image that failed.
 */
export async function prerender(
  workers: number,
  progress: (done: number, total: number) => void = () => {},
): Promise<PrerenderResult> {
  const started = performance.now();
  const pool: Worker[] = [];
  const url = new URL("./prerender-worker.ts", import.meta.url);
  // Start the workers first: each loads the site modules and the data (~1 s) while this thread does the same.
  for (let i = 0; i < workers; i++) pool.push(new Worker(url, { type: "module" }));
  try {
    const entries = allEntries();
    const jobs = renderJobs(entries);
    let next = 0;
    let done = 0;
    let rendered = 0;
    let reported = 0;
    await new Promise<void>((resolve, reject) => {
      if (jobs.length === 0) resolve();
      const feed = (w: Worker) => {
        if (next >= jobs.length) return;
        const batch = jobs.slice(next, next + BATCH);
        next += batch.length;
        w.postMessage({ type: "jobs", jobs: batch } satisfies ToWorker);
      };
      for (const w of pool) {
        w.onmessage = (ev: MessageEvent<FromWorker>) => {
          const m = ev.data;
          if (m.type === "error") {
            reject(new Error(`rendering ${m.path} failed: ${m.message}`));
            return;
          }
          done += m.count;
          rendered += m.rendered;
          if (done - reported >= 250 || done === jobs.length) {
            reported = done;
            progress(done, jobs.length);
          }
          if (done === jobs.length) resolve();
          else feed(w);
        };
        w.onerror = (ev) => {
          ev.preventDefault();
          reject(new Error(`a render worker failed: ${ev.message}`));
        };
      }
      // Two batches each to start, so a worker never waits for its next one.
      for (const w of pool) feed(w);
      for (const w of pool) feed(w);
    });
    return {
      workers,
      images: imageCount(entries),
      jobs: jobs.length,
      rendered,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const w of pool) w.terminate();
  }
}
