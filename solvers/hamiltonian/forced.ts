/**
 * Forced-edge reduction of a Hamiltonian path question with both ends known
 * (start s, end e; for the dual-free question test N has fixed e, the only
 * non-start vertex of degree 1). It deletes edges that no Hamiltonian s-e path
 * uses and rejects graphs that have none, so the engine then searches a
 * sparser graph with exactly the same Hamiltonian s-e paths (counts, and with
 * them uniqueness, are unchanged).
 *
 * In a Hamiltonian s-e path of n >= 2 vertices, s and e carry exactly 1 path
 * edge and every other vertex exactly 2: call this the vertex's capacity. The
 * rules, applied until nothing changes (each argued for every s-e path P):
 *
 * - Too few edges: a vertex whose remaining degree is below its capacity
 *   cannot carry its path edges: no P (tests D and K in fixpoint form).
 * - Degree = capacity: P uses every remaining edge of the vertex: they are
 *   forced (the booklet's test 3 counts these for degree-2 vertices only once;
 *   here they propagate).
 * - Capacity reached: a vertex with as many forced edges as its capacity uses
 *   no other edge in P: its other edges are deleted (which lowers its
 *   neighbours' degrees and may force more). More forced edges than capacity:
 *   no P.
 * - Forced edges are edges of P, so they form vertex-disjoint paths
 *   ("segments") inside P. A forced edge joining the two ends of one segment
 *   would close a cycle inside P: no P. An unforced edge between the two ends
 *   of a segment of fewer than n vertices would close one too: deleted. A
 *   segment whose ends are s and e is all of P, so if it has fewer than n
 *   vertices there is no P.
 * - Connectivity: P connects every vertex using remaining edges only; a
 *   reduced graph whose remaining edges do not connect it has no P.
 *
 * Deleting an edge that no P uses and forcing an edge that every P uses keep
 * the set of P's the same, so every later rule applies to the same P's: the
 * whole fixpoint is exact. Buffers are sized once (the largest order seen) and
 * reused: nothing is allocated per call.
 */
import type { Graph } from "../types.ts";

/** Verdicts of reduce(). */
export const FORCED_PASS = 0;
export const FORCED_REJECT = 1;

export class ForcedReducer {
  private cap = 0;
  private slots = 0;
  private deg = new Int32Array(0);
  private fdeg = new Int32Array(0);
  private capacity = new Int32Array(0);
  private alive = new Uint8Array(0);
  private forced = new Uint8Array(0);
  private rev = new Int32Array(0);
  private uf = new Int32Array(0);
  private size = new Int32Array(0);
  private endA = new Int32Array(0);
  private endB = new Int32Array(0);
  private queue = new Int32Array(0);
  private queued = new Uint8Array(0);
  private qHead = 0;
  private qTail = 0;
  private outStart = new Int32Array(0);
  private outAdj = new Int32Array(0);
  private n = 0;
  private g: Graph = { order: 0, start: new Int32Array(1), adj: new Int32Array(0) };
  /** Edges deleted and forced by the last call (for measurements and tests). */
  deleted = 0;
  forcedEdges = 0;

  private ensure(n: number, slots: number): void {
    if (n > this.cap) {
      this.cap = n;
      this.deg = new Int32Array(n);
      this.fdeg = new Int32Array(n);
      this.capacity = new Int32Array(n);
      this.uf = new Int32Array(n);
      this.size = new Int32Array(n);
      this.endA = new Int32Array(n);
      this.endB = new Int32Array(n);
      this.queue = new Int32Array(n);
      this.queued = new Uint8Array(n);
      this.outStart = new Int32Array(n + 1);
    }
    if (slots > this.slots) {
      this.slots = slots;
      this.alive = new Uint8Array(slots);
      this.forced = new Uint8Array(slots);
      this.rev = new Int32Array(slots);
      this.outAdj = new Int32Array(slots);
    }
  }

  private find(v: number): number {
    const uf = this.uf;
    while (uf[v] !== v) {
      uf[v] = uf[uf[v]];
      v = uf[v];
    }
    return v;
  }

  private push(v: number): void {
    if (this.queued[v]) return;
    this.queued[v] = 1;
    // A ring of n slots: a vertex is in it at most once.
    this.queue[this.qTail] = v;
    this.qTail = this.qTail + 1 === this.n ? 0 : this.qTail + 1;
    this.queuedCount++;
  }
  private queuedCount = 0;

  private del(e: number): void {
    const { g, alive, rev, deg } = this;
    const r = rev[e];
    alive[e] = alive[r] = 0;
    this.deleted++;
    const w = g.adj[e];
    const v = g.adj[r];
    deg[v]--;
    deg[w]--;
    this.push(v);
    this.push(w);
  }

  /** Force slot e (v -> w); false when that leaves no path. */
  private force(e: number): boolean {
    const { g, forced, rev, fdeg, capacity } = this;
    if (forced[e]) return true;
    const r = rev[e];
    const w = g.adj[e];
    const v = g.adj[r];
    if (fdeg[v] >= capacity[v] || fdeg[w] >= capacity[w]) return false;
    const a = this.find(v);
    const b = this.find(w);
    if (a === b) return false; // closes a cycle of forced edges
    forced[e] = forced[r] = 1;
    this.forcedEdges++;
    fdeg[v]++;
    fdeg[w]++;
    // v and w had fewer forced edges than their capacity (<= 2), so each was an end of its segment.
    const oa = this.endA[a] === v ? this.endB[a] : this.endA[a];
    const ob = this.endA[b] === w ? this.endB[b] : this.endA[b];
    const [big, small] = this.size[a] >= this.size[b] ? [a, b] : [b, a];
    this.uf[small] = big;
    this.size[big] += this.size[small];
    this.endA[big] = oa;
    this.endB[big] = ob;
    const whole = this.size[big] === this.n;
    const s0 = this.sVertex;
    const e0 = this.eVertex;
    if (!whole && ((oa === s0 && ob === e0) || (oa === e0 && ob === s0))) return false;
    if (!whole) {
      // An unforced edge between the segment's two ends would close a cycle: no path uses it.
      for (let x = g.start[oa]; x < g.start[oa + 1]; x++) {
        if (g.adj[x] === ob && this.alive[x] && !forced[x]) {
          this.del(x);
          break;
        }
      }
    }
    this.push(v);
    this.push(w);
    return true;
  }

  private sVertex = -1;
  private eVertex = -1;

  /**
   * Reduce the question "Hamiltonian path from start to end" on g. Returns
   * FORCED_REJECT when there is none, else FORCED_PASS with the reduced graph
   * in `graph` (same vertices, a subset of the edges, same paths).
   */
  reduce(g: Graph, start: number, end: number): number {
    const n = g.order;
    this.deleted = 0;
    this.forcedEdges = 0;
    if (n < 3 || start === end || end < 0) {
      this.graph = g;
      return FORCED_PASS;
    }
    const slots = g.start[n];
    this.ensure(n, slots);
    this.n = n;
    this.g = g;
    this.sVertex = start;
    this.eVertex = end;
    const { deg, fdeg, capacity, alive, forced, rev, queued } = this;
    alive.fill(1, 0, slots);
    forced.fill(0, 0, slots);
    for (let v = 0; v < n; v++) {
      deg[v] = g.start[v + 1] - g.start[v];
      fdeg[v] = 0;
      capacity[v] = v === start || v === end ? 1 : 2;
      this.uf[v] = v;
      this.size[v] = 1;
      this.endA[v] = this.endB[v] = v;
      queued[v] = 0;
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const w = g.adj[e];
        if (w < v) continue;
        for (let x = g.start[w]; x < g.start[w + 1]; x++) {
          if (g.adj[x] === v) {
            rev[e] = x;
            rev[x] = e;
            break;
          }
        }
      }
    }
    this.qHead = this.qTail = 0;
    this.queuedCount = 0;
    for (let v = 0; v < n; v++) this.push(v);
    while (this.queuedCount > 0) {
      const v = this.queue[this.qHead];
      this.qHead = this.qHead + 1 === n ? 0 : this.qHead + 1;
      this.queuedCount--;
      queued[v] = 0;
      if (deg[v] < capacity[v] || fdeg[v] > capacity[v]) return FORCED_REJECT;
      if (deg[v] === capacity[v] && fdeg[v] < deg[v]) {
        for (let e = g.start[v]; e < g.start[v + 1]; e++) {
          if (alive[e] && !forced[e] && !this.force(e)) return FORCED_REJECT;
        }
      }
      if (fdeg[v] === capacity[v] && deg[v] > fdeg[v]) {
        for (let e = g.start[v]; e < g.start[v + 1]; e++) if (alive[e] && !forced[e]) this.del(e);
      }
    }
    // Connectivity over the remaining edges.
    let reached = 1;
    const q = this.queue;
    let h = 0;
    let t = 0;
    queued[start] = 1;
    q[t++] = start;
    while (h < t) {
      const v = q[h++];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const w = g.adj[e];
        if (!alive[e] || queued[w]) continue;
        queued[w] = 1;
        q[t++] = w;
        reached++;
      }
    }
    for (let i = 0; i < t; i++) queued[q[i]] = 0;
    if (reached < n) return FORCED_REJECT;
    if (this.deleted === 0) {
      this.graph = g;
      return FORCED_PASS;
    }
    const { outStart, outAdj } = this;
    let k = 0;
    for (let v = 0; v < n; v++) {
      outStart[v] = k;
      for (let e = g.start[v]; e < g.start[v + 1]; e++) if (alive[e]) outAdj[k++] = g.adj[e];
    }
    outStart[n] = k;
    this.graph = { order: n, start: outStart.subarray(0, n + 1), adj: outAdj.subarray(0, k) };
    return FORCED_PASS;
  }

  /** The reduced graph of the last passing call (a view of reused buffers). */
  graph: Graph = { order: 0, start: new Int32Array(1), adj: new Int32Array(0) };
}

export interface ReducedSearchResult {
  /** Hamiltonian start-end paths found (at most limit). */
  solutions: number;
  /** Search nodes (one reduction each). */
  nodes: number;
  /** false when maxNodes or limit stopped the search before it was exhaustive. */
  complete: boolean;
  /** The first path found (vertex order), or null. */
  solution: number[] | null;
}

/**
 * Hamiltonian start-end paths by a search that runs the whole reduction at
 * every node. A node is a graph whose Hamiltonian start-end paths are some of
 * the original's; after reducing it, the path's beginning is the chain of
 * vertices from the start whose remaining degree equals their capacity (all
 * their edges are forced, so the chain follows forced edges and is a path).
 * If the chain reaches the end it is a Hamiltonian path (a shorter start-end
 * segment is rejected by the reduction). Otherwise its last vertex h (the
 * head, entered from p, or the start itself) branches: for each remaining
 * neighbour w of h other than p, the child keeps only the edges h-p and h-w at
 * h. The children split the node's paths by the edge that leaves h (each path
 * leaves h by exactly one edge other than h-p), so the counts add up exactly.
 * Each node costs a reduction (tens of microseconds) where a node of the engine
 * costs a fraction of one; it is meant for the rare positions the engine's
 * search does not finish quickly (engine.ts decideUnique switches to it).
 * Allocates per node (only used on those positions).
 */
export function searchReduced(g: Graph, start: number, end: number, limit = Infinity, maxNodes = Infinity): ReducedSearchResult {
  const n = g.order;
  if (n < 3 || start === end) throw new Error("searchReduced: needs 3 or more vertices and two distinct ends");
  const reducer = new ForcedReducer();
  let nodes = 0;
  let solutions = 0;
  let stopped = false;
  let first: number[] | null = null;
  const walk = new Int32Array(n);
  const rec = (h: Graph): void => {
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    if (reducer.reduce(h, start, end) === FORCED_REJECT) return;
    const r = reducer.graph;
    const cur: Graph = r === h ? h : { order: n, start: r.start.slice(), adj: r.adj.slice() };
    const cs = cur.start;
    const ca = cur.adj;
    let prev = -1;
    let v = start;
    let len = 0;
    walk[len++] = v;
    while (v !== end && cs[v + 1] - cs[v] === (v === start ? 1 : 2)) {
      let next = -1;
      for (let e = cs[v]; e < cs[v + 1]; e++) {
        if (ca[e] !== prev) {
          next = ca[e];
          break;
        }
      }
      prev = v;
      v = next;
      walk[len++] = v;
    }
    if (v === end) {
      if (len !== n) throw new Error("internal: a short start-end segment passed the reduction");
      solutions++;
      first ??= Array.from(walk);
      if (solutions >= limit) stopped = true;
      return;
    }
    // Branch at the head v on the edge that leaves it, fewest onward edges first.
    const options: number[] = [];
    for (let e = cs[v]; e < cs[v + 1]; e++) if (ca[e] !== prev) options.push(ca[e]);
    options.sort((a, b) => cs[a + 1] - cs[a] - (cs[b + 1] - cs[b]));
    for (const w of options) {
      if (stopped) return;
      // The child: at v only the edges to prev and w remain (in both directions).
      const st = new Int32Array(n + 1);
      const adj = new Int32Array(ca.length);
      let k = 0;
      for (let x = 0; x < n; x++) {
        st[x] = k;
        for (let e = cs[x]; e < cs[x + 1]; e++) {
          const y = ca[e];
          if (x === v && y !== prev && y !== w) continue;
          if (y === v && x !== prev && x !== w) continue;
          adj[k++] = y;
        }
      }
      st[n] = k;
      rec({ order: n, start: st, adj: adj.subarray(0, k) });
    }
  };
  rec(g);
  return { solutions, nodes, complete: !stopped, solution: first };
}
