/**
 * Weights of a built site, read from its files: the JavaScript each Astro
 * island loads (its component chunk, the renderer, and every chunk they import,
 * followed transitively), gzipped as a server would send it, and HTML sizes.
 * Used by scripts/lib/bench-site.ts (recorded figures) and tests/site/browser_test.ts
 * (the replay's budget of 30 kB gzipped).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export function gzipSize(bytes: Uint8Array | string): number {
  return gzipSync(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes, { level: 9 }).length;
}

/** Static imports of an ES module chunk ("./x.js", "/_astro/x.js"); dynamic import() is not followed. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]);
  return out;
}

/** Dynamic imports of a chunk (import("./x.js"), as Vite writes them, possibly through its preload helper). */
function dynamicImports(code: string): string[] {
  const out: string[] = [];
  const re = /import\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]);
  return out;
}

/** A site URL ("/_astro/x.js", with the base path in front) to its file in dist. */
function fileOfUrl(dist: string, url: string, base: string): string | null {
  let path = url.replace(/[?#].*$/, "");
  if (base !== "/" && path.startsWith(base)) path = "/" + path.slice(base.length);
  const file = join(dist, decodeURIComponent(path));
  return existsSync(file) ? file : null;
}

export interface ScriptWeight {
  /** Files loaded, relative to dist. */
  files: string[];
  bytes: number;
  /** Sum of the files gzipped one by one (as a server sends them). */
  gzip: number;
}

/** Every chunk reachable from these files through static imports. */
export function closureWeight(dist: string, entryFiles: string[]): ScriptWeight {
  const seen = new Set<string>();
  const queue = [...entryFiles];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const spec of staticImports(code)) {
      const target = spec.startsWith("/") ? join(dist, spec) : resolve(dirname(file), spec);
      if (existsSync(target)) queue.push(target);
    }
  }
  let bytes = 0;
  let gzip = 0;
  const files = [...seen].sort();
  for (const f of files) {
    const data = readFileSync(f);
    bytes += data.length;
    gzip += gzipSize(data);
  }
  return { files: files.map((f) => f.slice(dist.length + 1)), bytes, gzip };
}

/**
 * The replay islands (<replay-island>, site/components/ReplayIsland.astro):
 * the page's module script that starts them (site/islands/replay-boot.ts),
 * the chunks it imports when an island starts (its dynamic imports: Preact
 * and the component) and everything those import statically. The component's
 * own dynamic imports ("try it") load only on demand and are not counted.
 */
function replayIslandWeight(dist: string, html: string, base: string): IslandWeight | null {
  if (!/<replay-island\b/.test(html)) return null;
  const srcs = [...html.matchAll(/<script\b[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)].map((m) =>
    fileOfUrl(dist, m[1].replace(/&amp;/g, "&"), base)
  )
    .filter((f): f is string => f !== null);
  for (const boot of srcs) {
    const code = readFileSync(boot, "utf8");
    if (!code.includes("replay-island")) continue;
    const started = dynamicImports(code).map((spec) => (spec.startsWith("/") ? fileOfUrl(dist, spec, base) : resolve(dirname(boot), spec)))
      .filter((f): f is string => f !== null && existsSync(f));
    return { component: "Replay", ...closureWeight(dist, [boot, ...started]) };
  }
  return null;
}

export interface IslandWeight extends ScriptWeight {
  /** The component's export name as Astro records it (e.g. "Replay"). */
  component: string;
}

/**
 * The islands of one HTML page and the JavaScript each loads (the Astro
 * runtime's inline script is in the HTML): Astro's <astro-island>s and the
 * replay's own <replay-island>.
 */
export function islandWeights(dist: string, html: string, base = "/"): IslandWeight[] {
  const out = new Map<string, IslandWeight>();
  const islandRe = /<astro-island\b[^>]*>/g;
  for (let m = islandRe.exec(html); m; m = islandRe.exec(html)) {
    const tag = m[0];
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, "&") ?? null;
    const componentUrl = attr("component-url");
    const rendererUrl = attr("renderer-url");
    const name = attr("component-export") === "default" || !attr("component-export")
      ? (componentUrl?.match(/\/([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+\.js$/)?.[1] ?? componentUrl ?? "island")
      : attr("component-export")!;
    const entries = [componentUrl, rendererUrl].filter((u): u is string => !!u).map((u) => fileOfUrl(dist, u, base)).filter((
      f,
    ): f is string => f !== null);
    if (entries.length === 0 || out.has(name)) continue;
    out.set(name, { component: name, ...closureWeight(dist, entries) });
  }
  const replay = replayIslandWeight(dist, html, base);
  if (replay && !out.has(replay.component)) out.set(replay.component, replay);
  return [...out.values()];
}

export interface HtmlWeights {
  pages: number;
  bytes: number;
  gzip: number;
  largest: { path: string; bytes: number };
}

/** Every .html file under dir: count, total bytes (raw and gzipped) and the largest. */
export function htmlWeights(dist: string): HtmlWeights {
  let pages = 0;
  let bytes = 0;
  let gzip = 0;
  let largest = { path: "", bytes: 0 };
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".html")) {
        const data = readFileSync(p);
        pages++;
        bytes += data.length;
        gzip += gzipSize(data);
        if (data.length > largest.bytes) largest = { path: p.slice(dist.length), bytes: data.length };
      }
    }
  };
  walk(dist);
  return { pages, bytes, gzip, largest };
}
