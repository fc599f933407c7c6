/**
 * Plain brute force for Hamiltonian paths, the reference the engine is tested
 * against. Written from scratch on purpose: nothing from solvers/ is imported,
 * the graph is a boolean adjacency matrix built from plain arrays, and the
 * search is a bare depth-first walk over unvisited vertices without any pruning,
 * so it shares no rule (and no bug) with the engine.
 *
 * Conventions (those documented in solvers/hamiltonian/engine.ts):
 * - a path is directed and starts at `start`; a single vertex is one path of length 0;
 * - a fixed end equal to the start admits only that single-vertex path;
 * - cycles are directed: a cycle of 3+ vertices counts twice (once per direction),
 *   the 2-vertex leap out and back counts once, a single vertex has no cycle.
 */

export type AdjMatrix = boolean[][];

export function emptyMatrix(n: number): AdjMatrix {
  return Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
}

/** Undirected simple graph from an edge list (self-loops are rejected). */
export function matrixFromEdges(n: number, edges: readonly (readonly [number, number])[]): AdjMatrix {
  const m = emptyMatrix(n);
  for (const [a, b] of edges) {
    if (a === b) throw new Error(`self-loop at ${a}`);
    m[a][b] = true;
    m[b][a] = true;
  }
  return m;
}

/**
 * Leaper [x,y] graph on some squares of a w×h board, from coordinates alone:
 * square index = file + w·rank (a1 = 0), and two squares are joined when the
 * absolute coordinate differences {|dx|,|dy|} equal {x,y} as a multiset.
 * Vertex i is squares[i].
 */
export function leaperMatrix(w: number, leap: readonly [number, number], squares: readonly number[]): AdjMatrix {
  const n = squares.length;
  const m = emptyMatrix(n);
  const [lx, ly] = leap;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const dx = Math.abs((squares[i] % w) - (squares[j] % w));
      const dy = Math.abs(Math.floor(squares[i] / w) - Math.floor(squares[j] / w));
      m[i][j] = (dx === lx && dy === ly) || (dx === ly && dy === lx);
    }
  }
  return m;
}

/** counts[v] = number of directed Hamiltonian paths from start that end on v. */
export function pathEndCounts(adj: AdjMatrix, start: number): number[] {
  const n = adj.length;
  const counts = new Array<number>(n).fill(0);
  const visited = new Array<boolean>(n).fill(false);
  const walk = (v: number, seen: number): void => {
    if (seen === n) {
      counts[v]++;
      return;
    }
    for (let w = 0; w < n; w++) {
      if (adj[v][w] && !visited[w]) {
        visited[w] = true;
        walk(w, seen + 1);
        visited[w] = false;
      }
    }
  };
  visited[start] = true;
  walk(start, 1);
  return counts;
}

/** Directed Hamiltonian paths from start; end = -1 for a free end. */
export function countPaths(adj: AdjMatrix, start: number, end = -1): number {
  const counts = pathEndCounts(adj, start);
  return end === -1 ? counts.reduce((a, b) => a + b, 0) : counts[end];
}

/** Directed Hamiltonian cycles through start (paths whose last vertex neighbours the start). */
export function countCycles(adj: AdjMatrix, start: number): number {
  if (adj.length < 2) return 0;
  const counts = pathEndCounts(adj, start);
  let total = 0;
  for (let v = 0; v < adj.length; v++) if (adj[start][v]) total += counts[v];
  return total;
}

/** Every Hamiltonian path from start (as vertex lists), in no particular order. */
export function allPaths(adj: AdjMatrix, start: number): number[][] {
  const n = adj.length;
  const out: number[][] = [];
  const visited = new Array<boolean>(n).fill(false);
  const path = [start];
  const walk = (v: number): void => {
    if (path.length === n) {
      out.push([...path]);
      return;
    }
    for (let w = 0; w < n; w++) {
      if (adj[v][w] && !visited[w]) {
        visited[w] = true;
        path.push(w);
        walk(w);
        path.pop();
        visited[w] = false;
      }
    }
  };
  visited[start] = true;
  walk(start);
  return out;
}

/** Vertices reachable from `from` (itself included), by a plain flood fill. */
export function reachableSet(adj: AdjMatrix, from: number): boolean[] {
  const seen = new Array<boolean>(adj.length).fill(false);
  const stack = [from];
  seen[from] = true;
  while (stack.length > 0) {
    const v = stack.pop()!;
    for (let w = 0; w < adj.length; w++) {
      if (adj[v][w] && !seen[w]) {
        seen[w] = true;
        stack.push(w);
      }
    }
  }
  return seen;
}

/** Edge list of a matrix (a < b), for printing an instance. */
export function edgesOf(adj: AdjMatrix): [number, number][] {
  const out: [number, number][] = [];
  for (let a = 0; a < adj.length; a++) for (let b = a + 1; b < adj.length; b++) if (adj[a][b]) out.push([a, b]);
  return out;
}

/**
 * The matrix in compressed sparse row form (the shape of the solvers' Graph),
 * built here without the solvers' code. `order` may permute each neighbour list,
 * so that a search cannot depend on the order edges are listed in.
 */
export function toCsr(adj: AdjMatrix, order?: (list: number[]) => number[]): { order: number; start: Int32Array; adj: Int32Array } {
  const n = adj.length;
  const lists: number[][] = [];
  for (let v = 0; v < n; v++) {
    const l: number[] = [];
    for (let w = 0; w < n; w++) if (adj[v][w]) l.push(w);
    lists.push(order ? order(l) : l);
  }
  const start = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) start[v + 1] = start[v] + lists[v].length;
  const flat = new Int32Array(start[n]);
  for (let v = 0; v < n; v++) flat.set(lists[v], start[v]);
  return { order: n, start, adj: flat };
}
