/**
 * Makes sure the browser tests have a browser: runs before `deno task test`.
 *
 *   atlas ensure-browser [--check]
 *
 * 1. An installed Chrome/Chromium ($CHROME_PATH, chromium, chromium-browser,
 *    google-chrome on the PATH or in the usual places) is used as it is.
 * 2. Otherwise, on Debian or a Debian derivative as root with apt-get, it
 *    installs Debian's `chromium` package (apt-get update, then install
 *    without recommends, non-interactively).
 * 3. Otherwise it says what is missing and how to install it.
 * It exits 0 in every case except bad arguments: the rest of the test suite
 * should still run, and tests/site/browser_test.ts then fails with the same clear
 * message (it never skips: in CI the browser must exist). --check only looks
 * and never installs.
 */
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { errorMessage, fail, parseCommandLine } from "../lib/cli.ts";
import { findBrowser, MISSING_BROWSER_HELP } from "../lib/browser.ts";

const USAGE = `usage: atlas ensure-browser [--check]

Finds Chrome/Chromium for the browser tests; on Debian as root installs
Debian's chromium with apt-get when none is found (--check: never install).`;

function isDebianLike(): boolean {
  if (existsSync("/etc/debian_version")) return true;
  try {
    return /^(ID|ID_LIKE)=.*\bdebian\b/m.test(readFileSync("/etc/os-release", "utf8"));
  } catch {
    return false;
  }
}

function aptGet(): string | null {
  for (const p of ["/usr/bin/apt-get", "/bin/apt-get"]) if (existsSync(p)) return p;
  return null;
}

async function runCommand(cmd: string, args: string[]): Promise<boolean> {
  console.log(`ensure-browser: ${cmd} ${args.join(" ")}`);
  const status = await new Deno.Command(cmd, {
    args,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn().status;
  return status.success;
}

function report(where: { path: string; via: string }): void {
  console.log(`ensure-browser: using ${where.path} (${where.via})`);
}

async function main(args: string[]): Promise<void> {
  const { values } = parseCommandLine(args, { check: { type: "boolean" } }, USAGE);
  let found = findBrowser();
  if (found) return report(found);

  const apt = aptGet();
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!values.check && process.platform === "linux" && isDebianLike() && root && apt) {
    console.log("ensure-browser: no Chrome/Chromium found; installing Debian's chromium for the browser tests");
    const ok = (await runCommand(apt, ["update"])) &&
      (await runCommand(apt, ["install", "-y", "--no-install-recommends", "chromium"]));
    found = findBrowser();
    if (ok && found) return report(found);
    console.error(`ensure-browser: installing chromium with apt-get ${ok ? "succeeded, but no browser executable was found" : "failed"}`);
  }
  // Not fatal here: the other tests still run, and the browser test fails with this message.
  console.error(`ensure-browser: ${MISSING_BROWSER_HELP.replace(/\n/g, "\n  ")}`);
}

export async function run(args: string[]): Promise<void> {
  try {
    await main(args);
  } catch (e) {
    fail(errorMessage(e), 1);
  }
}
