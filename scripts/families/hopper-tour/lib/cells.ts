/**
 * The cells of the booklet's tables of hopper tours over a movable hurdle
 * (tables.json, grasshopperToursOverMovableHurdles), each with its claim and
 * the published tour where the booklet prints one.
 */
import type { HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { tableLeapers } from "../../../../solvers/pieces/names.ts";
import { hurdleKey, type HurdleSpec, parseHurdle } from "../../../../solvers/hopper-tour/table.ts";
import { type TourMode } from "../../../../solvers/hopper-tour/search.ts";
import { type HopperTourRecord, type PublishedTour } from "../../../../solvers/hopper-tour/schema.ts";
import { citeLine, PIECES, PUBLISHED } from "./published.ts";

export interface CellSpec {
  id: string;
  hopper: HopperKind;
  hurdle: HurdleSpec;
  board: number[];
  kind: TourMode;
  cell: string;
  tableCell: boolean;
  claim: HopperTourRecord["claim"];
  published?: PublishedTour;
  open?: string;
  notes?: string[];
}

export function cellId(hopperKind: string, hurdle: HurdleSpec, board: number[], kind: TourMode): string {
  return `${hopperKind}-${hurdleKey(hurdle)}-${board.join("x")}-${kind}`;
}

// deno-lint-ignore no-explicit-any
export type Json = any;

/** Every cell of the booklet's tables, with its claim (tables.json, seed lines quoted there). */
export function cellSpecs(tables: Json): CellSpec[] {
  const out: CellSpec[] = [];
  const t = tables.grasshopperToursOverMovableHurdles;
  const add = (c: Omit<CellSpec, "id">) => {
    const id = cellId(c.hopper, c.hurdle, c.board, c.kind);
    out.push({ id, ...c, published: PUBLISHED[id] });
  };
  // Grasshopper over pieces on 4x4..8x8 (lines 4641-4652).
  for (const name of PIECES) {
    const row = t.overPieces.rows[name];
    for (let n = 4; n <= 8; n++) {
      const pair = row[`${n}x${n}`] as [number, number];
      (["open", "closed"] as const).forEach((kind, i) => {
        const starred = name === "King" && n === 7 && kind === "closed";
        add({
          hopper: "grasshopper",
          hurdle: parseHurdle(name),
          board: [n, n],
          kind,
          cell: `grasshopper over pieces, ${name} ${n}x${n} ${kind}`,
          tableCell: true,
          claim: citeLine(
            row.seedLine,
            starred ? "probable" : "absolute",
            pair[i],
            starred ? "the booklet's star: not all possibilities were tested (line 4651)" : undefined,
          ),
          ...(starred
            ? {
              open:
                "The booklet marks its value with a star (lines 4651-4652, 4854-4859): the longest closed tour its computer found had 46 moves, its search could not be completed, and it leaves open whether a closed tour over all 49 squares exists. No search here has covered every tour either, so the maximum stays open.",
            }
            : {}),
          ...(name === "King"
            ? {
              notes: [
                "The booklet's king row is garbled in the OCR; the cells were rebuilt from the diagram captions and text (shared/reference/tables.json).",
              ],
            }
            : {}),
        });
      });
    }
  }
  // Grasshopper over leapers on 8x8 (lines 4592-4630); the knight is the piece table's row.
  const leaperRows = new Map<string, Json>(t.overLeapers8x8.rows.map((r: Json) => [`${r.leap[0]},${r.leap[1]}`, r]));
  for (const leap of tableLeapers()) {
    if (leap[0] === 1 && leap[1] === 2) continue;
    const row = leaperRows.get(`${leap[0]},${leap[1]}`);
    (["open", "closed"] as const).forEach((kind) => {
      const v = row?.[kind] ?? null;
      add({
        hopper: "grasshopper",
        hurdle: { type: "leaper", leap },
        board: [8, 8],
        kind,
        cell: `grasshopper over leapers, [${leap[0]},${leap[1]}] 8x8 ${kind}`,
        tableCell: true,
        claim: v === null ? null : citeLine(4597, "absolute", v),
        notes: v === null
          ? [
            row
              ? `The booklet's row is not legible as printed (OCR "${row.ocrRaw}")${
                row.note ? `: ${row.note}` : ""
              }; our value stands alone.`
              : "The booklet's row for this leaper is missing in the OCR; our value stands alone.",
          ]
          : undefined,
      });
    });
  }
  const others: [HopperKind, Json, number][] = [
    ["rookhopper", t.rookhopperOverPieces8x8, 4903],
    ["bishophopper", t.bishophopperOverPieces8x8, 4973],
    ["nightriderhopper", t.nightriderhopperOverPieces8x8, 5032],
  ];
  for (const [hk, table, line] of others) {
    for (const name of PIECES) {
      const pair = table.rows[name] as [number, number] | undefined;
      if (!pair) continue;
      (["open", "closed"] as const).forEach((kind, i) => {
        add({
          hopper: hk,
          hurdle: parseHurdle(name),
          board: [8, 8],
          kind,
          cell: `${hk} over pieces, ${name} 8x8 ${kind}`,
          tableCell: true,
          claim: citeLine(line, "absolute", pair[i]),
        });
      });
    }
  }
  // Cyclic tours the booklet states exist, over every square (value squares - 1).
  const cyclic: [string, number, number, string][] = [
    ["Nightrider", 8, 4665, "a cyclic tour over all squares exists with the nightrider (line 4665)"],
    ["Nightrider", 7, 4696, "also on 7x7 a cyclic tour exists (lines 4693-4703)"],
    ["Rook", 6, 4732, "the closed tours on 6x6 and 7x7 are cyclic (line 4732)"],
    ["Rook", 7, 4732, "the closed tours on 6x6 and 7x7 are cyclic (line 4732)"],
    ["Rook", 8, 4767, "Dawson's tour (FCR 1938) is cyclic (line 4767)"],
    ["King", 4, 4831, "both closed tours on 4x4 and 5x5 are cyclic (line 4831)"],
    ["King", 5, 4831, "both closed tours on 4x4 and 5x5 are cyclic (line 4831)"],
    ["King", 8, 4844, "Tylor's tour is also cyclic (line 4844)"],
  ];
  for (const [name, n, line, note] of cyclic) {
    add({
      hopper: "grasshopper",
      hurdle: parseHurdle(name),
      board: [n, n],
      kind: "cyclic",
      cell: `grasshopper over pieces, ${name} ${n}x${n} cyclic`,
      tableCell: false,
      claim: citeLine(line, "example", n * n - 1, note),
    });
  }
  add({
    hopper: "rookhopper",
    hurdle: parseHurdle("Queen"),
    board: [8, 8],
    kind: "cyclic",
    cell: "rookhopper over pieces, Queen 8x8 cyclic",
    tableCell: false,
    claim: citeLine(4920, "example", 63, "this closed tour of the rookhopper over the queen is cyclic (line 4920)"),
  });
  // Statements without a value: the longest cyclic tour is ours alone.
  add({
    hopper: "grasshopper",
    hurdle: parseHurdle("Knight"),
    board: [7, 7],
    kind: "cyclic",
    cell: "grasshopper over pieces, Knight 7x7 cyclic",
    tableCell: false,
    claim: null,
    notes: [
      "The booklet (lines 4574-4580): on 7x7 a closed tour over a knight exists but no cyclic one, since the knight changes colour with every move and a cyclic tour over all 49 squares takes 49 knight moves.",
    ],
  });
  add({
    hopper: "grasshopper",
    hurdle: parseHurdle("Knight"),
    board: [8, 8],
    kind: "cyclic",
    cell: "grasshopper over pieces, Knight 8x8 cyclic",
    tableCell: false,
    claim: null,
    notes: [
      "The booklet (lines 4582-4584): a cyclic tour over a knight on 8x8 'probably does not exist'. Our hunt for closed tours symmetric under the half turn found one; every such tour is cyclic (the hurdle's return is the turned image of its middle move), and verify replays it move by move, as does the independent plain re-check (solvers/hopper-tour/recheck.ts).",
    ],
  });
  add({
    hopper: "grasshopper",
    hurdle: parseHurdle("Rook"),
    board: [5, 5],
    kind: "cyclic",
    cell: "grasshopper over pieces, Rook 5x5 cyclic",
    tableCell: false,
    claim: null,
    notes: ["The booklet (line 4731): on 5x5 a closed tour over a rook exists, but no cyclic one."],
  });
  return out;
}
