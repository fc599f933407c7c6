/**
 * What the booklet prints about the locusts (its table and the published
 * records' positional facts, with their lines) and the witness hits our
 * searches found (data/locust/search-hits.json), as `atlas records locust`
 * reads them.
 */
import { type LocustKind } from "../../../../solvers/pieces/locust.ts";

export const BOOKLET = {
  author: "Václav Kotěšovec",
  publication: "Využití teorie grafů v šachových úlohách / Application of Graph Theory in Chess Problems (Prague)",
  year: 2009,
};

export const TABLE: Record<LocustKind, { values: [number, number, number]; line: number; name: string }> = {
  "locust": { values: [45, 45, 45], line: 4327, name: "Locust" },
  "rook-locust": { values: [39, 39, 38], line: 4328, name: "Rook-Locust" },
  "bishop-locust": { values: [12, 11, 6], line: 4329, name: "Bishop-Locust" },
  "nightrider-locust": { values: [25, 25, 21], line: 4330, name: "Nightrider-Locust" },
};
export const KINDS = ["longest", "dual-free", "dual-free-closed"] as const;

/** Published facts of the booklet's diagrams (shared/reference/witnesses.json), keyed by cell. */
export const PUBLISHED: Record<
  string,
  {
    reference: string;
    /** The booklet's diagram number. */
    diagram: number;
    caption: string;
    start: string;
    first: [string, string];
    last: [string, string];
    line: number;
    publication: string;
    year: number | null;
  }[]
> = {
  "locust-8x8-dual-free-closed": [{
    reference: "locust-8x8-sd45-a1-switchback",
    diagram: 56,
    caption: "sd=45 Locust a1 C+ (1+45), switchback",
    start: "a1",
    first: ["b1", "c1"],
    last: ["a2", "a1"],
    line: 4399,
    publication: "Šachová skladba 103/2009, No. 9598",
    year: 2009,
  }],
  "locust-8x8-dual-free": [{
    reference: "locust-8x8-sd41-a4",
    diagram: 55,
    caption: "sd=41 Locust a4 C+ (1+41)",
    start: "a4",
    first: ["b3", "c2"],
    last: ["c7", "d7"],
    line: 4369,
    publication: "StrateGems 30/2005, F0532",
    year: 2005,
  }],
  "rook-locust-8x8-dual-free": [{
    reference: "rook-locust-8x8-sd39-c1",
    diagram: 57,
    caption: "sd=39 Rook-Locust c1 C+ (1+39)",
    start: "c1",
    first: ["d1", "e1"],
    last: ["g6", "h6"],
    line: 4399,
    publication: "original (booklet No. 57)",
    year: 2009,
  }],
  "rook-locust-8x8-dual-free-closed": [{
    reference: "rook-locust-8x8-sd38-b1-switchback",
    diagram: 58,
    caption: "sd=38 Rook-Locust b1 C+ (1+38), switchback",
    start: "b1",
    first: ["b3", "b4"],
    last: ["c1", "b1"],
    line: 4399,
    publication: "original (booklet No. 58)",
    year: 2009,
  }],
  "bishop-locust-8x8-dual-free": [{
    reference: "bishop-locust-8x8-sd11-h1",
    diagram: 59,
    caption: "sd=11 Bishop-Locust h1 C+ (1+11)",
    start: "h1",
    first: ["g2", "f3"],
    last: ["c6", "d7"],
    line: 4471,
    publication: "original (booklet No. 59)",
    year: 2009,
  }],
  "nightrider-locust-8x8-dual-free-closed": [{
    reference: "nightrider-locust-8x8-sd21-d2-switchback",
    diagram: 60,
    caption: "sd=21 Nightrider-Locust d2 C+ (1+21), switchback",
    start: "d2",
    first: ["f3", "h4"],
    last: ["e4", "d2"],
    line: 4471,
    publication: "original (booklet No. 60)",
    year: 2009,
  }],
  "nightrider-locust-8x8-dual-free": [{
    reference: "nightrider-locust-8x8-sd25-c2",
    diagram: 61,
    caption: "sd=25 Nightrider-Locust c2 C+ (1+25)",
    start: "c2",
    first: ["e3", "g4"],
    last: ["f2", "d3"],
    line: 4471,
    publication: "original (booklet No. 61)",
    year: 2009,
  }],
};

export const HitsFile = {
  parse(json: unknown): Hit[] {
    if (!Array.isArray(json)) throw new Error("hits file must be an array");
    return json as Hit[];
  },
};
export interface Hit {
  cell: string;
  start: number;
  /** Empty when the search found nothing: `searched` then says what was covered. */
  men: number[];
  method: string;
  seconds: number;
  date: string;
  searched?: string;
}

/** A cell's own hit, else a hit of a stricter column of the same row and value (a closed dual-free position is dual-free and has a sequence). */
export function hitFor(hits: Hit[], kind: LocustKind, k: (typeof KINDS)[number], value: number): Hit | undefined {
  const order = KINDS.slice(KINDS.indexOf(k));
  for (const col of order) {
    const h = hits.find((x) => x.cell === `${kind}-8x8-${col}` && x.men.length === value);
    if (h) return h;
  }
  return undefined;
}

/** What one edge-method run (a folder of shard files, solvers/locust/edge-space.ts) has covered so far. */
