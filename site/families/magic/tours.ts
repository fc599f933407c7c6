/** A magic or semimagic knight's tour as an atlas entry: its numbered board, its route and its title. */
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { DiagramSpec } from "../../../solvers/diagram/spec.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { squareName } from "../../../solvers/board/squares.ts";
import { pathOfNumbers } from "../../../solvers/magic/check.ts";
import type { MagicTourRecord } from "../../../solvers/magic/schema.ts";
import type { AtlasEntry, Bilingual } from "../../lib/entry.ts";
import { statusOf } from "./claims.ts";

function tourDiagram(t: MagicTourRecord): DiagramSpec {
  const path = pathOfNumbers(t.numbers);
  return {
    board: [...t.board],
    pieces: [{ square: path[0], glyph: "knight", colour: "white" }],
    numbers: t.numbers.map((v, sq) => ({ square: sq, label: String(v) })),
    path,
    ...(t.closed ? { closed: true } : {}),
    marks: [{ square: path[0], kind: "start" }],
  };
}

/** `no`: the tour's number among the 8x8 semimagic tours (their titles would otherwise repeat). */
function tourTitle(t: MagicTourRecord, no: number | null): Bilingual {
  const b = t.board.join("x");
  const props = { en: [] as string[], cs: [] as string[] };
  props.en.push(t.closed ? "closed" : "open");
  props.cs.push(t.closed ? "uzavřená" : "otevřená");
  if (t.centralSymmetric) {
    props.en.push("centrally symmetric");
    props.cs.push("středově souměrná");
  }
  return t.kind === "magic"
    ? {
      en: `Diagonally magic knight's tour on ${b} (${props.en.join(", ")})`,
      cs: `Diagonálně magická jezdcova procházka na ${b} (${props.cs.join(", ")})`,
    }
    : {
      en: `Semimagic knight's tour${no !== null ? ` no. ${no}` : ""} on ${b} (${props.en.join(", ")}), diagonals ${
        t.diagonalSums.join("/")
      }`,
      cs: `Semimagická jezdcova procházka${no !== null ? ` č. ${no}` : ""} na ${b} (${props.cs.join(", ")}), úhlopříčky ${
        t.diagonalSums.join("/")
      }`,
    };
}

export function tourEntry(t: MagicTourRecord, results: Map<string, CheckResult>, hasReport: boolean, no: number | null): AtlasEntry {
  const check = results.get(t.id) ?? null;
  const n = t.board[0];
  const S = (n * (n * n + 1)) / 2;
  const board = makeBoard(t.board);
  const path = pathOfNumbers(t.numbers);
  return {
    id: t.id,
    family: "magic",
    title: tourTitle(t, no),
    problem: {
      en: `Knight's tour numbered 1..${n * n}, rows and columns ${S}`,
      cs: `Jezdcova procházka očíslovaná 1..${n * n}, řádky a sloupce ${S}`,
    },
    stipulation: t.kind === "magic"
      ? {
        en: `Every row, column and both main diagonals sum to ${S}.`,
        cs: `Každý řádek, sloupec i obě hlavní úhlopříčky mají součet ${S}.`,
      }
      : {
        en: `Every row and column sums to ${S} (diagonals ${t.diagonalSums.join(" and ")}).`,
        cs: `Každý řádek a sloupec má součet ${S} (úhlopříčky ${t.diagonalSums.join(" a ")}).`,
      },
    claim: null,
    ours: null,
    status: statusOf(check, hasReport),
    check,
    established: [
      {
        en: `Found by ${
          t.origin === "construction" ? "our construction search" : "our exhaustive enumeration"
        } (${t.method}); rechecked on every verify: knight moves, numbers 1..${n * n}, sums, ${
          t.closed ? "closed" : "open"
        }, class of ${t.classSize} under rotations, reflections and reversal.`,
        cs: `Nalezeno ${
          t.origin === "construction" ? "naším konstrukčním hledáním" : "naším úplným výčtem"
        } (${t.method}); při každém ověření znovu zkontrolováno: tahy jezdce, čísla 1..${n * n}, součty, ${
          t.closed ? "uzavřenost" : "otevřenost"
        }, třída ${t.classSize} tvarů při otočení, zrcadlení a obrácení číslování.`,
      },
      ...(t.origin === "construction" && n > 8
        ? [{
          // Literature on larger boards, after G. P. Jelliss's survey pages (mayhematics.com/t/md.htm and /t/me.htm).
          en: `The construction (solvers/magic/biaxial.ts): two knight paths of ${
            (n * n) / 8
          } squares and their mirror images in the two midlines, one read backwards, make every row, column and diagonal sum come out by symmetry; the search only chains the eight pieces. Earlier diagonally magic knight's tours on larger boards: 12×12 by Awani Kumar (2003) and 16×16 by S. K. Singh (2006), as reported by G. P. Jelliss (mayhematics.com).`,
          cs: `Konstrukce (solvers/magic/biaxial.ts): dvě jezdcovy cesty po ${
            (n * n) / 8
          } polích a jejich zrcadlové obrazy podle obou středních os, některé čtené pozpátku, dávají správný součet v každém řádku, sloupci i úhlopříčce už ze souměrnosti; hledání jen spojuje osm kusů za sebe. Dřívější diagonálně magické jezdcovy procházky na větších šachovnicích: 12×12 od Awaniho Kumara (2003) a 16×16 od S. K. Singha (2006), jak uvádí G. P. Jelliss (mayhematics.com).`,
        }]
        : []),
    ],
    witnessCitation: null,
    certificate: null,
    problemDiagram: null,
    solutionDiagram: tourDiagram(t),
    replay: null,
    solutionText: path.map((s) => squareName(board, s)).join(" "),
    popeye: { unavailable: { en: "Popeye does not search numbered magic tours.", cs: "Popeye nehledá číslované magické procházky." } },
    neighbours: [],
    piece: null,
    board: [...t.board],
    keywords: ["magic knight's tour", "magická jezdcova procházka", "semimagic", "semimagická", t.closed ? "closed" : "open"],
  };
}
