/**
 * Finding the browser for the browser tests and the site bench (playwright-core
 * drives an installed Chrome or Chromium; it downloads none).
 *
 * Search order: $CHROME_PATH, then chromium, chromium-browser, google-chrome,
 * google-chrome-stable on the PATH and their usual absolute paths. When none
 * is found, `findBrowser` returns null and `requireBrowser` throws an error
 * that says what is missing and how to install it: the browser tests fail
 * instead of skipping, because in CI the browser must be there
 * (scripts/commands/ensure-browser.ts installs it on Debian as root before the tests).
 * tests/helpers/browser.ts re-exports this for the tests.
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import process from "node:process";

export const BROWSER_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

const WELL_KNOWN = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface FoundBrowser {
  path: string;
  /** Where it was found: "$CHROME_PATH", "PATH" or "well-known path". */
  via: string;
}

/** The browser to drive, or null when none is installed. A $CHROME_PATH that is not executable is an error. */
export function findBrowser(env: Record<string, string | undefined> = process.env): FoundBrowser | null {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} is not an executable file`);
    return { path: fromEnv, via: "$CHROME_PATH" };
  }
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of BROWSER_NAMES) {
      const p = join(dir, name);
      if (isExecutable(p)) return { path: p, via: "PATH" };
    }
  }
  for (const p of WELL_KNOWN) if (existsSync(p) && isExecutable(p)) return { path: p, via: "well-known path" };
  return null;
}

export const MISSING_BROWSER_HELP = [
  "No Chrome or Chromium found for the browser tests (looked at $CHROME_PATH, then " +
  `${BROWSER_NAMES.join(", ")} on the PATH and in the usual places).`,
  "Install one, e.g. on Debian/Ubuntu: `sudo apt-get install chromium` (the test command does this itself when run as root on Debian),",
  "on macOS: install Google Chrome; or point CHROME_PATH at any Chrome/Chromium executable.",
].join("\n");

export function requireBrowser(): FoundBrowser {
  const found = findBrowser();
  if (!found) throw new Error(MISSING_BROWSER_HELP);
  return found;
}

/** Flags for a headless run as root in a container (no sandbox there) without touching the network. */
export const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-gpu",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--metrics-recording-only",
  "--mute-audio",
];
