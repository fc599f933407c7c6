import { defineConfig } from "astro/config";
import preact from "@astrojs/preact";
export default defineConfig({ srcDir: "./site", outDir: "./dist", integrations: [preact()] });
