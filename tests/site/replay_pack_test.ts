/**
 * The replay island's packed prop (site/islands/replay-pack.ts): every replay
 * of the data decodes to a deeply equal ReplaySpec, the packed text holds no
 * double quote (so Astro escapes none inside it), and it is several times
 * smaller than the JSON it replaces.
 */
import assert from "node:assert/strict";
import { allEntries } from "../../site/families/index.ts";
import { packReplay, unpackReplay } from "../../site/islands/replay-pack.ts";
import type { ReplaySpec } from "../../solvers/diagram/spec.ts";

Deno.test("replay pack: every replay of the data round-trips exactly", () => {
  const replays = allEntries().flatMap((e) => (e.replay ? [[e.id, e.replay] as const] : []));
  assert.ok(replays.length > 100, `only ${replays.length} replays`);
  let packedBytes = 0;
  let jsonBytes = 0;
  const kinds = new Set<string>();
  for (const [id, replay] of replays) {
    const packed = packReplay(replay);
    assert.ok(!/["'&<>]/.test(packed), `${id}: a character Astro escapes in an attribute`);
    assert.deepEqual(unpackReplay(packed), replay, id);
    packedBytes += packed.length;
    jsonBytes += JSON.stringify(replay).length;
    for (const st of replay.steps) {
      if (st.captured !== undefined) kinds.add("captured");
      if (st.hurdle !== undefined) kinds.add("hurdle");
      if (st.piece) kinds.add("piece");
    }
    if (replay.tryIt) kinds.add("tryIt");
  }
  // The data exercises every optional part of a step.
  assert.deepEqual([...kinds].sort(), ["captured", "hurdle", "piece", "tryIt"]);
  assert.ok(packedBytes * 2 < jsonBytes, `packed ${packedBytes} bytes against ${jsonBytes} of JSON`);
});

Deno.test("replay pack: odd labels, apostrophes and unnumbered moves survive", () => {
  const replay: ReplaySpec = {
    initial: {
      board: [5, 5],
      pieces: [
        { square: 0, glyph: "leaper:1,2", colour: "white" },
        { square: 7, glyph: "man", colour: "black" },
        { square: 9, glyph: "man", colour: "black" },
        { square: 3, glyph: "dummy", colour: "neutral" },
        { square: 11, glyph: "man", colour: "black" },
      ],
      marks: [{ square: 24, kind: "target" }],
    },
    steps: [
      { from: 0, to: 7, captured: 7, label: "1.N'x\"c2" },
      { from: 3, to: 4, piece: "hurdle", label: "1...D d1-e1" },
      { from: 7, to: 9, hurdle: 4, captured: 8, label: "" },
      { from: 9, to: 11, label: "3.\\u0060`'" },
      { from: 2, to: 5, captured: 5, label: "4." },
    ],
  };
  assert.deepEqual(unpackReplay(packReplay(replay)), replay);
  const numbered: ReplaySpec = {
    initial: replay.initial,
    steps: [{ from: 0, to: 7, captured: 7, label: "1." }, { from: 7, to: 9, captured: 9, label: "2.2." }],
  };
  assert.deepEqual(unpackReplay(packReplay(numbered)), numbered);
  assert.deepEqual(unpackReplay(packReplay({ initial: replay.initial, steps: [] })), { initial: replay.initial, steps: [] });
});
