/**
 * Independent cross-check of the centrally symmetric semimagic knight's tours
 * on 8x8 (numbers 1..64 along a knight's tour, every row and column 260,
 * k and k+32 on antipodal squares). Written from scratch on purpose: nothing
 * here comes from solvers/magic/, so agreement between the two is evidence,
 * not an echo.
 *
 *   magic-central-crosscheck [--n 8] [--records data/magic/records.json] [--json]
 *
 * Exit codes: 0 done, 2 bad input.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import process from "node:process";

export interface CrosscheckResult {
  n: number;
  /** Numbered boards found (every start square, every direction). */
  boards: number;
  /** Boards whose 64 -> 1 step is a knight move (expected: all). */
  closed: number;
  /** Classes under the 8 board symmetries x optional reversal k -> n*n+1-k. */
  classes: number;
  /** Canonical forms (lexicographically smallest image), sorted. */
  canonical: number[][];
  /** Class size per canonical form (same order). */
  classSizes: number[];
  /** Main-diagonal / anti-diagonal sums per canonical form (same order). */
  diagonals: [number, number][];
  /** Placement steps tried (one per number pair k, k+half placed). */
  nodes: number;
  millis: number;
}

export interface CrosscheckOptions {
  n?: number;
  /** Apply the row/column target (semimagic). Off only for tests of the walk. */
  magic?: boolean;
  /**
   * Per-line targets (rows 0..n-1 then columns), replacing the common magic
   * target; lets tests check the pruning against a plain filter.
   */
  lineTargets?: ArrayLike<number>;
  /** Squares of number 1 to try (default: every square). */
  starts?: number[];
  /** Apply the colour-split refinement of the line bounds. */
  paritySplit?: boolean;
  /** Keep every board found (tests only: memory grows with the count). */
  keepBoards?: boolean;
  onBoard?: (numbers: Int32Array) => void;
}

/** The 8 symmetries of the n x n square as square permutations (index y*n+x). */
export function squareSymmetries(n: number): Int32Array[] {
  const maps: Int32Array[] = [];
  for (let t = 0; t < 8; t++) {
    const m = new Int32Array(n * n);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        let u = x, v = y;
        if (t & 1) u = n - 1 - u;
        if (t & 2) v = n - 1 - v;
        if (t & 4) { const w = u; u = v; v = w; }
        m[y * n + x] = v * n + u;
      }
    }
    maps.push(m);
  }
  return maps;
}

/**
 * Lexicographically smallest of the 16 images of a numbered board: each of
 * the 8 board symmetries, with and without reversing the numbering.
 */
export function canonicalNumbers(numbers: ArrayLike<number>, n: number): number[] {
  const size = n * n;
  let best: number[] | null = null;
  const img = new Array<number>(size);
  for (const m of squareSymmetries(n)) {
    for (const rev of [false, true]) {
      for (let i = 0; i < size; i++) {
        img[m[i]] = rev ? size + 1 - numbers[i] : numbers[i];
      }
      if (best === null || lexLess(img, best)) best = img.slice();
    }
  }
  return best!;
}

/** Number of distinct images among the 16 (the class size). */
export function classSize(numbers: ArrayLike<number>, n: number): number {
  const size = n * n;
  const seen = new Set<string>();
  const img = new Array<number>(size);
  for (const m of squareSymmetries(n)) {
    for (const rev of [false, true]) {
      for (let i = 0; i < size; i++) {
        img[m[i]] = rev ? size + 1 - numbers[i] : numbers[i];
      }
      seen.add(img.join(","));
    }
  }
  return seen.size;
}

function lexLess(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}

/** True when a..b (square indices, y*n+x) is one knight move. */
function knightStep(a: number, b: number, n: number): boolean {
  const dx = Math.abs((a % n) - (b % n));
  const dy = Math.abs(Math.floor(a / n) - Math.floor(b / n));
  return (dx === 1 && dy === 2) || (dx === 2 && dy === 1);
}

/**
 * Enumerate every numbered board with numbers 1..N (N = n*n) along a knight's
 * path where k and k+N/2 stand on antipodal squares (x,y) <-> (n-1-x,n-1-y),
 * and (when magic) every row and column sums to n(N+1)/2 (or to lineTargets).
 *
 * The board is fixed by the squares of 1..N/2: number k+N/2 goes on the
 * antipode of k's square, and the antipodal map negates every move vector, so
 * the steps (k+H) -> (k+1+H) for k < H are knight moves as soon as k -> k+1
 * is. The only step not covered is H -> H+1 (square of H to the antipode of
 * 1's square); the closing step N -> 1 (antipode of H's square to 1's square)
 * is its antipodal image, so the two hold together and every such tour is
 * closed. Both are checked independently below anyway and counted.
 */
export function enumerateCentral(opts: CrosscheckOptions = {}): CrosscheckResult {
  const n = opts.n ?? 8;
  const magic = opts.magic ?? true;
  const paritySplit = opts.paritySplit ?? true;
  if (n < 2 || n % 2 !== 0) throw new Error(`board side must be even (got ${n})`);
  const N = n * n;
  const H = N / 2;
  const magicTarget = (n * (N + 1)) / 2;
  const targets = new Int32Array(2 * n).fill(magicTarget);
  if (opts.lineTargets) {
    if (opts.lineTargets.length !== 2 * n) throw new Error("lineTargets needs 2n entries");
    for (let L = 0; L < 2 * n; L++) targets[L] = opts.lineTargets[L];
  }
  const t0 = performance.now();

  // Knight neighbours in CSR form.
  const nbStart = new Int32Array(N + 1);
  const nbList: number[] = [];
  for (let s = 0; s < N; s++) {
    nbStart[s] = nbList.length;
    for (let t = 0; t < N; t++) if (knightStep(s, t, n)) nbList.push(t);
  }
  nbStart[N] = nbList.length;
  const nb = Int32Array.from(nbList);

  // Antipode of square y*n+x is (n-1-y)*n+(n-1-x) = N-1-s; never s itself
  // because N-1 is odd.
  const rowOf = new Int32Array(N), colOf = new Int32Array(N);
  for (let s = 0; s < N; s++) { rowOf[s] = Math.floor(s / n); colOf[s] = s % n; }

  /*
   * Line bounds. After the pairs 1..k are placed (k and k+H together), the
   * numbers still to place are exactly {k+1..H} U {k+1+H..N}. A line (row or
   * column) with partial sum S and c empty cells will receive c distinct
   * numbers from that set, so its final sum lies between S + (sum of the c
   * smallest remaining) and S + (sum of the c largest remaining); if target
   * (per line) is outside that range no completion can make the line 260, so pruning
   * loses nothing.
   *
   * Colour split (paritySplit): a knight move always changes square colour,
   * so along the tour numbers alternate colours: every number with the parity
   * of 1 stands on the colour of 1's square, the others on the other colour.
   * The antipode keeps the colour (x+y -> 2n-2-x-y, same parity) and k+H has
   * the parity of k (H is even for even n), consistent. So a line's empty
   * cells of 1's colour will take odd numbers, the rest even numbers, and the
   * bound above holds separately within each parity class: the final sum lies
   * between S + min(odd part) + min(even part) and S + max(odd) + max(even).
   * This interval is contained in the plain one, and still contains every
   * real completion, so it too never prunes a real tour.
   *
   * Tables are indexed [k * (n+1) + c] for a parity class p (0 = even
   * numbers, 1 = odd numbers) or for all numbers (p = 2).
   */
  const lo = [0, 1, 2].map(() => new Float64Array((H + 1) * (n + 1)));
  const hi = [0, 1, 2].map(() => new Float64Array((H + 1) * (n + 1)));
  for (let k = 0; k <= H; k++) {
    const remaining: number[] = [];
    for (let v = k + 1; v <= H; v++) remaining.push(v);
    for (let v = k + 1 + H; v <= N; v++) remaining.push(v);
    remaining.sort((a, b) => a - b);
    for (let p = 0; p < 3; p++) {
      const pool = p === 2 ? remaining : remaining.filter((v) => v % 2 === p);
      for (let c = 0; c <= n; c++) {
        if (c > pool.length) {
          lo[p][k * (n + 1) + c] = Infinity; // cannot fill: impossible
          hi[p][k * (n + 1) + c] = -Infinity;
          continue;
        }
        let a = 0, b = 0;
        for (let i = 0; i < c; i++) { a += pool[i]; b += pool[pool.length - 1 - i]; }
        lo[p][k * (n + 1) + c] = a;
        hi[p][k * (n + 1) + c] = b;
      }
    }
  }

  const numbers = new Int32Array(N); // 0 = empty
  const square = new Int32Array(N + 1); // square of number v
  // Per line (rows 0..n-1, columns n..2n-1): sum, empty cells of colour 0 and 1.
  const lineSum = new Int32Array(2 * n);
  const lineEmpty = [new Int32Array(2 * n), new Int32Array(2 * n)];
  const colour = (s: number) => (rowOf[s] + colOf[s]) & 1;

  let boards = 0, closed = 0, nodes = 0;
  let startColour = 0; // colour of 1's square: odd numbers stand there
  const classes = new Map<string, { canon: number[]; size: number; diag: [number, number] }>();
  const lineCount = 2 * n;

  const place = (s: number, v: number) => {
    numbers[s] = v; square[v] = s;
    lineSum[rowOf[s]] += v; lineSum[n + colOf[s]] += v;
    lineEmpty[colour(s)][rowOf[s]]--; lineEmpty[colour(s)][n + colOf[s]]--;
  };
  const unplace = (s: number, v: number) => {
    numbers[s] = 0;
    lineSum[rowOf[s]] -= v; lineSum[n + colOf[s]] -= v;
    lineEmpty[colour(s)][rowOf[s]]++; lineEmpty[colour(s)][n + colOf[s]]++;
  };

  // All lines feasible after pairs 1..k are placed? (Every line, not only the
  // touched ones: removing numbers from the remaining pool tightens the
  // bounds of untouched lines too.)
  const feasible = (k: number): boolean => {
    const base = k * (n + 1);
    for (let L = 0; L < lineCount; L++) {
      const need = targets[L] - lineSum[L];
      if (paritySplit) {
        // Cells of 1's colour take odd numbers (p = 1), the others even.
        const cOdd = lineEmpty[startColour][L], cEven = lineEmpty[startColour ^ 1][L];
        if (need < lo[1][base + cOdd] + lo[0][base + cEven]) return false;
        if (need > hi[1][base + cOdd] + hi[0][base + cEven]) return false;
      } else {
        const c = lineEmpty[0][L] + lineEmpty[1][L];
        if (need < lo[2][base + c] || need > hi[2][base + c]) return false;
      }
    }
    return true;
  };

  const record = () => {
    // Full independent check of the finished board.
    const seen = new Uint8Array(N + 1);
    for (let s = 0; s < N; s++) {
      const v = numbers[s];
      if (v < 1 || v > N || seen[v]) throw new Error("internal: not a numbering");
      seen[v] = 1;
    }
    for (let v = 1; v < N; v++) {
      if (!knightStep(square[v], square[v + 1], n)) throw new Error("internal: not a knight path");
    }
    for (let v = 1; v <= H; v++) {
      if (square[v + H] !== N - 1 - square[v]) throw new Error("internal: not central");
    }
    if (magic) {
      for (let L = 0; L < lineCount; L++) {
        if (lineSum[L] !== targets[L]) throw new Error("internal: line sum");
      }
    }
    boards++;
    if (knightStep(square[N], square[1], n)) closed++;
    opts.onBoard?.(numbers);
    const canon = canonicalNumbers(numbers, n);
    const key = canon.join(",");
    if (!classes.has(key)) {
      let d1 = 0, d2 = 0;
      for (let i = 0; i < n; i++) { d1 += canon[i * n + i]; d2 += canon[i * n + (n - 1 - i)]; }
      classes.set(key, { canon, size: classSize(canon, n), diag: [d1, d2] });
    }
  };

  const extend = (k: number) => {
    // Pairs 1..k placed; k's square is square[k].
    if (k === H) {
      // H -> H+1 and N -> 1 (see the header comment: equivalent by symmetry).
      const a = knightStep(square[H], square[H + 1], n);
      const b = knightStep(square[N], square[1], n);
      if (a !== b) throw new Error("internal: closing asymmetry");
      if (a) record();
      return;
    }
    const from = square[k];
    for (let i = nbStart[from]; i < nbStart[from + 1]; i++) {
      const s = nb[i];
      // s free <=> its antipode free, since squares are filled in antipodal pairs.
      if (numbers[s] !== 0) continue;
      nodes++;
      place(s, k + 1);
      place(N - 1 - s, k + 1 + H);
      if (!magic || feasible(k + 1)) extend(k + 1);
      unplace(N - 1 - s, k + 1 + H);
      unplace(s, k + 1);
    }
  };

  for (let L = 0; L < lineCount; L++) {
    lineSum[L] = 0;
    lineEmpty[0][L] = n / 2; lineEmpty[1][L] = n / 2; // each line alternates colours
  }
  for (let s1 = 0; s1 < N; s1++) {
    if (opts.starts && !opts.starts.includes(s1)) continue;
    startColour = colour(s1);
    nodes++;
    place(s1, 1);
    place(N - 1 - s1, 1 + H);
    if (!magic || feasible(1)) extend(1);
    unplace(N - 1 - s1, 1 + H);
    unplace(s1, 1);
  }

  const sorted = [...classes.values()].sort((a, b) => (lexLess(a.canon, b.canon) ? -1 : 1));
  return {
    n,
    boards,
    closed,
    classes: classes.size,
    canonical: sorted.map((c) => c.canon),
    classSizes: sorted.map((c) => c.size),
    diagonals: sorted.map((c) => c.diag),
    nodes,
    millis: performance.now() - t0,
  };
}

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        n: { type: "string", default: "8" },
        records: { type: "string", default: "data/magic/records.json" },
        "no-parity": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
      },
    }));
  } catch (e) {
    console.error(`magic-central-crosscheck: ${(e as Error).message}`);
    return 2;
  }
  const n = Number(values.n);
  if (!Number.isInteger(n) || n < 2 || n > 8 || n % 2 !== 0) {
    console.error(`magic-central-crosscheck: --n must be an even integer 2..8 (got ${values.n})`);
    return 2;
  }
  const res = enumerateCentral({ n, paritySplit: !values["no-parity"] });

  // Compare with the stored records (canonicalised here, with this file's code).
  let comparison: Record<string, unknown> | null = null;
  if (n === 8) {
    let stored: { numbers: number[]; centralSymmetric?: boolean }[];
    try {
      stored = JSON.parse(readFileSync(values.records!, "utf8")).records;
      if (!Array.isArray(stored)) throw new Error("no `records` array");
    } catch (e) {
      console.error(`magic-central-crosscheck: cannot read ${values.records}: ${(e as Error).message}`);
      return 2;
    }
    const ours = new Set(res.canonical.map((c) => c.join(",")));
    const theirs = new Set(
      stored.filter((r) => Array.isArray(r.numbers) && r.numbers.length === 64)
        .map((r) => canonicalNumbers(r.numbers, 8).join(",")),
    );
    comparison = {
      storedRecords: stored.length,
      storedClasses: theirs.size,
      inBoth: [...ours].filter((k) => theirs.has(k)).length,
      onlyHere: [...ours].filter((k) => !theirs.has(k)),
      onlyStored: [...theirs].filter((k) => !ours.has(k)),
    };
  }

  const summary = {
    n: res.n,
    boards: res.boards,
    classes: res.classes,
    closed: res.closed,
    classSizes: res.classSizes,
    diagonals: res.diagonals,
    nodes: res.nodes,
    seconds: Math.round(res.millis / 100) / 10,
    comparison,
  };
  if (values.json) {
    console.log(JSON.stringify({ ...summary, canonical: res.canonical }, null, 1));
  } else {
    console.log(JSON.stringify(summary, null, 1));
    for (const c of res.canonical) console.log(c.join(" "));
  }
  return 0;
}

if (import.meta.main) {
  try {
    process.exitCode = main();
  } catch (e) {
    console.error(`magic-central-crosscheck: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
