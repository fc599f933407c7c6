/// <reference lib="deno.worker" />
/** Test worker: completes one small magic search with the compiled kernel and posts the counts (the kernel loads in a worker as it does in the main thread). */
import { MagicSearch, rowColumnLines } from "../../solvers/magic/engine.ts";
import { MagicKernel } from "../../solvers/magic/kernel.ts";

self.onmessage = (ev: MessageEvent<{ targets: number[]; start: number }>) => {
  const lines = rowColumnLines(5, 5, 0, 0).map((l, i) => ({ ...l, target: ev.data.targets[i] }));
  const search = new MagicSearch({ width: 5, height: 5, lines, connectivity: false });
  const ok = search.start(ev.data.start);
  const r = ok ? new MagicKernel(search).complete() : { nodes: 0, solutions: 0 };
  self.postMessage(r);
};
