/**
 * Renders every image of the site (PNG permalinks, share images, animated
 * GIFs) in parallel workers while Astro builds the pages beside them, and
 * writes them into a folder of their own that the build then moves into the
 * site (scripts/commands/build.ts): Astro renders its endpoints one after
 * another in one thread, and on a fresh build the images are most of the
 * work. With ATLAS_IMAGES_BY_BUILD=1 the image endpoints give Astro no paths
 * (site/lib/render.ts imagesByBuild()), so Astro's pages and these images
 * are made at the same time, on every core.
 * The workers call the very functions the endpoints call (diagramPngOf,
 * ogPngOf, animationGifOf), so there is one renderer and one render cache
 * (.cache/renders/: a rebuild paints only what changed).
 *
 * The job list is the same as the endpoints' getStaticPaths: every diagram
 * form of every entry, every entry in every language, every animation.
 * Diagrams showing the same position (equal DiagramSpec, hence the same drawn
 * SVG) are rendered once and written to each of their paths. Animations and
 * share cards go first (the big jobs), then the permalinks, in small batches
 * handed to whichever worker is free, so the workers finish together.
 */
import { availableParallelism } from "node:os";
import { allEntries } from "../../site/families/index.ts";
import { DIAGRAM_FORMS, type DiagramForm, diagramOf } from "../../site/lib/diagram-alt.ts";
import { type Lang, LANGS } from "../../site/i18n.ts";
import type { AtlasEntry } from "../../site/lib/entry.ts";
import { animationReplay } from "../../site/lib/animation.ts";

/**
 * Images of the site to make: a diagram permalink /diagrams/<id>/<form>.png
 * (`paths`: every path of the site that shows the same drawing), a record's
 * share images /og/<lang>/<id>.png in every language (made together: their
 * diagram half is painted once; `paths` in the order of LANGS), or an
 * animation /diagrams/<id>/solution.gif.
 */
export type RenderJob =
  | { kind: "diagram"; id: string; form: DiagramForm; paths: string[] }
  | { kind: "og"; id: string; paths: string[] }
  | { kind: "animation"; id: string; paths: string[] };

export const diagramPath = (id: string, form: DiagramForm) => `/diagrams/${id}/${form}.png`;
export const ogPath = (id: string, lang: Lang) => `/og/${lang}/${id}.png`;

/** The images to render: animations and share cards first (the big jobs), then one permalink per distinct diagram. */
export function renderJobs(entries: readonly AtlasEntry[]): RenderJob[] {
  const jobs: RenderJob[] = [];
  for (const e of entries) if (animationReplay(e)) jobs.push({ kind: "animation", id: e.id, paths: [`/diagrams/${e.id}/solution.gif`] });
  for (const e of entries) jobs.push({ kind: "og", id: e.id, paths: LANGS.map((lang) => ogPath(e.id, lang)) });
  const byDrawing = new Map<string, RenderJob>();
  for (const e of entries) {
    for (const form of DIAGRAM_FORMS) {
      const spec = diagramOf(e, form);
      if (!spec) continue;
      const key = JSON.stringify(spec);
      const path = diagramPath(e.id, form);
      const job = byDrawing.get(key);
      if (job) job.paths.push(path);
      else {
        const first: RenderJob = { kind: "diagram", id: e.id, form, paths: [path] };
        byDrawing.set(key, first);
        jobs.push(first);
      }
    }
  }
  return jobs;
}

export interface PrerenderResult {
  workers: number;
  /** Images of the site (one per PNG endpoint). */
  images: number;
  /** Distinct images made (each language's share image counted). */
  jobs: number;
  /** Images that were painted now (the rest were in the cache already). */
  rendered: number;
  seconds: number;
}

/** Messages between this module and scripts/lib/prerender-worker.ts: jobs, and the folder their images are written into. */
export type ToWorker = { type: "jobs"; jobs: RenderJob[]; outDir: string };
export type FromWorker =
  | { type: "done"; rendered: number; count: number }
  | { type: "error"; path: string; message: string };

const BATCH = 8;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Renders every image of the site with `workers` workers and writes each to
 * its paths under `outDir` (through the render cache). `progress` is called
 * now and then with the images done so far. Rejects with the path of the
 * first image that failed.
 */
export async function prerender(
  workers: number,
  outDir: string,
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
        w.postMessage({ type: "jobs", jobs: batch, outDir } satisfies ToWorker);
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
          if (done - reported >= 500 || done === jobs.length) {
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
      images: jobs.reduce((n, j) => n + j.paths.length, 0),
      jobs: jobs.reduce((n, j) => n + (j.kind === "og" ? j.paths.length : 1), 0),
      rendered,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const w of pool) w.terminate();
  }
}
