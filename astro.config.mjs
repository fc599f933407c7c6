// Astro configuration of the atlas site (static build; run under Deno by scripts/build-site.ts).
// Data is read at build time by site/data.ts from ./data (or $ATLAS_DATA_DIR).
import { defineConfig } from "astro/config";
import preact from "@astrojs/preact";

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  // `astro build --outDir <dir>` overrides this (the tests build into a temporary folder).
  outDir: "./dist",
  // Every page is <path>/index.html and every internal link ends with "/" (see site/i18n.ts).
  build: { format: "directory" },
  trailingSlash: "always",
  integrations: [preact()],
});
