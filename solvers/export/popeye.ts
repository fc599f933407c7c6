/**
 * Popeye input for the atlas's problems, so that anyone can re-count our
 * solutions with the solver problemists trust.
 *
 * What we rely on (Popeye's English description py-engl.txt and its input
 * parser input/plaintext/pieces.c, thomas-maeder/popeye on GitHub):
 * - a piece group is a walk code followed by its squares in ONE token
 *   ("wea2a3b3"): the parser takes a one-character walk code when the token's
 *   length is odd and a two-character one when it is even, and reads a
 *   separate token after a bare walk as one square list only, so
 *   "we a2 b1" would read "b1" as a new walk (the bouncer);
 * - walk codes of the leapers: we wazir [0,1], da dabbaba [0,2], fe fers
 *   [1,1], s knight [1,2], ca camel [1,3], gi giraffe [1,4], 15 [1,5], 16
 *   [1,6], al alfil [2,2], z zebra [2,3], 24 [2,4], 25 [2,5], 35 [3,5], 36
 *   [3,6], 37 [3,7], an antelope [3,4]; hoppers g / rh / bh / nh, locusts
 *   l / lr / lb / ln, du dummy;
 * - stipulations "ser-=n" (series stalemate in n: White plays n moves in a
 *   row, then Black must be stalemated) and "ser-z<square><n>" (series, a
 *   white piece reaches the square);
 * - condition WhiteMustCapture (White must capture when it can: in a
 *   capture-all problem every solution captures on every move, so this only
 *   prunes), condition Hole <squares> (no piece may move to those squares),
 *   option NoWk NoBk (no kings).
 *
 * Why the men are black wazirs: Black is stalemated exactly when it has no
 * move. A black wazir can move (or capture the white piece) as soon as one
 * orthogonal neighbour is not a black man; on a rectangular board that is
 * connected under wazir steps, the men and the other squares (never empty of
 * the white piece) touch somewhere while any man remains. So "Black is
 * stalemated" means "every man is captured", and ser-=n with n men is exactly
 * the sd=n capture problem: its solutions are our capture orders.
 *
 * Why Hole gives smaller boards for leapers only: a leaper jumps, so squares
 * it may not land on are all that makes a smaller board; riders, hoppers and
 * locusts move along lines across those squares, so for them a hole is not
 * the edge of the board and their problems are exported on 8x8 only.
 */

export type Bilingual = { en: string; cs: string };
export type PopeyeResult = { ok: true; input: string } | { ok: false; reason: Bilingual };

/** Popeye's walk codes of pure [x,y] leapers (x <= y). Others have none. */
export const POPEYE_LEAPER_CODES: Readonly<Record<string, string>> = {
  "0,1": "we",
  "0,2": "da",
  "1,1": "fe",
  "1,2": "s",
  "1,3": "ca",
  "1,4": "gi",
  "1,5": "15",
  "1,6": "16",
  "2,2": "al",
  "2,3": "z",
  "2,4": "24",
  "2,5": "25",
  "3,4": "an",
  "3,5": "35",
  "3,6": "36",
  "3,7": "37",
};

export const POPEYE_HOPPER_CODES: Readonly<Record<string, string>> = {
  grasshopper: "g",
  rookhopper: "rh",
  bishophopper: "bh",
  nightriderhopper: "nh",
};

export const POPEYE_LOCUST_CODES: Readonly<Record<string, string>> = {
  locust: "l",
  "rook-locust": "lr",
  "bishop-locust": "lb",
  "nightrider-locust": "ln",
};

const WAZIR = "we";
const SIDE = 8;

/** A square of Popeye's 8x8 board from (file, rank), 0-based. */
function sq(x: number, y: number): string {
  return String.fromCharCode(97 + x) + String(y + 1);
}

/** 0-based (file, rank) of an algebraic square name "e3"; null when it is not on 8x8. */
function coords(name: string): [number, number] | null {
  const m = /^([a-h])([1-8])$/.exec(name.trim().toLowerCase());
  return m ? [m[1].charCodeAt(0) - 97, Number(m[2]) - 1] : null;
}

/** One piece group: the walk code and every square glued into one token. */
export function pieceGroup(code: string, squares: readonly string[]): string {
  return code + squares.join("");
}

function refuse(en: string, cs: string): PopeyeResult {
  return { ok: false, reason: { en, cs } };
}

function boardText(board: readonly number[]): string {
  return board.join("×");
}

/** Reasons shared by every exporter: Popeye plays on 8x8 and on two dimensions. */
function checkBoard(board: readonly number[], holesAllowed: boolean): PopeyeResult | null {
  if (board.length !== 2) {
    return refuse(
      `Popeye plays on a two-dimensional board; this problem is on the ${boardText(board)} board.`,
      `Popeye hraje na dvojrozměrné šachovnici; tato úloha je na desce ${boardText(board)}.`,
    );
  }
  if (board[0] > SIDE || board[1] > SIDE) {
    return refuse(
      `Popeye's board is 8×8; this problem needs the ${boardText(board)} board.`,
      `Šachovnice Popeye má 8×8 polí; tato úloha potřebuje desku ${boardText(board)}.`,
    );
  }
  if (!holesAllowed && (board[0] !== SIDE || board[1] !== SIDE)) {
    return refuse(
      `Popeye's board is 8×8, and holes would not stop this piece's lines as the edge of the ${boardText(board)} board does.`,
      `Šachovnice Popeye má 8×8 polí a díry by linie tohoto kamene nezastavily tak jako okraj desky ${boardText(board)}.`,
    );
  }
  return null;
}

/** The squares of 8x8 outside a smaller board placed at a1 (written for condition Hole). */
export function holesFor(board: readonly number[]): string[] {
  const out: string[] = [];
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) if (x >= board[0] || y >= board[1]) out.push(sq(x, y));
  return out;
}

function checkSquares(names: readonly string[], board: readonly number[]): string | null {
  for (const n of names) {
    const c = coords(n);
    if (!c || c[0] >= board[0] || c[1] >= board[1]) return n;
  }
  return null;
}

function remarks(lines: readonly string[]): string[] {
  // A remark runs to the end of its line: keep each one line.
  return lines.map((l) => `Remark ${l.replace(/[\r\n]+/g, " ")}`);
}

function problem(body: string[]): string {
  return ["BeginProblem", ...body, "EndProblem", ""].join("\n");
}

export interface LeaperCaptureProblem {
  leap: readonly [number, number];
  board: readonly number[];
  /** Algebraic square names. */
  start: string;
  men: readonly string[];
  /** Fixed final square (kind dual-free-fixed-end). */
  end?: string;
  /** After the last capture the leaper returns to its start. */
  closed?: boolean;
  /** Remark lines (record id, heading, source). */
  remarks?: readonly string[];
}

/** sd=n for a leaper: ser-=n with the men as black wazirs; refused with a reason where Popeye cannot state it. */
export function popeyeLeaperCapture(p: LeaperCaptureProblem): PopeyeResult {
  const x = Math.min(p.leap[0], p.leap[1]);
  const y = Math.max(p.leap[0], p.leap[1]);
  const code = POPEYE_LEAPER_CODES[`${x},${y}`];
  if (!code) {
    return refuse(
      `Popeye has no walk code for the [${x},${y}] leaper.`,
      `Popeye nemá značku pro skokana [${x},${y}].`,
    );
  }
  const bad = checkBoard(p.board, true);
  if (bad) return bad;
  if (p.end !== undefined) {
    return refuse(
      `Popeye's series stalemate cannot require the last capture on ${p.end}: the fixed final square has no stipulation there.`,
      `Sériový pat v Popeye nedokáže předepsat poslední braní na poli ${p.end}: pevné koncové pole tam nemá zadání.`,
    );
  }
  if (p.closed) {
    return refuse(
      "Popeye's series stalemate ends with the last capture; it cannot require the return to the start square.",
      "Sériový pat v Popeye končí posledním braním; návrat na výchozí pole předepsat nedokáže.",
    );
  }
  const off = checkSquares([p.start, ...p.men], p.board);
  if (off !== null) throw new RangeError(`square ${off} is not on the ${boardText(p.board)} board`);
  if (p.men.length === 0) {
    return refuse("A problem without men has nothing to capture.", "Úloha bez kamenů nemá co brát.");
  }
  const conditions = ["WhiteMustCapture"];
  const holes = holesFor(p.board);
  if (holes.length > 0) conditions.push(`Hole ${holes.join("")}`);
  return {
    ok: true,
    input: problem([
      ...remarks(p.remarks ?? []),
      `Pieces White ${pieceGroup(code, [p.start])} Black ${pieceGroup(WAZIR, p.men)}`,
      `Condition ${conditions.join(" ")}`,
      "Option NoWk NoBk",
      `Stipulation ser-=${p.men.length}`,
    ]),
  };
}

export interface TourProblem {
  leap: readonly [number, number];
  board: readonly number[];
  start: string;
  closed?: boolean;
}

/** Longest open or closed tours on the empty board: Popeye has no stipulation for "the longest path", so always a reason. */
export function popeyeTour(p: TourProblem): PopeyeResult {
  const what = p.closed ? ["closed tour", "uzavřenou cestu"] : ["open tour", "otevřenou cestu"];
  return refuse(
    `Popeye solves stipulations, and "the longest ${what[0]} of the [${
      p.leap.join(",")
    }] leaper on the empty board" is none: there is no input for this record.`,
    `Popeye řeší zadání úloh a „nejdelší ${what[1]} skokana [${
      p.leap.join(",")
    }] na prázdné šachovnici“ mezi ně nepatří: pro tento rekord vstup neexistuje.`,
  );
}

export interface HopperReachProblem {
  /** grasshopper | rookhopper | bishophopper | nightriderhopper */
  hopper: string;
  board: readonly number[];
  start: string;
  /** Hurdles: dummies that never move. */
  hurdles: readonly string[];
  target: string;
  /** Moves of the series. */
  moves: number;
  remarks?: readonly string[];
}

/** Serienziel of a hopper over hurdles: ser-z<target><n>, the hurdles as white dummies (they never move and cannot be captured). */
export function popeyeHopperReach(p: HopperReachProblem): PopeyeResult {
  const code = POPEYE_HOPPER_CODES[p.hopper];
  if (!code) return refuse(`Popeye has no walk code for the ${p.hopper}.`, `Popeye nemá značku pro kámen ${p.hopper}.`);
  const bad = checkBoard(p.board, false);
  if (bad) return bad;
  const off = checkSquares([p.start, ...p.hurdles, p.target], p.board);
  if (off !== null) throw new RangeError(`square ${off} is not on the 8×8 board`);
  const white = [pieceGroup(code, [p.start])];
  if (p.hurdles.length > 0) white.push(pieceGroup("du", p.hurdles));
  return {
    ok: true,
    input: problem([
      ...remarks(p.remarks ?? []),
      `Pieces White ${white.join(" ")}`,
      "Option NoWk NoBk",
      `Stipulation ser-z${p.target}${p.moves}`,
    ]),
  };
}

export interface LocustCaptureProblem {
  /** locust | rook-locust | bishop-locust | nightrider-locust */
  locust: string;
  board: readonly number[];
  start: string;
  men: readonly string[];
  /** After the last capture the locust stands on its start square. */
  closed?: boolean;
  remarks?: readonly string[];
}

/** A locust capturing every man: ser-=n with the men as black wazirs (same argument as for leapers). */
export function popeyeLocustCapture(p: LocustCaptureProblem): PopeyeResult {
  const code = POPEYE_LOCUST_CODES[p.locust];
  if (!code) return refuse(`Popeye has no walk code for the ${p.locust}.`, `Popeye nemá značku pro kámen ${p.locust}.`);
  const bad = checkBoard(p.board, false);
  if (bad) return bad;
  if (p.closed) {
    return refuse(
      "Popeye's series stalemate ends with the last capture; it cannot require the locust to land on its start square.",
      "Sériový pat v Popeye končí posledním braním; nedokáže předepsat, aby locust skončil na výchozím poli.",
    );
  }
  const off = checkSquares([p.start, ...p.men], p.board);
  if (off !== null) throw new RangeError(`square ${off} is not on the 8×8 board`);
  if (p.men.length === 0) return refuse("A problem without men has nothing to capture.", "Úloha bez kamenů nemá co brát.");
  return {
    ok: true,
    input: problem([
      ...remarks(p.remarks ?? []),
      `Pieces White ${pieceGroup(code, [p.start])} Black ${pieceGroup(WAZIR, p.men)}`,
      "Condition WhiteMustCapture",
      "Option NoWk NoBk",
      `Stipulation ser-=${p.men.length}`,
    ]),
  };
}

/** Minimal shape of a leaper record (solvers/leaper/schema.ts AtlasRecord) that the exporter reads. */
export interface LeaperRecordLike {
  id: string;
  kind: string;
  piece: { leap: readonly [number, number] | number[] };
  board: number[];
  witness: { start: string; moves: string[]; end?: string } | null;
  claim?: { author: string | null; publication: string | null; year: number | null };
}

/** Popeye input (or the reason there is none) for a leaper record of the atlas. */
export function popeyeForLeaperRecord(r: LeaperRecordLike): PopeyeResult {
  const leap: [number, number] = [r.piece.leap[0], r.piece.leap[1]];
  if (r.kind === "access") {
    return refuse(
      "An access count is not a problem with a stipulation: there is nothing for Popeye to solve.",
      "Počet dostupných polí není úloha se zadáním: Popeye zde nemá co řešit.",
    );
  }
  if (!r.witness) {
    return refuse("The record has no position yet.", "Rekord zatím nemá pozici.");
  }
  if (r.kind === "open" || r.kind === "closed") {
    return popeyeTour({ leap, board: r.board, start: r.witness.start, closed: r.kind === "closed" });
  }
  const src = r.claim && (r.claim.author || r.claim.publication)
    ? [[r.claim.author, r.claim.publication, r.claim.year].filter((v) => v !== null && v !== "").join(", ")]
    : [];
  return popeyeLeaperCapture({
    leap,
    board: r.board,
    start: r.witness.start,
    men: r.witness.moves,
    end: r.kind === "dual-free-fixed-end" ? r.witness.end ?? r.witness.moves[r.witness.moves.length - 1] : undefined,
    remarks: [`Chessboard Record Atlas, record ${r.id}`, ...src],
  });
}

function sourceRemark(claim: { author: string | null; publication: string | null; year: number | null } | null | undefined): string[] {
  return claim && (claim.author || claim.publication)
    ? [[claim.author, claim.publication, claim.year].filter((v) => v !== null && v !== "").join(", ")]
    : [];
}

/** Minimal shape of a hopper record (solvers/hopper/schema.ts) that the exporter reads. */
export interface HopperRecordLike {
  id: string;
  kind: string;
  piece: string;
  board: number[];
  witness: { start: string; hurdles: string[]; target?: string | null; moves?: string[] | null } | null;
  claim?: { author: string | null; publication: string | null; year: number | null } | null;
}

/**
 * Popeye input (or the reason there is none) for a hopper record: the
 * SerienZiel records are ser-z<target><n> with the hurdles as dummies; the
 * accessibility counts and tours of all free squares have no stipulation.
 */
export function popeyeForHopperRecord(r: HopperRecordLike): PopeyeResult {
  if (r.kind === "access" || r.kind === "access-minimum") {
    return refuse(
      "An accessibility count is not a problem with a stipulation: there is nothing for Popeye to solve.",
      "Počet dostupných polí není úloha se zadáním: Popeye zde nemá co řešit.",
    );
  }
  if (r.kind === "tour-open" || r.kind === "tour-closed") {
    return refuse(
      'Popeye has no stipulation for "visit every free square once": there is no input for this record.',
      "Popeye nemá zadání „projít každé volné pole právě jednou“: pro tento rekord vstup neexistuje.",
    );
  }
  const w = r.witness;
  if (!w || !w.target || !w.moves || w.moves.length === 0) return refuse("The record has no position yet.", "Rekord zatím nemá pozici.");
  const unique = r.kind === "serienziel-dual-free";
  return popeyeHopperReach({
    hopper: r.piece,
    board: r.board,
    start: w.start,
    hurdles: w.hurdles,
    target: w.target,
    moves: w.moves.length,
    remarks: [
      `Chessboard Record Atlas, record ${r.id}`,
      ...sourceRemark(r.claim),
      unique ? "One solution expected (dual-free)" : "Several solutions allowed (duals)",
    ],
  });
}

/** Minimal shape of a locust record (solvers/locust/schema.ts) that the exporter reads. */
export interface LocustRecordLike {
  id: string;
  kind: string;
  piece: { locust: string };
  board: number[];
  witness: { start: string; men: string[] } | null;
  claim?: { author: string | null; publication: string | null; year: number | null } | null;
}

/** Popeye input (or the reason there is none) for a locust record: ser-=n with the men as black wazirs; the closed kind has none. */
export function popeyeForLocustRecord(r: LocustRecordLike): PopeyeResult {
  if (!r.witness) return refuse("The record has no position yet.", "Rekord zatím nemá pozici.");
  return popeyeLocustCapture({
    locust: r.piece.locust,
    board: r.board,
    start: r.witness.start,
    men: r.witness.men,
    closed: r.kind === "dual-free-closed",
    remarks: [
      `Chessboard Record Atlas, record ${r.id}`,
      ...sourceRemark(r.claim),
      ...(r.kind === "dual-free" ? ["One solution expected (dual-free)"] : []),
    ],
  });
}
