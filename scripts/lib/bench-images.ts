/**
 * What the site's images cost, per kind, in this process (no workers, no
 * render cache): every Nth record's share cards (Satori alone, and Satori +
 * painting + encoding), PNG permalinks (painting, encoding) and animations
 * (frames, encoding), with the projection to the whole site (the painter's
 * sprites are painted as the sample needs them: a sparse sample amortizes
 * them over fewer images than a build does). A quick check
 * while working on the renderers; the build's own figure is `atlas bench site`.
 *
 *   deno run -A scripts/lib/bench-images.ts [N]     (N = 20 by default)
 */
import { cpuSeconds } from "./cpu.ts";
import { allEntries } from "../../site/families/index.ts";
import { DIAGRAM_FORMS, diagramOf, diagramTitle } from "../../site/lib/diagram-alt.ts";
import { drawnPart, paintPixels, PERMALINK_COLOURS, PERMALINK_WIDTH, permalinkPixels, permalinkSvg } from "../../site/lib/render.ts";
import { encodePng } from "../../site/lib/png.ts";
import { OG_COLOURS, ogPixels, ogTextSvg } from "../../site/lib/og-card.ts";
import { animationDelays, animationFrames, animationReplay, encodeAnimation } from "../../site/lib/animation.ts";
import { entryStatusWords } from "../../site/lib/status-words.ts";
import { renderJobs } from "./prerender.ts";
const every = Number(Deno.args[0] ?? 20);
const entries = allEntries();
const jobs = renderJobs(entries);
const counts: Record<string, number> = {};
for (const j of jobs) counts[j.kind] = (counts[j.kind] ?? 0) + 1;
console.log("entries", entries.length, "jobs", counts);
const sample = entries.filter((_, i) => i % every === 0);
// warm
await ogTextSvg(sample[0], "en", "x");
paintPixels(permalinkSvg(diagramOf(sample[0], "solution") ?? diagramOf(sample[0], "problem")!, "t"), 480);
const t: Record<string, number> = { satori: 0, ogTotal: 0, permPaint: 0, permEnc: 0, gifPaint: 0, gifEnc: 0 };
const n: Record<string, number> = { og: 0, perm: 0, gif: 0 };
for (const e of sample) {
  let c = cpuSeconds();
  // Satori's layout as the cards use it: placed words, no glyph outlines (site/lib/og-text.ts).
  for (const lang of ["en", "cs"] as const) await ogTextSvg(e, lang, entryStatusWords(e, lang).label, undefined, false);
  t.satori += cpuSeconds() - c;
  c = cpuSeconds();
  const halves = {};
  for (const lang of ["en", "cs"] as const) {
    const p = await ogPixels(e, lang, entryStatusWords(e, lang).label, halves);
    encodePng(p.pixels, p.width, p.height, OG_COLOURS);
  }
  t.ogTotal += cpuSeconds() - c;
  n.og += 2;
  for (const form of DIAGRAM_FORMS) {
    const spec = diagramOf(e, form);
    if (!spec) continue;
    c = cpuSeconds();
    const img = permalinkPixels(spec) ?? paintPixels(drawnPart(permalinkSvg(spec, diagramTitle(e, form, "en"))), PERMALINK_WIDTH);
    t.permPaint += cpuSeconds() - c;
    c = cpuSeconds();
    encodePng(img.pixels, img.width, img.height, PERMALINK_COLOURS);
    t.permEnc += cpuSeconds() - c;
    n.perm++;
  }
  const r = animationReplay(e);
  if (r) {
    c = cpuSeconds();
    const f = animationFrames(r);
    t.gifPaint += cpuSeconds() - c;
    c = cpuSeconds();
    encodeAnimation(f.frames, f.width, f.height, animationDelays(f.frames.length), f.regions);
    t.gifEnc += cpuSeconds() - c;
    n.gif++;
  }
}
const ms = (x: number, k: number) => (1000 * x / k).toFixed(1);
console.log(
  `sample 1/${every}: og cards ${n.og}: satori ${ms(t.satori, n.og)} ms/card, total (satori+paint+enc) ${ms(t.ogTotal, n.og)} ms/card`,
);
console.log(`perm ${n.perm}: paint ${ms(t.permPaint, n.perm)} enc ${ms(t.permEnc, n.perm)} ms`);
console.log(`gif ${n.gif}: frames ${ms(t.gifPaint, n.gif)} enc ${ms(t.gifEnc, n.gif)} ms`);
const est = {
  og: counts.og * 2 * t.ogTotal / n.og,
  perm: counts.diagram * (t.permPaint + t.permEnc) / n.perm,
  gif: counts.animation * (t.gifPaint + t.gifEnc) / n.gif,
};
console.log("projected CPU s for the whole site:", Object.fromEntries(Object.entries(est).map(([k, v]) => [k, v.toFixed(1)])));
