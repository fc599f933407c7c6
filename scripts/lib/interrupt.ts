/**
 * Ctrl-C for a synchronous long run. A signal listener on the main thread
 * never runs while a search holds that thread (and, once registered, it also
 * stops the default exit), so a worker listens instead and sets a flag in
 * shared memory; the search polls `requested()` at its progress points, writes
 * its checkpoint and stops.
 */
export interface Interrupt {
  requested(): boolean;
  close(): void;
}

export async function watchInterrupt(): Promise<Interrupt> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./interrupt-worker.ts", import.meta.url), { type: "module" });
  const ready = new Promise((resolve) => worker.onmessage = resolve);
  worker.postMessage(flag.buffer);
  await ready;
  return { requested: () => Atomics.load(flag, 0) !== 0, close: () => worker.terminate() };
}
