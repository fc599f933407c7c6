/**
 * Times scripts/lib/prerender.ts alone (no Astro): every image of the site
 * with W workers (default 2), CPU seconds of the process. Give it an empty
 * render cache for a fresh figure:
 *   ATLAS_RENDER_CACHE=$(mktemp -d) deno run -A scripts/lib/bench-prerender.ts [W]
 */
import { cpuSeconds } from "./cpu.ts";
import { prerender } from "./prerender.ts";
const workers = Number(Deno.args[0] ?? 2);
const out = Deno.makeTempDirSync({ prefix: "prerender-bench-" });
const c = cpuSeconds();
const r = await prerender(workers, out + "/site", (d, t) => console.log(`${d}/${t} ${(cpuSeconds() - c).toFixed(1)} s CPU`));
console.log(JSON.stringify({ ...r, cpuSeconds: +(cpuSeconds() - c).toFixed(1) }));
Deno.removeSync(out, { recursive: true });
