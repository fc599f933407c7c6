/**
 * The render cache of the atlas's images (build time only: Node APIs). A PNG
 * depends only on what is drawn and RENDER_VERSION, so it is stored under
 * .cache/renders/ (gitignored) by the SHA-256 of those, and a rebuild paints
 * only what changed. ATLAS_NO_RENDER_CACHE=1 paints everything afresh;
 * ATLAS_RENDER_CACHE moves the folder. Also here: whether the build (not
 * Astro) renders the images, and how many this thread painted.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";

/** Bump when the drawing changes so cached renders are not reused. */
export const RENDER_VERSION = "9";
// The project root is the working directory: Astro bundles this module, so import.meta.url
// points into the build output, not into site/lib/ (scripts/commands/build.ts runs Astro from the root).
const ROOT = process.cwd();
// ATLAS_RENDER_CACHE moves it (benchmarks of a fresh build use an empty one of their own).
const CACHE_DIR = process.env.ATLAS_RENDER_CACHE ? resolve(process.env.ATLAS_RENDER_CACHE) : join(ROOT, ".cache", "renders");

/**
 * Whether `atlas build` renders the images itself (scripts/lib/prerender.ts,
 * in workers running beside Astro) and writes them into the site: then the
 * image endpoints (/og/…png, /diagrams/…png and …gif) give Astro no paths.
 * Unset (astro dev, `atlas build --workers 0`), Astro renders them.
 */
export function imagesByBuild(): boolean {
  return process.env.ATLAS_IMAGES_BY_BUILD === "1";
}

/** How many images this thread has painted (not taken from the cache): the prerender workers report it. */
export const renderStats = { painted: 0 };

/**
 * Turns the cache off for this thread only (`renderCache.off = true`): the tests that compare fresh paintings
 * do so, where setting ATLAS_NO_RENDER_CACHE would reach the test files running beside them in the same process
 * and the builds they start.
 */
export const renderCache = { off: false };

function cacheEnabled(): boolean {
  return !renderCache.off && process.env.ATLAS_NO_RENDER_CACHE !== "1";
}

export function hashOf(parts: string[]): string {
  const h = createHash("sha256");
  h.update(RENDER_VERSION);
  for (const p of parts) h.update("\0" + p);
  return h.digest("hex");
}

function cacheFile(key: string, ext: string): string {
  return join(CACHE_DIR, key.slice(0, 2), `${key}.${ext}`);
}

/**
 * The image of `key` (a PNG, or another file type `ext`), from the cache or
 * made and stored. With `read: false` a cached image is only checked for, not
 * read (the prerender step fills the cache and needs no bytes back); the
 * result is then empty when it was cached.
 */
export async function cached(key: string, make: () => Promise<Uint8Array> | Uint8Array, read = true, ext = "png"): Promise<Uint8Array> {
  const file = cacheFile(key, ext);
  if (cacheEnabled() && existsSync(file)) {
    if (!read) return new Uint8Array(0);
    try {
      return new Uint8Array(readFileSync(file));
    } catch {
      // Gone since existsSync (someone emptied the cache): paint it again.
    }
  }
  const png = await make();
  renderStats.painted++;
  if (cacheEnabled()) {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, png);
    renameSync(tmp, file);
  }
  return png;
}
