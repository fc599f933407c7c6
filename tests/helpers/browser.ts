/**
 * What the browser tests share: the browser (found by scripts/lib/browser.ts,
 * re-exported here; a missing browser is a failure with instructions, never a
 * skip), a static server for a built site on 127.0.0.1 (the project's own
 * scripts/commands/serve.ts handler on a free port), and axe-core run inside a page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { makeHandler } from "../../scripts/commands/serve.ts";
import { LAUNCH_ARGS, requireBrowser } from "../../scripts/lib/browser.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

export { BROWSER_NAMES, findBrowser, LAUNCH_ARGS, MISSING_BROWSER_HELP, requireBrowser } from "../../scripts/lib/browser.ts";

export async function launchBrowser(): Promise<Browser> {
  const { path } = requireBrowser();
  return await chromium.launch({ executablePath: path, args: LAUNCH_ARGS, headless: true });
}

export interface Served {
  /** http://127.0.0.1:<port> (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

/** Serves a built site folder on a free port of 127.0.0.1; `prefix` mounts it under a base path ("/atlas/"). */
export function serveSite(dir: string, prefix = "/"): Served {
  const handler = makeHandler(Deno.realPathSync(dir));
  const strip = prefix.replace(/\/+$/, "");
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    if (!strip) return handler(req);
    const url = new URL(req.url);
    if (url.pathname !== strip && !url.pathname.startsWith(strip + "/")) return new Response("outside the base path\n", { status: 404 });
    url.pathname = url.pathname.slice(strip.length) || "/";
    return handler(new Request(url, req));
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const AXE_SOURCE = join(ROOT, "node_modules", "axe-core", "axe.min.js");
let axeSource: string | undefined;

/** Runs axe-core on the page as it stands; returns the violations (every rule axe runs by default). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(AXE_SOURCE, "utf8");
  await page.addScriptTag({ content: axeSource });
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      nodes: v.nodes.slice(0, 5).map((n: any) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Violations as readable lines for an assertion message. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations.map((v) =>
    `${where}: ${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.map((n) => `    at ${JSON.stringify(n.target)}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`).join(
      "\n",
    )
  ).join("\n");
}
