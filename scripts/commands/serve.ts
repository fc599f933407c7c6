/**
 * A small static file server for the built site, on 127.0.0.1 only.
 *
 *   atlas serve [--port N] [--dir DIR] [--quiet]
 *
 * Port: --port, else $PORT, else 4321; when taken, the next free port (up to
 * PORT_TRIES further). Directories are served by their index.html (a path
 * without the final "/" is redirected to it, so relative links work); missing
 * files get the site's 404.html with status 404; any ".." segment (also
 * percent-encoded) or a path escaping the folder through a link is refused.
 * Ctrl-C (or SIGTERM) stops it cleanly.
 */
import { existsSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { CliError, errorMessage, fail, parseCommandLine } from "../lib/cli.ts";
import { ROOT } from "../lib/paths.ts";
import { intOption } from "../lib/options.ts";

const USAGE = `usage: atlas serve [--port N] [--dir DIR] [--quiet]

Serves DIR (default dist/) at http://127.0.0.1:N/ (default port 4321 or $PORT;
the next free port when it is taken).`;

const HOST = "127.0.0.1";
const DEFAULT_PORT = 4321;
const PORT_TRIES = 20;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

const PORT_RANGE = { min: 1, max: 65535 };

/** $PORT, read with the --port rule (its error names the variable). */
function envPort(text: string): number {
  try {
    return intOption("port", text, PORT_RANGE);
  } catch {
    fail(`PORT ${JSON.stringify(text)}: expected a port number 1..65535`);
  }
}

interface Options {
  port: number;
  dir: string;
  quiet: boolean;
}

function parseCli(args: string[]): Options {
  const { values } = parseCommandLine(args, {
    port: { type: "string", short: "p" },
    dir: { type: "string" },
    quiet: { type: "boolean", short: "q" },
  }, USAGE);
  const envPortText = Deno.env.get("PORT");
  const port = values.port !== undefined ? intOption("port", values.port, PORT_RANGE) : envPortText ? envPort(envPortText) : DEFAULT_PORT;
  const dir = resolve(values.dir ?? join(ROOT, "dist"));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    fail(`${values.dir ?? "dist/"} is not a folder${values.dir ? "" : ": run `atlas build` first"}`, 1);
  }
  return { port, dir: Deno.realPathSync(dir), quiet: values.quiet ?? false };
}

/** The path of a request URL exactly as sent (no dot-segment removal), without query or fragment. */
export function rawPathOf(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").replace(/[?#].*$/s, "");
  return path.startsWith("/") ? path : "/" + path;
}

/** Maps a request path to a file path inside root, or null for a path that tries to leave it. */
export function resolveRequestPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/");
  if (segments.some((s) => s === "..")) return null;
  const path = resolve(root, "." + decoded);
  return path === root || path.startsWith(root + sep) ? path : null;
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root + sep);
}

async function fileResponse(path: string, status: number, head: boolean): Promise<Response> {
  const headers = { "content-type": contentTypeOf(path), "cache-control": "no-cache", "x-content-type-options": "nosniff" };
  if (head) {
    const info = await Deno.stat(path);
    return new Response(null, { status, headers: { ...headers, "content-length": String(info.size) } });
  }
  const file = await Deno.open(path, { read: true });
  const info = await file.stat();
  return new Response(file.readable, { status, headers: { ...headers, "content-length": String(info.size) } });
}

/** The request handler, separate from the listener so it can be reused. */
export function makeHandler(root: string, log: (line: string) => void = () => {}) {
  const notFoundPage = join(root, "404.html");

  async function notFound(head: boolean): Promise<Response> {
    if (existsSync(notFoundPage)) return await fileResponse(notFoundPage, 404, head);
    return new Response("404 not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }

  async function handle(req: Request): Promise<Response> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response("405 method not allowed\n", { status: 405, headers: { allow: "GET, HEAD", "content-type": "text/plain" } });
    }
    const head = req.method === "HEAD";
    // Judge the path as sent: new URL() would silently drop ".." segments, and a
    // request that tries them is refused outright rather than quietly rewritten.
    const rawPath = rawPathOf(req.url);
    const path = resolveRequestPath(root, rawPath);
    if (path === null) return new Response("400 bad request\n", { status: 400, headers: { "content-type": "text/plain" } });
    let info: Deno.FileInfo;
    let real: string;
    try {
      real = await Deno.realPath(path);
      info = await Deno.stat(real);
    } catch {
      return await notFound(head);
    }
    // A symbolic link must not lead out of the served folder.
    if (!inside(root, real)) return await notFound(head);
    if (info.isDirectory) {
      if (!rawPath.endsWith("/")) {
        return new Response(null, { status: 301, headers: { location: rawPath + "/" + new URL(req.url).search } });
      }
      const index = join(real, "index.html");
      if (!existsSync(index)) return await notFound(head);
      return await fileResponse(index, 200, head);
    }
    if (!info.isFile) return await notFound(head);
    return await fileResponse(real, 200, head);
  }

  return async (req: Request): Promise<Response> => {
    const res = await handle(req).catch((e) => {
      log(`error: ${errorMessage(e)}`);
      return new Response("500 internal error\n", { status: 500 });
    });
    // Request paths are untrusted: no control characters into the terminal.
    // deno-lint-ignore no-control-regex
    log(`${req.method} ${rawPathOf(req.url).replace(/[\x00-\x1f\x7f]/g, "?")} ${res.status}`);
    return res;
  };
}

/** Listens on the first free port from `port` on; null when none of them is free. */
function listen(
  port: number,
  handler: (req: Request) => Promise<Response>,
): Deno.HttpServer<Deno.NetAddr> | null {
  for (let p = port; p <= Math.min(65535, port + PORT_TRIES); p++) {
    try {
      return Deno.serve({ hostname: HOST, port: p, onListen: () => {} }, handler);
    } catch (e) {
      if (e instanceof Deno.errors.AddrInUse) continue;
      throw e;
    }
  }
  return null;
}

function main(args: string[]): void {
  const opts = parseCli(args);
  const log = opts.quiet ? () => {} : (line: string) => console.log(line);
  const server = listen(opts.port, makeHandler(opts.dir, log));
  if (!server) fail(`ports ${opts.port}..${opts.port + PORT_TRIES} are all taken: choose another with --port`, 1);
  const { port } = server.addr;
  if (port !== opts.port) console.log(`port ${opts.port} is taken, using ${port}`);
  console.log(`Serving ${opts.dir}`);
  console.log(`  http://${HOST}:${port}/`);
  console.log("Press Ctrl-C to stop.");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log("\nstopping");
    server.shutdown().finally(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
}

export function run(args: string[]): void {
  try {
    main(args);
  } catch (e) {
    fail(errorMessage(e), e instanceof CliError ? e.exitCode : 1);
  }
}
