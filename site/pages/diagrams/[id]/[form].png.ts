/**
 * Diagram permalinks as PNG (for forums that take no SVG), painted by the
 * painter (site/lib/painter.ts, from resvg's paintings of the board and of
 * each piece, number and mark; tests/site/painter_test.ts compares it with resvg's
 * painting of the SVG) as the same SVG as /diagrams/<id>/<form>.svg draws
 * them: /diagrams/<id>/solution.png and
 * /diagrams/<id>/problem.png. Renders are cached by content (site/lib/render.ts);
 * a full build renders them beforehand in parallel (scripts/lib/prerender.ts),
 * so here they are mostly read from the cache.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { allEntries } from "../../../families/index.ts";
import type { AtlasEntry } from "../../../lib/entry.ts";
import { DIAGRAM_FORMS, type DiagramForm, diagramOf } from "../../../lib/diagram-alt.ts";
import { diagramPngOf } from "../../../lib/render.ts";
import { imagesByBuild } from "../../../lib/render-cache.ts";

export const getStaticPaths =
  (() =>
    imagesByBuild() ? [] : allEntries().flatMap((entry) =>
      DIAGRAM_FORMS.filter((form) => diagramOf(entry, form) !== null).map((form) => ({
        params: { id: entry.id, form },
        props: { entry, form },
      }))
    )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { entry, form } = props as { entry: AtlasEntry; form: DiagramForm };
  const png = await diagramPngOf(entry, form)!;
  return new Response(png as BodyInit, { headers: { "Content-Type": "image/png" } });
};
