/**
 * Loading the compiled search kernels. Each kernel's WebAssembly bytes are
 * committed as a generated module (solvers/wasm/<name>.wasm.ts, written by
 * `atlas wasm` from solvers/wasm/assembly/<name>.ts), so loading needs no
 * file or network API: the same import works in Deno, in workers and in the
 * browser. tests/cli/wasm_build_test.ts recompiles every kernel and fails when a
 * committed module is stale.
 */

/** The bytes of a base64 string (atob exists in Deno, browsers and workers). */
export function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const modules = new Map<string, WebAssembly.Module>();

/**
 * A compiled module, cached by name. Synchronous compilation: the kernels are
 * a few kilobytes, under the limit browsers put on synchronous compiles on
 * the main thread.
 */
export function wasmModule(name: string, base64: string): WebAssembly.Module {
  let m = modules.get(name);
  if (!m) {
    m = new WebAssembly.Module(decodeBase64(base64) as BufferSource);
    modules.set(name, m);
  }
  return m;
}

/**
 * Lay a kernel's arrays out in its memory after the header (each 8-byte aligned, in the given order, at least one
 * element each) and grow the memory to hold them: the byte offset of each array, which the caller writes into the
 * header for the kernel to read.
 */
export function layoutMemory<N extends string>(
  memory: WebAssembly.Memory,
  start: number,
  arrays: readonly (readonly [N, number])[],
  sizes: Record<N, number>,
): Map<N, number> {
  const offsets = new Map<N, number>();
  let at = start;
  for (const [name, bytes] of arrays) {
    at = (at + 7) & ~7;
    offsets.set(name, at);
    at += bytes * Math.max(1, sizes[name]);
  }
  const pages = Math.ceil(at / 65536), have = memory.buffer.byteLength / 65536;
  if (pages > have) memory.grow(pages - have);
  return offsets;
}
