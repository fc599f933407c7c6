/**
 * The record cells the workbench compares positions with
 * (site/lib/workbench-cells.ts), one language-neutral JSON file the
 * workbench island fetches from the site itself (FILES.workbenchCells).
 */
import type { APIRoute } from "astro";
import { workbenchCells } from "../../lib/workbench-cells.ts";

export const GET: APIRoute = () =>
  new Response(JSON.stringify(workbenchCells()), { headers: { "content-type": "application/json; charset=utf-8" } });
