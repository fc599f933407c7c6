/**
 * Diagrams: site/lib/diagram-svg.ts (well-formed standalone SVG, escaping,
 * numbers on the right squares, layers of d-dimensional boards, sizes),
 * solvers/leaper/diagram-spec.ts against every leaper record, and the share
 * image's text (Satori finds every Czech letter in Noto Sans latin + latin-ext).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describeDiagram, diagramLayout, diagramSvg, escapeXml, glyphMarkup, S } from "../../site/lib/diagram-svg.ts";
import { GLYPH_CONVENTION, GLYPH_NAMES, glyphName } from "../../site/lib/glyphs.ts";
import { ADAPTERS } from "../../site/families/index.ts";
import { leaperDiagrams } from "../../solvers/leaper/diagram-spec.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import type { AtlasRecord } from "../../solvers/leaper/schema.ts";

/** A small XML well-formedness check: tags nest and close, attributes are quoted, entities known. */
function assertWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  let roots = 0;
  while ((m = re.exec(body)) !== null) {
    if (m[6]) assert.fail(`stray "<" at ${m.index}: ${body.slice(m.index, m.index + 40)}`);
    if (m[5] !== undefined) {
      if (stack.length === 0) assert.equal(m[5].trim(), "", "text outside the root");
      for (const ent of m[5].match(/&[^;\s]*;?/g) ?? []) assert.match(ent, /^&(amp|lt|gt|quot|apos);$/);
      continue;
    }
    for (const ent of (m[3].match(/&[^;\s"]*;?/g) ?? [])) assert.match(ent, /^&(amp|lt|gt|quot|apos);$/);
    if (m[1]) assert.equal(stack.pop(), m[2], `</${m[2]}> closes the wrong element`);
    else if (!m[4]) {
      if (stack.length === 0) roots++;
      stack.push(m[2]);
    } else if (stack.length === 0) roots++;
  }
  assert.deepEqual(stack, [], "unclosed elements");
  assert.equal(roots, 1, "exactly one root element");
}

/** The text of every <text data-square="..."> element: square -> label. */
function numbersOf(svg: string): Map<number, { label: string; x: number; y: number }> {
  const out = new Map<number, { label: string; x: number; y: number }>();
  for (const m of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*data-square="(\d+)">([^<]*)<\/text>/g)) {
    out.set(Number(m[3]), { label: m[4], x: Number(m[1]), y: Number(m[2]) });
  }
  return out;
}

const spec8: DiagramSpec = {
  board: [8, 8],
  pieces: [{ square: 1, glyph: "leaper:2,3", colour: "white" }, { square: 20, glyph: "man", colour: "black" }],
  numbers: [{ square: 1, label: "0" }, { square: 20, label: "1" }, { square: 63, label: "2" }],
  path: [1, 20, 63],
};

Deno.test("well-formed standalone SVG with size, viewBox, title and desc", () => {
  const svg = diagramSvg(spec8, { size: 200, title: "Zebra b1", xmlDeclaration: true });
  assertWellFormed(svg);
  assert.match(
    svg,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="200" height="\d+" viewBox="0 0 \d+ \d+"/,
  );
  assert.match(svg, /<title>Zebra b1<\/title><desc>[^<]*<\/desc>/);
  for (const glyph of ["king", "queen", "rook", "bishop", "knight", "pawn", "grasshopper", "rook-locust", "dummy", "unknown-thing"]) {
    assertWellFormed(diagramSvg({ board: [5, 5], pieces: [{ square: 7, glyph, colour: "neutral" }] }));
  }
});

Deno.test("hostile text is escaped everywhere", () => {
  const evil = `</title><script>alert("x")</script>&amp; ' \u0001`;
  const svg = diagramSvg(
    { ...spec8, numbers: [{ square: 5, label: evil }] },
    { title: evil, desc: evil, attrs: { "aria-label": evil, 'onload="x" a': "y" } },
  );
  assertWellFormed(svg);
  assert.ok(!svg.includes("<script"));
  assert.ok(!svg.includes("\u0001"));
  assert.ok(!svg.includes("onload"), "attribute names that are not names are dropped");
  assert.equal(escapeXml(`<&>"'`), "&lt;&amp;&gt;&quot;&apos;");
});

Deno.test("numbers sit on their squares: a1 bottom-left, h8 top-right", () => {
  const L = diagramLayout([8, 8]);
  const nums = numbersOf(diagramSvg(spec8));
  assert.equal(nums.get(63)!.label, "2");
  const [x63, y63] = L.corner(63);
  const at63 = nums.get(63)!;
  assert.ok(at63.x > x63 && at63.x < x63 + S && at63.y > y63 && at63.y < y63 + S);
  // h8 is in the top-right corner of the board, a1 (square 0) bottom-left.
  const [x0, y0] = L.corner(0);
  assert.ok(x63 > x0 && y63 < y0);
  assert.equal(x63 - x0, 7 * S);
  assert.equal(y0 - y63, 7 * S);
  // A number on a square with a piece becomes a badge inside that square.
  const [x1, y1] = L.corner(1);
  const b = nums.get(1)!;
  assert.ok(b.x >= x1 && b.x < x1 + S / 2 && b.y > y1 && b.y < y1 + S / 2);
});

Deno.test("a1 is dark: the dark-square path starts with a1's corner", () => {
  const L = diagramLayout([8, 8]);
  const svg = diagramSvg({ board: [8, 8], pieces: [] });
  const d = /<path d="([^"]+)" fill="#b98f62"/.exec(svg)![1];
  const [x0, y0] = L.corner(0);
  assert.ok(d.includes(`M${x0} ${y0}h`));
  const [x1, y1] = L.corner(1);
  assert.ok(!d.includes(`M${x1} ${y1}h`));
  assert.equal((d.match(/M/g) ?? []).length, 32);
});

Deno.test("3-D boards: one labelled layer per z, numbers in the right layer", () => {
  const spec: DiagramSpec = {
    board: [3, 3, 3],
    pieces: [],
    numbers: [{ square: 0, label: "0" }, { square: 13, label: "1" }, { square: 26, label: "2" }],
    path: [0, 13, 26],
  };
  const svg = diagramSvg(spec, { size: 600 });
  assertWellFormed(svg);
  for (const z of [1, 2, 3]) assert.ok(svg.includes(`>z=${z}</text>`));
  const L = diagramLayout([3, 3, 3], { size: 600 });
  assert.equal(L.layers, 3);
  const nums = numbersOf(svg);
  for (const sq of [0, 13, 26]) {
    const layer = Math.floor(sq / 9);
    const [ox] = L.layerOrigin(layer);
    assert.ok(nums.get(sq)!.x > ox && nums.get(sq)!.x < ox + 3 * S, `square ${sq} in layer ${layer}`);
  }
  assert.ok(svg.includes('stroke-dasharray="5 5"'), "moves between layers are dashed");
  assert.match(describeDiagram(spec, "en"), /0 111, 1 222, 2 333/);
  // Many layers wrap into rows.
  const L5 = diagramLayout([2, 2, 6]);
  assert.ok(L5.viewHeight > diagramLayout([2, 2, 4]).viewHeight);
});

Deno.test("sizes: width as asked, height from the proportions", () => {
  for (const size of [200, 360, 1000]) {
    const svg = diagramSvg(spec8, { size });
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg)!;
    assert.equal(Number(w), size);
    const L = diagramLayout([8, 8], { size });
    assert.equal(Number(h), Math.round((size * L.viewHeight) / L.viewWidth));
  }
  const wide = diagramLayout([8, 3]);
  assert.ok(wide.height < wide.width);
});

Deno.test("describeDiagram states the position in both languages", () => {
  const en = describeDiagram(spec8, "en");
  assert.match(en, /Board 8×8\. White: Zebra \[2,3\] b1\. Black: man e3\./);
  const cs = describeDiagram(spec8, "cs");
  assert.match(cs, /Deska 8×8\. Bílý: zebra \[2,3\] b1\./);
});

Deno.test("leaper records: problem, numbered solution and replay agree with the witness", () => {
  const recs: AtlasRecord[] = JSON.parse(readFileSync(new URL("../../data/leaper/records.json", import.meta.url), "utf8")).records;
  let checked = 0;
  for (const r of recs) {
    const d = leaperDiagrams(r);
    if (!r.witness) {
      assert.equal(d, null);
      continue;
    }
    assert.ok(d, r.id);
    const board = makeBoard(r.board);
    const start = parseSquare(board, r.kind === "access" ? r.from ?? r.witness.start : r.witness.start);
    const moves = r.witness.moves.map((m) => parseSquare(board, m));
    assert.deepEqual(d.problem.pieces[0], {
      square: start,
      glyph: `leaper:${Math.min(...r.piece.leap)},${Math.max(...r.piece.leap)}`,
      colour: "white",
    });
    if (r.kind === "access") {
      assert.equal(d.replay, null);
      const reached = d.solution.numbers!.filter((n) => n.label !== "0").length;
      assert.equal(reached, r.claim.value, `${r.id}: numbered squares = access`);
      continue;
    }
    const capture = r.kind.startsWith("dual-free");
    assert.equal(d.problem.pieces.length, capture ? moves.length + 1 : 1, r.id);
    assert.deepEqual(d.solution.numbers, [start, ...moves].map((sq, i) => ({ square: sq, label: String(i) })));
    const steps = d.replay!.steps;
    assert.equal(steps.length, moves.length + (r.kind === "closed" ? 1 : 0), r.id);
    steps.forEach((s, i) => {
      const to = i < moves.length ? r.witness!.moves[i] : r.witness!.start;
      assert.ok(s.label.startsWith(`${i + 1}.`) && s.label.replace(/=$/, "").endsWith((capture ? ":" : "-") + to), `${r.id}: ${s.label}`);
      if (capture) assert.equal(s.captured, s.to);
    });
    if (capture && steps.length > 0) assert.ok(steps[steps.length - 1].label.endsWith("="));
    assert.equal(d.replay!.tryIt!.type, capture ? "leaper-capture" : "tour");
    assertWellFormed(diagramSvg(d.solution));
    checked++;
  }
  assert.ok(checked > 200, `only ${checked} records`);
});

Deno.test("share image text: Satori has a glyph for every Czech letter", async () => {
  const { ogTextSvg } = await import("../../site/lib/og-card.ts");
  const missing: string[] = [];
  const entry = {
    title: { en: "x", cs: "Příliš žluťoučký kůň úpěl ďábelské ódy: ŘŮČĚŠŽŤĎŇ" },
    problem: { en: "x", cs: "sd=52 Zebra b1 (1+52), uzavřená cesta" },
    claim: { value: 52 },
    ours: 52,
  };
  const svg = await ogTextSvg(entry as never, "cs", "ověřeno", missing);
  assert.deepEqual(missing, []);
  assert.ok(svg.startsWith("<svg") && svg.includes("<path"));
});

Deno.test("share image text: the fonts have a glyph for every character any card shows, in both languages", async () => {
  const { ogTextSvg } = await import("../../site/lib/og-card.ts");
  const { entryStatusWords } = await import("../../site/lib/status-words.ts");
  const entries = ADAPTERS.flatMap((a) => a.entries());
  for (const lang of ["en", "cs"] as const) {
    // One card holding every distinct character of every title, problem text and status label (the card's
    // fixed words come with it), so that one layout checks the whole site's cards.
    const chars = (texts: string[]) => [...new Set(texts.join(""))].join(" ");
    const entry = {
      title: { en: "", cs: "", [lang]: chars(entries.map((e) => e.title[lang])) },
      problem: { en: "", cs: "", [lang]: chars(entries.map((e) => e.problem[lang])) },
      claim: { value: 1 },
      ours: 1,
    };
    const label = chars(entries.map((e) => entryStatusWords(e, lang).label));
    assert.ok(entry.problem[lang].includes("γ"), "the domination numbers' γ is among the characters");
    const missing: string[] = [];
    await ogTextSvg(entry as never, lang, label, missing);
    assert.deepEqual(missing, [], `${lang}: characters without a glyph`);
  }
});

Deno.test("share images: painted in halves (diagram once for both languages) they are the whole card's pixels", async () => {
  const { ogLeftHalf, ogPixels, ogSvg, OG_PNG_WIDTH, OG_PNG_HEIGHT } = await import("../../site/lib/og-card.ts");
  const { paintPixels } = await import("../../site/lib/render.ts");
  const entries = ADAPTERS.flatMap((a) => a.entries());
  // A small board, an 8x8 numbered solution, a large board, a 3-D board and a record without a diagram.
  const picks = [
    entries.find((e) => e.solutionDiagram?.board.join("x") === "5x5"),
    entries.find((e) => e.solutionDiagram?.board.join("x") === "8x8" && e.solutionDiagram.numbers?.length),
    entries.find((e) => (e.solutionDiagram?.board[0] ?? 0) > 12),
    entries.find((e) => (e.solutionDiagram?.board.length ?? 0) === 3),
    entries.find((e) => !e.solutionDiagram && !e.problemDiagram),
  ].filter((e) => e !== undefined);
  assert.ok(picks.length >= 4, `only ${picks.length} kinds of record found`);
  for (const e of picks) {
    // The diagram half painted by resvg, as the whole card is (tests/site/painter_test.ts compares the painter's half with it).
    const spec = e.solutionDiagram ?? e.problemDiagram;
    const halves = spec ? { left: ogLeftHalf(spec, false) } : {};
    for (const lang of ["en", "cs"] as const) {
      const label = "verified";
      const split = await ogPixels(e, lang, label, halves, false); // text as outlines, as ogSvg (tests/site/og_text_test.ts: word sprites)
      const whole = paintPixels(await ogSvg(e, lang, label), OG_PNG_WIDTH);
      assert.equal(split.width, OG_PNG_WIDTH);
      assert.equal(split.height, OG_PNG_HEIGHT);
      assert.equal(whole.height, OG_PNG_HEIGHT);
      // Equal but for the last bit of rounding here and there.
      let off = 0;
      let worst = 0;
      for (let i = 0; i < whole.pixels.length; i++) {
        const d = Math.abs(whole.pixels[i] - split.pixels[i]);
        if (d > 0) off++;
        worst = Math.max(worst, d);
      }
      assert.ok(worst <= 2 && off <= whole.pixels.length / 1000, `${e.id} ${lang}: ${off} channels differ, by up to ${worst}`);
    }
  }
});

Deno.test("palette PNG: at most the colours asked for, the rare ones mapped to the nearest", async () => {
  const { encodeIndexedPng } = await import("../../site/lib/png.ts");
  const { inflateSync } = await import("node:zlib");
  const red = [255, 0, 0, 255], blue = [0, 0, 255, 255], nearRed = [250, 5, 0, 255];
  const pixels = new Uint8Array([...red, ...red, ...blue, ...nearRed, ...red, ...blue]);
  const chunks = (png: Uint8Array) => {
    const out = new Map<string, Uint8Array>();
    const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
    for (let at = 8; at < png.length;) {
      const len = dv.getUint32(at);
      out.set(String.fromCharCode(...png.subarray(at + 4, at + 8)), png.subarray(at + 8, at + 8 + len));
      at += 12 + len;
    }
    return out;
  };
  const exact = chunks(encodeIndexedPng(pixels, 6, 1));
  assert.equal(exact.get("PLTE")!.length, 3 * 3, "three colours, exact");
  const two = chunks(encodeIndexedPng(pixels, 6, 1, 2));
  assert.deepEqual([...two.get("PLTE")!], [255, 0, 0, 0, 0, 255], "the two commonest");
  assert.deepEqual([...inflateSync(two.get("IDAT")!)], [0, 0, 0, 1, 0, 0, 1], "filter byte, then the near-red pixel drawn red");
  assert.ok(!two.has("tRNS"), "opaque: no transparency chunk");
  assert.throws(() => encodeIndexedPng(pixels, 6, 1, 0));
});

Deno.test("nightrider glyph: the knight lettered N, named in both languages", () => {
  const knight = glyphMarkup("knight", "white");
  const rider = glyphMarkup("nightrider", "white");
  assert.ok(rider.startsWith(knight), "the knight's shape underneath");
  assert.match(rider, />N<\/text>/);
  assert.notEqual(rider, glyphMarkup("nightriderhopper", "white"));
  assert.equal(glyphName("nightrider", "en"), "nightrider");
  assert.equal(glyphName("nightrider", "cs"), "tátoš");
  assert.ok(GLYPH_CONVENTION.items.some((i) => /nightrider/i.test(i.text.en) && /N/.test(i.text.en)));
});

Deno.test("every glyph the families draw has its own drawing and a name", () => {
  const fallback = glyphMarkup("no-such-glyph", "white");
  const seen = new Set<string>();
  for (const e of ADAPTERS.flatMap((a) => a.entries())) {
    for (const d of [e.problemDiagram, e.solutionDiagram, e.replay?.initial]) for (const p of d?.pieces ?? []) seen.add(p.glyph);
  }
  assert.ok(seen.has("nightrider"), "the hopper-tour nightrider hurdle uses its glyph");
  for (const g of seen) {
    assert.notEqual(glyphMarkup(g, "white"), fallback, `${g} has no drawing`);
    if (!g.startsWith("leaper:")) assert.ok(GLYPH_NAMES[g], `${g} has no name`);
  }
});
