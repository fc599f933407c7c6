/**
 * The share card's text painted from word sprites (site/lib/og-text.ts,
 * render.ts ogTextPixels) against Satori's glyph outlines painted by resvg
 * (ogTextPixelsByResvg), over records of every family in both languages and
 * a card full of Czech letters: the mean difference per channel is small and
 * no word's box is far off; a word with a letter changed is.
 */
import assert from "node:assert/strict";
import { ADAPTERS } from "../../site/families/index.ts";
import type { AtlasEntry } from "../../site/lib/entry.ts";
import { ogTextPixels, ogTextPixelsByResvg, ogTextSvg } from "../../site/lib/og-card.ts";
import { type PlacedText, placedTexts } from "../../site/lib/og-text.ts";
import { entryStatusWords } from "../../site/lib/status-words.ts";
import { renderCache } from "../../site/lib/render-cache.ts";

renderCache.off = true; // paint afresh (this file's thread only)

const MEAN_BOUND = 1;
/** Mean difference per channel over one word's box (true cards: at most WORD_SEEN below; a letter changed: far more). */
const WORD_BOUND = 12;
/** Relative difference of a word's ink (darkness summed over its box): true words at most 0.12 here (a lone thin "1"), a háček dropped 0.2 or more. */
const INK_BOUND = 0.15;
const SCALE = 0.5;

type Pixels = { pixels: Uint8Array; width: number; height: number };

/** Mean absolute difference per channel, over the image and over each word's box (x0: the part's first card column). */
function compare(a: Pixels, b: Pixels, words: PlacedText[], textX: number) {
  let sum = 0;
  for (let i = 0; i < a.pixels.length; i++) sum += Math.abs(a.pixels[i] - b.pixels[i]);
  // Each word's box, from an em above its baseline to 0.3 em below, in letter-wide cells (half an em): the worst cell.
  const boxes = words.map((w) => {
    const y0 = Math.floor((45 + w.y - w.size) * SCALE), y1 = Math.ceil((45 + w.y + 0.3 * w.size) * SCALE);
    const cell = Math.max(2, Math.round(0.5 * w.size * SCALE));
    let worst = 0;
    for (let cx = Math.floor(textX + w.x * SCALE); cx < Math.ceil(textX + (w.x + w.width) * SCALE); cx += cell) {
      let s = 0, n = 0;
      for (let y = Math.max(0, y0); y < Math.min(a.height, y1); y++) {
        for (let x = Math.max(0, cx); x < Math.min(a.width, cx + cell); x++) {
          for (let c = 0; c < 4; c++) s += Math.abs(a.pixels[(y * a.width + x) * 4 + c] - b.pixels[(y * a.width + x) * 4 + c]);
          n += 4;
        }
      }
      if (n && s / n > worst) worst = s / n;
    }
    // Ink: how much darker than the card's background the word's box is, in each painting.
    const ink = (p: Pixels) => {
      let k = 0;
      for (let y = Math.max(0, y0); y < Math.min(p.height, y1); y++) {
        for (
          let x = Math.max(0, Math.floor(textX + w.x * SCALE) - 2);
          x < Math.min(p.width, Math.ceil(textX + (w.x + w.width) * SCALE) + 2);
          x++
        ) {
          const i = (y * p.width + x) * 4;
          k += 3 * 253 - p.pixels[i] - p.pixels[i + 1] - p.pixels[i + 2];
        }
      }
      return k;
    };
    const inkA = ink(a), inkB = ink(b);
    return { word: w.text, mean: worst, ink: Math.abs(inkA - inkB) / Math.max(1, inkB) };
  });
  return {
    mean: sum / a.pixels.length,
    worst: boxes.reduce((m, b) => (b.mean > m.mean ? b : m), boxes[0]),
    worstInk: boxes.reduce((m, b) => (b.ink > m.ink ? b : m), boxes[0]),
    boxes,
  };
}

async function both(entry: AtlasEntry, lang: "en" | "cs", label: string, withDiagram: boolean) {
  const words = placedTexts(await ogTextSvg(entry, lang, label, undefined, false));
  assert.ok(words && words.length > 5, `${entry.id} ${lang}: Satori's words`);
  const mine = ogTextPixels(words, withDiagram);
  const ref = ogTextPixelsByResvg(await ogTextSvg(entry, lang, label), withDiagram);
  assert.deepEqual([mine.width, mine.height], [ref.width, ref.height]);
  // The text column's left edge in the part's pixels.
  const textX = withDiagram ? (625 - 600) * SCALE : 45 * SCALE;
  return { words, mine, ref, cmp: compare(mine, ref, words, textX), textX };
}

Deno.test("share card text: word sprites look like Satori's outlines, records of every family in both languages", async () => {
  const entries = ADAPTERS.flatMap((a) => a.entries());
  const families = [...new Set(entries.map((e) => e.family))];
  let cards = 0;
  for (const f of families) {
    for (const e of entries.filter((x) => x.family === f).slice(0, 2)) {
      for (const lang of ["en", "cs"] as const) {
        const withDiagram = (e.solutionDiagram ?? e.problemDiagram) !== undefined && (e.solutionDiagram ?? e.problemDiagram) !== null;
        const { cmp } = await both(e, lang, entryStatusWords(e, lang).label, withDiagram);
        assert.ok(cmp.mean < MEAN_BOUND, `${e.id} ${lang}: mean ${cmp.mean.toFixed(3)}`);
        assert.ok(cmp.worst.mean < WORD_BOUND, `${e.id} ${lang}: "${cmp.worst.word}" off by ${cmp.worst.mean.toFixed(2)}`);
        assert.ok(cmp.worstInk.ink < INK_BOUND, `${e.id} ${lang}: "${cmp.worstInk.word}" ink off by ${cmp.worstInk.ink.toFixed(3)}`);
        cards++;
      }
    }
  }
  assert.ok(cards >= 2 * families.length);
});

Deno.test("share card text: Czech letters in both weights come out, and a changed letter is caught", async () => {
  const entry = {
    id: "czech-letters",
    family: "leaper",
    title: { en: "x", cs: "Žluťoučký kůň úpěl ďábelské ódy: ř š č á ě ů ž" },
    problem: { en: "x", cs: "Příliš žluťoučký kůň úpěl ďábelské ódy, řeřicha, čtyřicet, šílený" },
    claim: { value: 52 },
    ours: 52,
  } as unknown as AtlasEntry;
  const { words, mine, ref, cmp, textX } = await both(entry, "cs", "ověřeno naším kódem", false);
  const czech = words.filter((w) => /[áčďěíňóřšťúůýž]/i.test(w.text));
  assert.ok(czech.some((w) => w.weight === 700) && czech.some((w) => w.weight === 400), "Czech words in bold and regular");
  assert.ok(cmp.mean < MEAN_BOUND, `mean ${cmp.mean.toFixed(3)}`);
  for (const b of cmp.boxes) {
    assert.ok(b.mean < WORD_BOUND && b.ink < INK_BOUND, `"${b.word}" off by ${b.mean.toFixed(2)}, ink ${b.ink.toFixed(3)}`);
  }
  // Tamper: a standalone letter with its mark dropped (ř -> r, ž -> z), or left out (as a missing glyph would be), is caught.
  for (const [from, to] of [["ř", "r"], ["ž", "z"], ["š", ""]]) {
    const i = words.findIndex((w) => w.text === from);
    assert.ok(i >= 0, `the word "${from}"`);
    const changed = words.map((w, j) => j === i ? { ...w, text: to } : w);
    const wrong = compare(ogTextPixels(changed, false), ref, words, textX).boxes[i];
    assert.ok(
      wrong.mean >= WORD_BOUND || wrong.ink >= INK_BOUND,
      `"${from}" -> "${to}": off by only ${wrong.mean.toFixed(2)}, ink ${wrong.ink.toFixed(3)}`,
    );
  }
  assert.ok(mine.width === 600);
});
