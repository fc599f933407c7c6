/**
 * Stamped marks and the reach count that the searches' bounds share.
 *
 * A search that asks "which vertices has this pass seen?" millions of times
 * marks them with the pass's number instead of clearing an array each time:
 * a vertex is seen in this pass when its mark equals the current stamp. The
 * marks live in Int32Arrays, so a stamp must stay below 2^31; a run long
 * enough to get there (about 2.1 billion passes, which a proof run reaches)
 * would otherwise wrap the stored marks to negative numbers that never equal
 * the stamp, and every pass after it would see nothing as seen. The guard
 * clears every mark array and starts again from 1 before that happens.
 */
import type { Graph } from "../types.ts";

/** The largest stamp an Int32Array mark can hold. */
export const MAX_STAMP = 0x7fffffff;

/** A pass counter over one or more mark arrays, cleared before it would overflow. */
export class Stamps {
  private stamp = 0;
  /** `marks`: the arrays whose entries hold stamps; `limit` (tests lower it) is the first stamp never handed out. */
  constructor(readonly marks: readonly Int32Array[], private readonly limit = MAX_STAMP) {}

  /** A stamp no mark holds yet (all marks cleared first when the counter reaches the limit). */
  next(): number {
    if (++this.stamp >= this.limit) {
      for (const m of this.marks) m.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}

/**
 * Breadth-first reach in a graph on n vertices: the number of vertices
 * reachable from `from` through vertices that are not blocked, `from` itself
 * not counted (it need not be unblocked). One Reach serves any number of
 * calls on graphs of up to n vertices without allocating.
 */
export class Reach {
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private readonly stamps: Stamps;

  constructor(n: number, limit = MAX_STAMP) {
    this.seen = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.stamps = new Stamps([this.seen], limit);
  }

  count(g: Pick<Graph, "start" | "adj">, from: number, blocked: (v: number) => boolean): number {
    const { seen, queue } = this;
    const stamp = this.stamps.next();
    let head = 0, tail = 0, count = 0;
    queue[tail++] = from;
    seen[from] = stamp;
    while (head < tail) {
      const v = queue[head++];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const w = g.adj[e];
        if (seen[w] === stamp || blocked(w)) continue;
        seen[w] = stamp;
        count++;
        queue[tail++] = w;
      }
    }
    return count;
  }
}
