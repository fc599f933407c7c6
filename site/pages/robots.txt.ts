/** robots.txt: everything may be crawled; points to the sitemap. */
import type { APIRoute } from "astro";
import { absoluteUrl, FILES } from "../lib/paths.ts";

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(FILES.sitemap())}\n`, {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
