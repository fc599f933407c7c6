/**
 * The independent checker of magic leaper tours. It reads only the numbered
 * board (numbers[x + y*width] = the number on that square) and recomputes
 * everything from coordinates: permutation of 1..N, every step a leap, row,
 * column and diagonal sums, closure, the route's half-turn symmetry, and the
 * canonical form under the 16 transformations that keep a tour magic (the 8
 * symmetries of the square board, each with or without reversing the
 * numbering k -> N+1-k). It shares no code with the search (engine.ts).
 */

export interface MagicTourFacts {
  ok: boolean;
  errors: string[];
  width: number;
  height: number;
  rowSums: number[];
  columnSums: number[];
  /** a1-h8 diagonal, then a8-h1 (square boards; [] otherwise). */
  diagonalSums: number[];
  /** Every row and column has the magic sum width*(N+1)/2 resp. height*(N+1)/2. */
  semimagic: boolean;
  /** Semimagic and both diagonals magic too. */
  magic: boolean;
  /** The last square is a leap from the first. */
  closed: boolean;
  /** Closed and the half turn maps the route onto itself: k and k+N/2 (mod N) on antipodal squares. */
  centralSymmetric: boolean;
}

function isLeap(leap: readonly [number, number], x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = Math.abs(x1 - x0), dy = Math.abs(y1 - y0);
  return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
}

export function checkMagicTour(
  width: number,
  height: number,
  numbers: readonly number[],
  leap: readonly [number, number] = [1, 2],
): MagicTourFacts {
  const N = width * height;
  const errors: string[] = [];
  const px = new Array<number>(N + 1).fill(-1), py = new Array<number>(N + 1).fill(-1);
  if (numbers.length !== N) errors.push(`${numbers.length} numbers for a board of ${N} squares`);
  for (let i = 0; i < numbers.length; i++) {
    const v = numbers[i];
    if (!Number.isInteger(v) || v < 1 || v > N) {
      errors.push(`square ${i} holds ${v}, not a number 1..${N}`);
      continue;
    }
    if (px[v] >= 0) errors.push(`number ${v} occurs twice`);
    px[v] = i % width;
    py[v] = Math.floor(i / width);
  }
  if (errors.length === 0) {
    for (let v = 1; v < N; v++) {
      if (!isLeap(leap, px[v], py[v], px[v + 1], py[v + 1])) {
        errors.push(`${v} -> ${v + 1} is not a [${leap}] leap`);
        if (errors.length > 4) break;
      }
    }
  }
  const rowSums = new Array<number>(height).fill(0), columnSums = new Array<number>(width).fill(0);
  for (let i = 0; i < Math.min(N, numbers.length); i++) {
    rowSums[Math.floor(i / width)] += numbers[i];
    columnSums[i % width] += numbers[i];
  }
  const diagonalSums: number[] = [];
  if (width === height) {
    let d1 = 0, d2 = 0;
    for (let i = 0; i < width; i++) {
      d1 += numbers[i + i * width];
      d2 += numbers[(width - 1 - i) + i * width];
    }
    diagonalSums.push(d1, d2);
  }
  const ok = errors.length === 0;
  const rowMagic = (width * (N + 1)) / 2, colMagic = (height * (N + 1)) / 2;
  const semimagic = ok && rowSums.every((s) => s === rowMagic) && columnSums.every((s) => s === colMagic);
  const magic = semimagic && diagonalSums.length === 2 && diagonalSums.every((s) => s === rowMagic);
  const closed = ok && N > 1 && isLeap(leap, px[N], py[N], px[1], py[1]);
  let centralSymmetric = closed && N % 2 === 0;
  for (let i = 0; centralSymmetric && i < N; i++) {
    const x = i % width, y = Math.floor(i / width);
    const j = (width - 1 - x) + (height - 1 - y) * width;
    if (((numbers[i] - 1 + N / 2) % N) + 1 !== numbers[j]) centralSymmetric = false;
  }
  return { ok, errors, width, height, rowSums, columnSums, diagonalSums, semimagic, magic, closed, centralSymmetric };
}

/** The 8 coordinate maps of an n×n board, as functions (x, y) -> [x', y']. */
const SQUARE_MAPS: ((x: number, y: number, m: number) => [number, number])[] = [
  (x, y) => [x, y],
  (x, y, m) => [m - x, y],
  (x, y, m) => [x, m - y],
  (x, y, m) => [m - x, m - y],
  (x, y) => [y, x],
  (x, y, m) => [m - y, x],
  (x, y, m) => [y, m - x],
  (x, y, m) => [m - y, m - x],
];

/** The 16 images of a numbered n×n board (8 symmetries × numbering kept or reversed). */
export function images(n: number, numbers: readonly number[]): number[][] {
  const N = n * n, out: number[][] = [];
  for (const f of SQUARE_MAPS) {
    for (const rev of [false, true]) {
      const img = new Array<number>(N);
      for (let i = 0; i < N; i++) {
        const [x, y] = f(i % n, Math.floor(i / n), n - 1);
        img[x + y * n] = rev ? N + 1 - numbers[i] : numbers[i];
      }
      out.push(img);
    }
  }
  return out;
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * Canonical form of a numbered n×n board: the lexicographically smallest of
 * its 16 images (read a1, b1, ..., h1, a2, ...), and how many distinct images
 * there are (the size of its class).
 */
export function canonicalForm(n: number, numbers: readonly number[]): { canonical: number[]; classSize: number } {
  const imgs = images(n, numbers);
  let best = imgs[0];
  for (const im of imgs) if (lexLess(im, best)) best = im;
  const distinct = new Set(imgs.map((im) => im.join(",")));
  return { canonical: best, classSize: distinct.size };
}

/** Numbers on squares from a tour's squares in order (squares[k-1] carries k). */
export function numbersOfPath(size: number, squares: ArrayLike<number>): number[] {
  const out = new Array<number>(size).fill(0);
  for (let k = 0; k < squares.length; k++) out[squares[k]] = k + 1;
  return out;
}

/** Squares in the order of their numbers (numbers must be a permutation of 1..N). */
export function pathOfNumbers(numbers: readonly number[]): number[] {
  const out = new Array<number>(numbers.length);
  numbers.forEach((v, i) => (out[v - 1] = i));
  return out;
}
