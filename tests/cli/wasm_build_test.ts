/**
 * The committed WebAssembly modules (solvers/wasm/<name>.wasm.ts) are what
 * their AssemblyScript sources compile to now: a kernel changed without
 * `atlas wasm` fails here, and so does a module edited by hand.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compileKernel, kernelModule, kernelModulePath, kernelNames } from "../../scripts/lib/wasm.ts";
import { decodeBase64 } from "../../solvers/wasm/load.ts";

Deno.test("every committed kernel module equals a fresh compile of its source", async () => {
  const names = kernelNames();
  assert(names.includes("magic"), `kernels: ${names.join(", ")}`);
  for (const name of names) {
    const bytes = await compileKernel(name);
    assert(WebAssembly.validate(bytes as BufferSource), `${name} compiles to valid WebAssembly`);
    const committed = readFileSync(kernelModulePath(name), "utf8");
    assert.equal(committed, kernelModule(name, bytes), `solvers/wasm/${name}.wasm.ts is stale: run atlas wasm`);
    // The module's base64 decodes to the same bytes (what load.ts instantiates).
    const b64 = [...committed.matchAll(/^ {2}"([A-Za-z0-9+/=]+)"/gm)].map((m) => m[1]).join("");
    assert.deepEqual(decodeBase64(b64), bytes);
  }
});

Deno.test("a stale module is caught: one changed byte no longer matches", async () => {
  const bytes = await compileKernel("magic");
  const tampered = bytes.slice();
  tampered[tampered.length - 1] ^= 1;
  assert.notEqual(kernelModule("magic", tampered), kernelModule("magic", bytes));
});
