/**
 * An independent enumeration of the centrally symmetric semimagic knight's
 * tours (numbers 1..n² along a knight's tour, every row and column at the
 * magic sum, k and k + n²/2 on antipodal squares), for cross-checking the
 * magic engine. Written from scratch on purpose: nothing here comes from the
 * rest of solvers/magic/ (engine, kernel, enumerate), so agreement between the
 * two is evidence, not an echo. `atlas crosscheck magic`
 * (scripts/families/magic/extra/crosscheck.ts) runs it and compares with the
 * records. Pure: no I/O.
 */
export interface CrosscheckResult {
  n: number;
  /**
   * Numbered boards in the classes found: the sum of their class sizes (not a
   * count of what the search visited). When the starts hold a representative
   * of every square orbit and the solution set is closed under the 16
   * transformations (magic target, or no line condition), this is the number
   * of all solution boards: every class is found (see `startRepresentatives`)
   * and every member of a found class is itself a solution.
   */
  boards: number;
  /** Numbered boards the search itself reached from the start squares tried. */
  found: number;
  /** Found boards whose N -> 1 step is a knight move (expected: all). */
  closed: number;
  /** Classes under the 8 board symmetries x optional reversal k -> n*n+1-k. */
  classes: number;
  /** Canonical forms (lexicographically smallest image), sorted. */
  canonical: number[][];
  /** Class size per canonical form (same order). */
  classSizes: number[];
  /** Main-diagonal / anti-diagonal sums per canonical form (same order). */
  diagonals: [number, number][];
  /** Start squares (square of 1) searched. */
  starts: number[];
  /** Placement steps tried (one per number pair k, k+half placed). */
  nodes: number;
  millis: number;
}

export interface CrosscheckProgress {
  startsDone: number;
  startsTotal: number;
  nodes: number;
  millis: number;
  found: number;
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
  /**
   * Squares of number 1 to try. Default: `startRepresentatives(n)` when the
   * line condition is symmetric (magic target or none); every square with
   * lineTargets, whose targets need not be symmetric.
   */
  starts?: number[];
  /** Line bounds on the values (the first version's rule). Default off. */
  valueBounds?: boolean;
  /** Line bounds on antipodal pairs: high counts and label sums. Default on. */
  pairBounds?: boolean;
  /** Apply the colour split to the line bounds (both kinds). Default on. */
  paritySplit?: boolean;
  /** Knight-graph dead-end rules. Default on. */
  deadEnds?: boolean;
  onBoard?: (numbers: Int32Array) => void;
  /** Called about every `progressMillis` (default 10000) and after each start. */
  onProgress?: (p: CrosscheckProgress) => void;
  progressMillis?: number;
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
        if (t & 4) {
          const w = u;
          u = v;
          v = w;
        }
        m[y * n + x] = v * n + u;
      }
    }
    maps.push(m);
  }
  return maps;
}

/**
 * One square per orbit of the 8 board symmetries: the smallest index in the
 * orbit (for 8x8 the 10 squares with y <= x <= 3).
 *
 * Why searching only these starts still finds every class: let B be a
 * solution (a centrally symmetric knight's tour with the line condition) with
 * 1 on square s, and g a board symmetry with g(s) = the representative of s.
 * g maps knight moves to knight moves, commutes with the half turn (it is
 * central in the symmetry group) so k and k+H stay antipodal, and maps every
 * row or column onto a row or column with the same numbers, so a common line
 * target still holds. So g(B) is a solution with 1 on a representative: the
 * search reaches it, and g(B) lies in the class of B (the class is closed
 * under g). Per-line targets that are not symmetric break the last step,
 * which is why lineTargets default to every start.
 */
export function startRepresentatives(n: number): number[] {
  const maps = squareSymmetries(n);
  const reps: number[] = [];
  for (let s = 0; s < n * n; s++) {
    if (maps.every((m) => m[s] >= s)) reps.push(s);
  }
  return reps;
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
 * Sums of the c smallest / c largest members of `pool` (sorted ascending),
 * for c = 0..width; +-Infinity when the pool has fewer than c members.
 */
function extremeSums(pool: number[], width: number, lo: Float64Array, hi: Float64Array, at: number) {
  for (let c = 0; c <= width; c++) {
    if (c > pool.length) {
      lo[at + c] = Infinity;
      hi[at + c] = -Infinity;
      continue;
    }
    let a = 0, b = 0;
    for (let i = 0; i < c; i++) {
      a += pool[i];
      b += pool[pool.length - 1 - i];
    }
    lo[at + c] = a;
    hi[at + c] = b;
  }
}

/**
 * Enumerate every numbered board with numbers 1..N (N = n*n) along a knight's
 * path where k and k+N/2 stand on antipodal squares (x,y) <-> (n-1-x,n-1-y),
 * and (when magic) every row and column sums to n(N+1)/2 (or to lineTargets),
 * with number 1 on one of the start squares.
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
  const valueBounds = magic && (opts.valueBounds ?? false);
  const pairBounds = magic && (opts.pairBounds ?? true);
  const deadEnds = opts.deadEnds ?? true;
  if (!Number.isInteger(n) || n < 2 || n % 2 !== 0) {
    throw new Error(`board side must be an even integer >= 2 (got ${n})`);
  }
  const N = n * n;
  const H = N / 2;
  const half = n / 2;
  const magicTarget = (n * (N + 1)) / 2;
  const targets = new Int32Array(2 * n).fill(magicTarget);
  if (opts.lineTargets) {
    if (opts.lineTargets.length !== 2 * n) throw new Error("lineTargets needs 2n entries");
    for (let L = 0; L < 2 * n; L++) targets[L] = opts.lineTargets[L];
  }
  const startList = opts.starts ??
    (opts.lineTargets && magic ? Array.from({ length: N }, (_, s) => s) : startRepresentatives(n));
  for (const s of startList) {
    if (!Number.isInteger(s) || s < 0 || s >= N) throw new Error(`start square ${s} is off the board`);
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
  const rowOf = new Int32Array(N), colOf = new Int32Array(N), colourOf = new Int32Array(N);
  for (let s = 0; s < N; s++) {
    rowOf[s] = Math.floor(s / n);
    colOf[s] = s % n;
    colourOf[s] = (rowOf[s] + colOf[s]) & 1;
  }

  /*
   * Colour split: a knight move always changes square colour, so along the
   * tour numbers alternate colours: every number with the parity of 1 stands
   * on the colour of 1's square, the others on the other colour. The antipode
   * keeps the colour (x+y -> 2n-2-x-y, same parity) and k+H has the parity of
   * k (H = n*n/2 is even for even n), consistent. Used by both bounds below.
   *
   * Value bounds (the first version's rule). After the pairs 1..k are placed
   * (k and k+H together), the numbers still to place are exactly
   * {k+1..H} U {k+1+H..N}. A line with partial sum S and c empty cells will
   * receive c distinct numbers from that set, so its final sum lies between
   * S + (sum of the c smallest remaining) and S + (sum of the c largest); with
   * the colour split, separately for the odd numbers (cells of 1's colour)
   * and the even ones. A target outside that range cannot be met.
   *
   * Tables are indexed [k * (n+1) + c] for a parity class p (0 = even,
   * 1 = odd) or for all (p = 2).
   */
  const vLo = [0, 1, 2].map(() => new Float64Array((H + 1) * (n + 1)));
  const vHi = [0, 1, 2].map(() => new Float64Array((H + 1) * (n + 1)));
  /*
   * Pair bounds. Give the antipodal pair holding k and k+H the label k. Row y
   * and row n-1-y (y < n/2) hold the same n pairs, one square of each pair in
   * either row (the half turn maps row y onto row n-1-y). If the labels of
   * those pairs sum to Lg and h_y of the n squares in row y hold the high
   * number k+H, then row y sums to Lg + H*h_y and row n-1-y to
   * Lg + H*(n-h_y). So both rows meet targets T_y, T_{n-1-y} exactly when
   *   Lg = (T_y + T_{n-1-y} - H*n) / 2   and   h_y = (T_y - Lg) / H,
   * both integers (else there is no solution at all), and likewise for
   * columns. For 8x8 and 260: every row and column holds exactly 4 numbers
   * above 32, and the labels of each row pair / column pair sum to 132.
   * Necessary (and at the end sufficient) conditions checked at every step:
   * a line holds at most h_y high and n-h_y low numbers; the labels still to
   * come, {k+1..H}, can complete the group's label sum: as above, between
   * the sums of the c smallest and c largest labels, split by colour (a label
   * has the parity of its numbers).
   */
  const lLo = [0, 1].map(() => new Float64Array((H + 1) * (n + 1)));
  const lHi = [0, 1].map(() => new Float64Array((H + 1) * (n + 1)));
  for (let k = 0; k <= H; k++) {
    const remaining: number[] = [];
    for (let v = k + 1; v <= H; v++) remaining.push(v);
    const labels = remaining.slice();
    for (let v = k + 1 + H; v <= N; v++) remaining.push(v);
    remaining.sort((a, b) => a - b);
    for (let p = 0; p < 3; p++) {
      const pool = p === 2 ? remaining : remaining.filter((v) => v % 2 === p);
      extremeSums(pool, n, vLo[p], vHi[p], k * (n + 1));
    }
    for (let p = 0; p < 2; p++) {
      extremeSums(labels.filter((v) => v % 2 === p), n, lLo[p], lHi[p], k * (n + 1));
    }
  }
  // Groups: 0..half-1 row pairs (y, n-1-y), half..n-1 column pairs.
  const labelNeed = new Int32Array(n);
  const highMax = new Int32Array(2 * n), lowMax = new Int32Array(2 * n);
  let targetsPossible = true;
  for (let g = 0; g < n; g++) {
    const a = g < half ? g : n + (g - half); // line index of row y / column x
    const b = g < half ? n - 1 - g : n + (n - 1 - (g - half));
    const twice = targets[a] + targets[b] - H * n;
    if (twice % 2 !== 0) {
      targetsPossible = false;
      continue;
    }
    labelNeed[g] = twice / 2;
    const ha = (targets[a] - labelNeed[g]) / H;
    if (!Number.isInteger(ha) || ha < 0 || ha > n) {
      targetsPossible = false;
      continue;
    }
    highMax[a] = ha;
    lowMax[a] = n - ha;
    highMax[b] = n - ha;
    lowMax[b] = ha;
  }
  const groupRow = new Int32Array(N), groupCol = new Int32Array(N);
  for (let s = 0; s < N; s++) {
    groupRow[s] = Math.min(rowOf[s], n - 1 - rowOf[s]);
    groupCol[s] = half + Math.min(colOf[s], n - 1 - colOf[s]);
  }

  const numbers = new Int32Array(N); // 0 = empty
  const square = new Int32Array(N + 1); // square of number v
  // Per line (rows 0..n-1, columns n..2n-1): sum, empty cells of colour 0 and 1.
  const lineSum = new Int32Array(2 * n);
  const lineEmpty = [new Int32Array(2 * n), new Int32Array(2 * n)];
  // Per line: low (<= H) and high numbers placed. Per group: label sum and
  // empty pairs of colour 0 and 1.
  const lowCount = new Int32Array(2 * n), highCount = new Int32Array(2 * n);
  const labelSum = new Int32Array(n);
  const groupEmpty = [new Int32Array(n), new Int32Array(n)];

  /*
   * Dead ends. After the pairs 1..m are placed, the numbers still free form
   * two runs, m+1..H and m+1+H..N. The placed squares that still need a tour
   * neighbour ("open ends") are those of 1 (needs N), H+1 (needs H), m (needs
   * m+1) and m+H (needs m+1+H); for m = 1 the first two are the same squares
   * as the last two, each needing two. Every other placed number already has
   * both tour neighbours placed. In the finished tour each free square has
   * two tour neighbours, each free now or an open end. So with
   *   avail[v] = knight neighbours of v that are free or an open end,
   * (A) avail[v] >= 2 for every free v;
   * (B) if avail[v] = 2, both of those are v's tour neighbours; an open end
   *     needing one neighbour can be the forced neighbour of at most one
   *     free square (two for 1's square when m = 1);
   * (C) for m < H-1 each run has at least two numbers, so every free square
   *     has a free tour neighbour: freeDeg[v] >= 1.
   * (B) at the current end m: if one free neighbour v of m's square has
   * avail 2, v must be m+1 (m's square is one of v's two neighbours and m's
   * only missing neighbour is m+1), so it is the only move tried.
   * avail only changes when an open end closes (m's squares once m+1 is
   * placed): a square turning from free to open end stays counted. The whole
   * state is symmetric under the half turn (free set, open ends, graph), so
   * each rule is checked on one square of each antipodal pair.
   */
  const freeDeg = new Int32Array(N), avail = new Int32Array(N);
  for (let s = 0; s < N; s++) {
    freeDeg[s] = nbStart[s + 1] - nbStart[s];
    avail[s] = freeDeg[s];
  }

  let found = 0, closed = 0, nodes = 0;
  let startColour = 0; // colour of 1's square: odd numbers stand there
  const classes = new Map<string, { canon: number[]; size: number; diag: [number, number] }>();
  const lineCount = 2 * n;

  // Place number m on s and m+H on its antipode.
  const placePair = (s: number, m: number) => {
    const t = N - 1 - s, c = colourOf[s];
    numbers[s] = m;
    square[m] = s;
    numbers[t] = m + H;
    square[m + H] = t;
    lineSum[rowOf[s]] += m;
    lineSum[n + colOf[s]] += m;
    lineSum[rowOf[t]] += m + H;
    lineSum[n + colOf[t]] += m + H;
    lineEmpty[c][rowOf[s]]--;
    lineEmpty[c][n + colOf[s]]--;
    lineEmpty[c][rowOf[t]]--;
    lineEmpty[c][n + colOf[t]]--;
    lowCount[rowOf[s]]++;
    lowCount[n + colOf[s]]++;
    highCount[rowOf[t]]++;
    highCount[n + colOf[t]]++;
    labelSum[groupRow[s]] += m;
    labelSum[groupCol[s]] += m;
    groupEmpty[c][groupRow[s]]--;
    groupEmpty[c][groupCol[s]]--;
    for (let i = nbStart[s]; i < nbStart[s + 1]; i++) freeDeg[nb[i]]--;
    for (let i = nbStart[t]; i < nbStart[t + 1]; i++) freeDeg[nb[i]]--;
    if (m >= 3) {
      // m-1's squares stop being open ends (1's squares stay open for m = 2).
      const h = square[m - 1], g = N - 1 - h;
      for (let i = nbStart[h]; i < nbStart[h + 1]; i++) avail[nb[i]]--;
      for (let i = nbStart[g]; i < nbStart[g + 1]; i++) avail[nb[i]]--;
    }
  };
  const unplacePair = (s: number, m: number) => {
    const t = N - 1 - s, c = colourOf[s];
    numbers[s] = 0;
    numbers[t] = 0;
    lineSum[rowOf[s]] -= m;
    lineSum[n + colOf[s]] -= m;
    lineSum[rowOf[t]] -= m + H;
    lineSum[n + colOf[t]] -= m + H;
    lineEmpty[c][rowOf[s]]++;
    lineEmpty[c][n + colOf[s]]++;
    lineEmpty[c][rowOf[t]]++;
    lineEmpty[c][n + colOf[t]]++;
    lowCount[rowOf[s]]--;
    lowCount[n + colOf[s]]--;
    highCount[rowOf[t]]--;
    highCount[n + colOf[t]]--;
    labelSum[groupRow[s]] -= m;
    labelSum[groupCol[s]] -= m;
    groupEmpty[c][groupRow[s]]++;
    groupEmpty[c][groupCol[s]]++;
    for (let i = nbStart[s]; i < nbStart[s + 1]; i++) freeDeg[nb[i]]++;
    for (let i = nbStart[t]; i < nbStart[t + 1]; i++) freeDeg[nb[i]]++;
    if (m >= 3) {
      const h = square[m - 1], g = N - 1 - h;
      for (let i = nbStart[h]; i < nbStart[h + 1]; i++) avail[nb[i]]++;
      for (let i = nbStart[g]; i < nbStart[g + 1]; i++) avail[nb[i]]++;
    }
  };

  // Line conditions still satisfiable after pairs 1..k are placed? (Every
  // line or group, not only the touched ones: shrinking the pool of numbers
  // still to come tightens the bounds of untouched lines too.)
  const feasible = (k: number): boolean => {
    const base = k * (n + 1);
    if (valueBounds) {
      for (let L = 0; L < lineCount; L++) {
        const need = targets[L] - lineSum[L];
        if (paritySplit) {
          const cOdd = lineEmpty[startColour][L], cEven = lineEmpty[startColour ^ 1][L];
          if (need < vLo[1][base + cOdd] + vLo[0][base + cEven]) return false;
          if (need > vHi[1][base + cOdd] + vHi[0][base + cEven]) return false;
        } else {
          const c = lineEmpty[0][L] + lineEmpty[1][L];
          if (need < vLo[2][base + c] || need > vHi[2][base + c]) return false;
        }
      }
    }
    if (pairBounds) {
      for (let L = 0; L < lineCount; L++) {
        if (highCount[L] > highMax[L] || lowCount[L] > lowMax[L]) return false;
      }
      for (let g = 0; g < n; g++) {
        const need = labelNeed[g] - labelSum[g];
        const cOdd = groupEmpty[startColour][g], cEven = groupEmpty[startColour ^ 1][g];
        if (paritySplit) {
          if (need < lLo[1][base + cOdd] + lLo[0][base + cEven]) return false;
          if (need > lHi[1][base + cOdd] + lHi[0][base + cEven]) return false;
        } else {
          // Without the split: c labels of either parity, still from {k+1..H};
          // the c smallest of the pool lie between the split extremes.
          const c = cOdd + cEven;
          let lo = Infinity, hi = -Infinity;
          for (let a = 0; a <= c; a++) {
            lo = Math.min(lo, lLo[1][base + a] + lLo[0][base + c - a]);
            hi = Math.max(hi, lHi[1][base + a] + lHi[0][base + c - a]);
          }
          if (need < lo || need > hi) return false;
        }
      }
    }
    return true;
  };

  /*
   * Dead-end rules (A)-(C) after the pair m was placed on s (and its
   * antipode). Only squares whose counts just dropped can newly break (A) or
   * (C): avail drops for neighbours of m-1's square, freeDeg for neighbours
   * of s. (B) is re-counted at the two open ends of one side (s and 1's
   * square); the other side is the mirror image.
   */
  const deadEndsOk = (s: number, m: number): boolean => {
    if (m >= H) return true;
    if (m >= 3) {
      const h = square[m - 1];
      for (let i = nbStart[h]; i < nbStart[h + 1]; i++) {
        const v = nb[i];
        if (numbers[v] === 0 && avail[v] < 2) return false;
      }
    }
    let forced = 0;
    for (let i = nbStart[s]; i < nbStart[s + 1]; i++) {
      const v = nb[i];
      if (numbers[v] !== 0) continue;
      if (m < H - 1 && freeDeg[v] === 0) return false;
      if (avail[v] === 2) forced++;
    }
    if (forced > (m === 1 ? 2 : 1)) return false;
    if (m >= 2) {
      const s1 = square[1];
      forced = 0;
      for (let i = nbStart[s1]; i < nbStart[s1 + 1]; i++) {
        const v = nb[i];
        if (numbers[v] === 0 && avail[v] === 2) forced++;
      }
      if (forced > 1) return false;
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
    found++;
    if (knightStep(square[N], square[1], n)) closed++;
    opts.onBoard?.(numbers);
    const canon = canonicalNumbers(numbers, n);
    const key = canon.join(",");
    if (!classes.has(key)) {
      let d1 = 0, d2 = 0;
      for (let i = 0; i < n; i++) {
        d1 += canon[i * n + i];
        d2 += canon[i * n + (n - 1 - i)];
      }
      classes.set(key, { canon, size: classSize(canon, n), diag: [d1, d2] });
    }
  };

  const progressMillis = opts.progressMillis ?? 10000;
  let nextReport = t0 + progressMillis;
  let startsDone = 0;
  const report = () =>
    opts.onProgress?.({
      startsDone,
      startsTotal: startList.length,
      nodes,
      millis: performance.now() - t0,
      found,
    });

  const tryPair = (s: number, m: number) => {
    nodes++;
    if (opts.onProgress && (nodes & 0xfffff) === 0 && performance.now() >= nextReport) {
      report();
      nextReport = performance.now() + progressMillis;
    }
    placePair(s, m);
    if ((!magic || feasible(m)) && (!deadEnds || deadEndsOk(s, m))) extend(m);
    unplacePair(s, m);
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
    if (deadEnds && k >= 2) {
      // Rule (B) at the current end: a free neighbour with avail 2 is k+1.
      for (let i = nbStart[from]; i < nbStart[from + 1]; i++) {
        const s = nb[i];
        if (numbers[s] === 0 && avail[s] === 2) {
          tryPair(s, k + 1);
          return;
        }
      }
    }
    for (let i = nbStart[from]; i < nbStart[from + 1]; i++) {
      const s = nb[i];
      // s free <=> its antipode free, since squares are filled in antipodal pairs.
      if (numbers[s] === 0) tryPair(s, k + 1);
    }
  };

  for (let L = 0; L < lineCount; L++) {
    lineSum[L] = 0;
    lineEmpty[0][L] = n / 2; // each line alternates colours
    lineEmpty[1][L] = n / 2;
  }
  for (let g = 0; g < n; g++) {
    groupEmpty[0][g] = n / 2;
    groupEmpty[1][g] = n / 2;
  }
  if (!pairBounds || targetsPossible) {
    for (const s1 of startList) {
      startColour = colourOf[s1];
      tryPair(s1, 1);
      startsDone++;
      report();
    }
  }

  const sorted = [...classes.values()].sort((a, b) => (lexLess(a.canon, b.canon) ? -1 : 1));
  return {
    n,
    boards: sorted.reduce((sum, c) => sum + c.size, 0),
    found,
    closed,
    classes: classes.size,
    canonical: sorted.map((c) => c.canon),
    classSizes: sorted.map((c) => c.size),
    diagonals: sorted.map((c) => c.diag),
    starts: startList.slice(),
    nodes,
    millis: performance.now() - t0,
  };
}
