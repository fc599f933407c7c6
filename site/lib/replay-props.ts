/**
 * The replay island's props for a record (site/islands/Replay.tsx): the
 * replay packed (site/islands/replay-pack.ts) and, where the record has a
 * numbered solution diagram, its SVG permalink as the board shown before the
 * script runs (same box as the island's drawing).
 */
import type { Lang } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";
import type { ReplaySpec } from "../../solvers/diagram/spec.ts";
import { packReplay } from "../islands/replay-pack.ts";
import { REPLAY_SIZE } from "../islands/replay-model.ts";
import type { ReplayStill } from "../islands/Replay.tsx";
import { diagramLayout } from "./diagram-svg.ts";
import { FILES } from "./paths.ts";

export function replayProps(
  entry: AtlasEntry,
  lang: Lang,
  opts: { still: boolean; tryIt: boolean },
): { packed: string; still?: ReplayStill; lang: Lang; id: string; title: string } {
  const replay: ReplaySpec = entry.replay!;
  const spec: ReplaySpec = opts.tryIt ? replay : { initial: replay.initial, steps: replay.steps };
  const layout = diagramLayout(replay.initial.board, { size: REPLAY_SIZE });
  const still = opts.still && entry.solutionDiagram && entry.solutionDiagram.board.join("x") === replay.initial.board.join("x")
    ? { src: FILES.diagram(entry.id, "solution", "svg"), width: layout.width, height: layout.height }
    : undefined;
  return { packed: packReplay(spec), ...(still ? { still } : {}), lang, id: entry.id, title: entry.title[lang] };
}

/** The props as the data attributes of <replay-island> (site/islands/replay-boot.ts reads them back). */
export function replayAttributes(props: ReturnType<typeof replayProps>): Record<string, string | number> {
  return {
    "data-packed": props.packed,
    "data-lang": props.lang,
    "data-id": props.id,
    "data-title": props.title,
    ...(props.still
      ? { "data-still-src": props.still.src, "data-still-width": props.still.width, "data-still-height": props.still.height }
      : {}),
  };
}
