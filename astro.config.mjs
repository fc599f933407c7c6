// Astro configuration of the atlas site (static build; run under Deno by scripts/build-site.ts).
// Data is read at build time by site/data.ts from ./data (or $ATLAS_DATA_DIR).
import { defineConfig } from "astro/config";
import preact from "@astrojs/preact";
import process from "node:process";

// Where the site is published: $ATLAS_BASE_PATH is the path prefix ("/" by default;
// "/<repo>/" for a GitHub project page) and $ATLAS_SITE_URL the origin. site/lib/paths.ts
// reads the same two variables for every link it writes, so pages and Astro's own
// asset URLs (/_astro/...) agree.
const base = "/" + (process.env.ATLAS_BASE_PATH ?? "/").trim().replace(/^\/+|\/+$/g, "");
const site = process.env.ATLAS_SITE_URL || undefined;

export default defineConfig({
  srcDir: "./site",
  base,
  site,
  publicDir: "./site/public",
  // `astro build --outDir <dir>` overrides this (the tests build into a temporary folder).
  outDir: "./dist",
  // Every page is <path>/index.html and every internal link ends with "/" (see site/i18n.ts).
  // Stylesheets are never inlined: a small one (the replay's, ~2-3 kB) was otherwise copied into
  // each of ~4,000 record and embed pages instead of being fetched once and cached.
  build: { format: "directory", inlineStylesheets: "never" },
  trailingSlash: "always",
  integrations: [preact()],
});
