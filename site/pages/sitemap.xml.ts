/**
 * sitemap.xml: every page in both languages, each with its hreflang
 * alternates (site/lib/site-pages.ts lists them; the tests check the list
 * against the built pages).
 */
import type { APIRoute } from "astro";
import { absoluteUrl } from "../lib/paths.ts";
import { allPagePairs } from "../lib/site-pages.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const GET: APIRoute = () => {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const pair of allPagePairs()) {
    for (const path of Object.values(pair)) {
      lines.push("  <url>", `    <loc>${esc(absoluteUrl(path))}</loc>`);
      for (const [lang, alt] of Object.entries(pair)) {
        lines.push(`    <xhtml:link rel="alternate" hreflang="${lang}" href="${esc(absoluteUrl(alt))}"/>`);
      }
      lines.push("  </url>");
    }
  }
  lines.push("</urlset>", "");
  return new Response(lines.join("\n"), { headers: { "content-type": "application/xml; charset=utf-8" } });
};
