/**
 * Diagram permalinks as standalone SVG (for journals): /diagrams/<id>/solution.svg
 * and /diagrams/<id>/problem.svg. Language-neutral URLs; the title and
 * description inside are English. The URL scheme is fixed (site/lib/paths.ts).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { allEntries } from "../../../families/index.ts";
import { DIAGRAM_FORMS, diagramOf, diagramTitle } from "../../../lib/diagram-alt.ts";
import { permalinkSvg } from "../../../lib/render.ts";

export const getStaticPaths =
  (() =>
    allEntries().flatMap((entry) =>
      DIAGRAM_FORMS.filter((form) => diagramOf(entry, form) !== null).map((form) => ({
        params: { id: entry.id, form },
        props: { svg: permalinkSvg(diagramOf(entry, form)!, diagramTitle(entry, form, "en")) },
      }))
    )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { svg: string }).svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });
