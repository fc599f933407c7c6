/**
 * atlas wasm: compile the search kernels (solvers/wasm/assembly/*.ts,
 * AssemblyScript) into their generated modules (solvers/wasm/<name>.wasm.ts,
 * the bytes as base64, committed). Run it after changing a kernel; the test
 * suite fails while a committed module differs from a fresh compile.
 *
 *   atlas wasm            compile every kernel and write the modules that changed
 *   atlas wasm --check    compile and compare only: exit 1 naming each stale module
 */
import { existsSync, readFileSync } from "node:fs";
import { parseCommandLine, writeFileAtomic } from "../lib/cli.ts";
import { headerUsage } from "../lib/cli.ts";
import { compileKernel, kernelModule, kernelModulePath, kernelNames } from "../lib/wasm.ts";

export async function run(args: string[]): Promise<number> {
  const { values } = parseCommandLine(args, { check: { type: "boolean" } }, headerUsage(import.meta.url));
  let stale = 0;
  for (const name of kernelNames()) {
    const bytes = await compileKernel(name);
    const text = kernelModule(name, bytes);
    const path = kernelModulePath(name);
    const same = existsSync(path) && readFileSync(path, "utf8") === text;
    if (same) {
      console.log(`${name}: up to date (${bytes.length} bytes)`);
    } else if (values.check) {
      console.error(`${name}: solvers/wasm/${name}.wasm.ts is stale: run atlas wasm`);
      stale++;
    } else {
      writeFileAtomic(path, text);
      console.log(`${name}: wrote solvers/wasm/${name}.wasm.ts (${bytes.length} bytes)`);
    }
  }
  return stale ? 1 : 0;
}
