/** The code version stamped on reports and certificates: the git commit, "+dirty" when the tree has changes. */
import { ROOT } from "./paths.ts";

export function codeVersion(): string {
  try {
    const run = (args: string[]) =>
      new TextDecoder().decode(new Deno.Command("git", { args, cwd: ROOT, stdout: "piped", stderr: "null" }).outputSync().stdout).trim();
    const head = run(["rev-parse", "--short=12", "HEAD"]);
    if (!head) return "unknown";
    return run(["status", "--porcelain", "--untracked-files=no"]) ? `${head}+dirty` : head;
  } catch {
    return "unknown";
  }
}
