/**
 * The animated solution /diagrams/<id>/solution.gif, for forums that take
 * only images: every record with a move sequence (site/lib/animation.ts draws
 * it with the diagram renderer; cached like the PNG permalinks, which a full
 * build renders beforehand in parallel: scripts/lib/prerender.ts).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { allEntries } from "../../../families/index.ts";
import type { AtlasEntry } from "../../../lib/entry.ts";
import { animationGifOf, animationReplay } from "../../../lib/animation.ts";
import { imagesByBuild } from "../../../lib/render-cache.ts";

export const getStaticPaths =
  (() =>
    imagesByBuild() ? [] : allEntries().filter((entry) => animationReplay(entry) !== null).map((entry) => ({
      params: { id: entry.id },
      props: { entry },
    }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const gif = await animationGifOf((props as { entry: AtlasEntry }).entry)!;
  return new Response(gif as BodyInit, { headers: { "Content-Type": "image/gif" } });
};
