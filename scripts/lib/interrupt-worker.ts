/**
 * Signal side of interrupt.ts: this worker's event loop stays free while the
 * main thread runs a synchronous search, so it can receive Ctrl-C and raise
 * the shared flag the search polls.
 */
/// <reference lib="deno.worker" />
self.onmessage = (e: MessageEvent<SharedArrayBuffer>) => {
  const flag = new Int32Array(e.data);
  Deno.addSignalListener("SIGINT", () => void Atomics.store(flag, 0, 1));
  self.postMessage("listening");
};
