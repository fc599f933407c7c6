/**
 * A replay (ReplaySpec) as one short string, the replay island's prop: the
 * island decodes it in the browser (unpackReplay). Why: Astro writes an
 * island's props into an HTML attribute as JSON with a type tag on every value
 * ({"from":[0,12],"to":[0,29],"label":[0,"1.N:e3"]}, each quote escaped as
 * &quot;), about 90 bytes a move, 6 MB over the record pages. Packed:
 * - the steps in columns, not as objects with keys: every `to`; `from` only
 *   where it is not the step before's `to` (the first step's always);
 *   `captured` as one flag when every step captures on its `to` square (the
 *   leapers), else as position/value pairs, like `hurdle`; the positions of
 *   the hurdle's own moves (`piece`);
 * - the initial position's pieces as runs of one glyph and colour
 *   ([glyph, colour, squares]), in their order;
 * - labels without their move number when every label starts with it
 *   ("1.N:e3" stored as "N:e3"; a hopper tour's hurdle moves, "3...", do not
 *   fit, and then every label is kept whole);
 * - the JSON written with ` for " (a backtick in a string is first written
 *   \u0060, which JSON reads back as `): Astro escapes " and ' in attributes
 *   (&quot; and &#39;, 6 and 5 bytes) but not the backtick, so the packed
 *   text passes unescaped. Square numbers are plain JSON numbers.
 * The decoding is exact (tests/site/replay_pack_test.ts: every replay of the data
 * round-trips to a deeply equal ReplaySpec).
 */
import type { DiagramPiece, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";

/** Format version: bump when the layout changes. */
const VERSION = 1;

interface Packed {
  v: number;
  /** The initial diagram without its pieces, which are in `q`. */
  i: Omit<ReplaySpec["initial"], "pieces">;
  q: [string, DiagramPiece["colour"], number[]][];
  /** `from` of the first step, then [position, from] where a step does not start on the `to` before it. */
  f: number[];
  t: number[];
  /** Sparse columns: [position, value, position, value, ...]. */
  c?: number[];
  /** 1: every step captures on its `to` square (and `c` is absent). */
  k?: 1;
  h?: number[];
  /** Positions of hurdle moves (piece: "hurdle"). */
  p?: number[];
  /** Labels; without their "n." prefix when `n` is 1. */
  l: string[];
  n?: 1;
  r?: ReplaySpec["tryIt"];
}

const numberPrefix = (i: number) => `${i + 1}.`;

function sparse(steps: readonly ReplayStep[], key: "captured" | "hurdle"): number[] | undefined {
  const out: number[] = [];
  steps.forEach((st, i) => {
    const v = st[key];
    if (v !== undefined) out.push(i, v);
  });
  return out.length > 0 ? out : undefined;
}

/** The replay as a string without double quotes (see above). */
export function packReplay(replay: ReplaySpec): string {
  const steps = replay.steps;
  // A label "1.N:e3" keeps only "N:e3" when every label has its number; a label that is then empty
  // or itself starts like a number would still decode exactly, as the prefix is always added back.
  const numbered = steps.length > 0 && steps.every((st, i) => st.label.startsWith(numberPrefix(i)));
  const hurdles = steps.flatMap((st, i) => (st.piece === "hurdle" ? [i] : []));
  for (const st of steps) if (st.piece !== undefined && st.piece !== "hurdle") throw new Error(`packReplay: unknown piece ${st.piece}`);
  const { pieces, ...initial } = replay.initial;
  const runs: Packed["q"] = [];
  for (const pc of pieces) {
    const last = runs[runs.length - 1];
    if (last && last[0] === pc.glyph && last[1] === pc.colour) last[2].push(pc.square);
    else runs.push([pc.glyph, pc.colour, [pc.square]]);
  }
  const from: number[] = [];
  steps.forEach((st, i) => {
    if (i === 0) from.push(st.from);
    else if (st.from !== steps[i - 1].to) from.push(i, st.from);
  });
  const capturesOnTo = steps.length > 0 && steps.every((st) => st.captured === st.to);
  const packed: Packed = {
    v: VERSION,
    i: initial,
    q: runs,
    f: from,
    t: steps.map((st) => st.to),
    c: capturesOnTo ? undefined : sparse(steps, "captured"),
    k: capturesOnTo ? 1 : undefined,
    h: sparse(steps, "hurdle"),
    p: hurdles.length > 0 ? hurdles : undefined,
    l: steps.map((st, i) => (numbered ? st.label.slice(numberPrefix(i).length) : st.label)),
    n: numbered ? 1 : undefined,
    r: replay.tryIt,
  };
  return JSON.stringify(packed).replace(/`/g, "\\u0060").replace(/"/g, "`");
}

/** The replay packReplay() wrote. */
export function unpackReplay(text: string): ReplaySpec {
  const p = JSON.parse(text.replace(/`/g, '"')) as Packed;
  if (p.v !== VERSION) throw new Error(`unpackReplay: format ${p.v}, expected ${VERSION}`);
  const from = new Map<number, number>();
  for (let k = 1; k < p.f.length; k += 2) from.set(p.f[k], p.f[k + 1]);
  const steps: ReplayStep[] = p.t.map((to, i) => ({
    from: i === 0 ? p.f[0] : from.get(i) ?? p.t[i - 1],
    to,
    ...(p.k ? { captured: to } : {}),
    label: p.n ? numberPrefix(i) + p.l[i] : p.l[i],
  }));
  const fill = (pairs: number[] | undefined, key: "captured" | "hurdle") => {
    for (let k = 0; pairs && k < pairs.length; k += 2) steps[pairs[k]][key] = pairs[k + 1];
  };
  fill(p.c, "captured");
  fill(p.h, "hurdle");
  for (const i of p.p ?? []) steps[i].piece = "hurdle";
  const pieces = p.q.flatMap(([glyph, colour, squares]) => squares.map((square): DiagramPiece => ({ square, glyph, colour })));
  const replay: ReplaySpec = { initial: { ...p.i, pieces }, steps };
  if (p.r !== undefined) replay.tryIt = p.r;
  return replay;
}
