/**
 * The replay island's words in both languages (Replay.tsx): the controls, the
 * positions and moves as a screen reader hears them, and "try it"'s verdicts.
 */
import type { Verdict } from "./try-model.ts";

export const REPLAY_TEXT = {
  en: {
    replay: "Replay",
    first: "First position",
    prev: "Previous move",
    play: "Play",
    pause: "Pause",
    next: "Next move",
    last: "Last position",
    speed: "Speed",
    moves: "Moves",
    start: "Start",
    startPosition: (n: number) => `Start position (move 0 of ${n})`,
    atMove: (p: number, n: number, label: string) => `Move ${p} of ${n}: ${label}`,
    boardAfter: (title: string, p: number) => (p === 0 ? `${title}: the problem position` : `${title}: the position after move ${p}`),
    keys: "Keys: ← and → step, Home and End jump, space plays and pauses.",
    tryIt: "Try it",
    tryBoard: (title: string) => `${title}: your game`,
    back: "Back to the solution",
    undo: "Take back",
    again: "Start again",
    yourMoves: "Your moves",
    none: "none yet",
    legal: "Possible moves",
    noLegal: "No move is possible.",
    moveTo: (sq: string) => `Move to ${sq}`,
    verdict: (v: Verdict, reach: boolean, shortest: number): string => {
      switch (v.kind) {
        case "start":
          return "Your move: click a square with a ring, or choose a move below.";
        case "on-solution":
          if (reach) {
            return v.ways === 1
              ? "On the solution; from here exactly one shortest way reaches the target."
              : "On the solution, but from here more than one shortest way reaches the target: a dual.";
          }
          return v.ways === 1
            ? "On the solution; from here exactly one way captures every man."
            : v.ways === 0
            ? "On the solution, yet from here the men cannot all be captured."
            : v.ways === null
            ? "On the solution. (The search gave up counting the ways on from here.)"
            : "On the solution, but from here more than one way captures every man: a dual.";
        case "dual":
          return reach
            ? "Not the solution's move, yet the target is still reached in the fewest moves: a dual (another solution)."
            : "Not the solution's move, yet every man can still be captured: a dual (another solution).";
        case "dead-end":
          return reach
            ? `This move leaves the solution: the target can no longer be reached in ${shortest} moves.`
            : "This move leaves the solution: from here the remaining men cannot all be captured.";
        case "undecided":
          return "This move leaves the solution; the search gave up before deciding whether every man can still be captured.";
        case "solved":
          return reach
            ? `Solved: the target reached in ${shortest} moves, as in the solution.`
            : "Solved: every man captured, as in the solution.";
        case "solved-other":
          return reach
            ? "The target reached in the fewest moves by another way: a dual!"
            : "Every man captured in another order than the solution's: a dual!";
        case "reached-late":
          return `The target reached in ${v.moves} moves; the shortest way takes ${v.shortest}.`;
        case "tour":
          return (v.following
            ? `Following the record's tour: ${v.moves} of ${v.record} moves.`
            : `Your own tour: ${v.moves} moves (the record: ${v.record}).`) +
            (v.stuck ? " No further move." : "");
      }
    },
  },
  cs: {
    replay: "Přehrávání",
    first: "Výchozí pozice",
    prev: "Předchozí tah",
    play: "Přehrát",
    pause: "Pozastavit",
    next: "Další tah",
    last: "Konečná pozice",
    speed: "Rychlost",
    moves: "Tahy",
    start: "Start",
    startPosition: (n: number) => `Výchozí pozice (tah 0 z ${n})`,
    atMove: (p: number, n: number, label: string) => `Tah ${p} z ${n}: ${label}`,
    boardAfter: (title: string, p: number) => (p === 0 ? `${title}: výchozí pozice` : `${title}: pozice po ${p}. tahu`),
    keys: "Klávesy: ← a → krok, Home a End skok, mezerník přehrává a pozastavuje.",
    tryIt: "Zkuste si to",
    tryBoard: (title: string) => `${title}: vaše partie`,
    back: "Zpět k řešení",
    undo: "Vzít tah zpět",
    again: "Znovu",
    yourMoves: "Vaše tahy",
    none: "zatím žádné",
    legal: "Možné tahy",
    noLegal: "Žádný tah není možný.",
    moveTo: (sq: string) => `Táhnout na ${sq}`,
    verdict: (v: Verdict, reach: boolean, shortest: number): string => {
      switch (v.kind) {
        case "start":
          return "Váš tah: klikněte na pole s kroužkem nebo vyberte tah níže.";
        case "on-solution":
          if (reach) {
            return v.ways === 1
              ? "Podle řešení; odtud vede k cíli právě jedna nejkratší cesta."
              : "Podle řešení, ale odtud vede k cíli více nejkratších cest: dualita.";
          }
          return v.ways === 1
            ? "Podle řešení; odtud sebere všechny kameny právě jedna cesta."
            : v.ways === 0
            ? "Podle řešení, a přesto odtud nelze sebrat všechny kameny."
            : v.ways === null
            ? "Podle řešení. (Hledání se vzdalo počítání pokračování.)"
            : "Podle řešení, ale odtud sebere všechny kameny více cest: dualita.";
        case "dual":
          return reach
            ? "Tento tah v řešení není, a přesto se cíle dosáhne nejmenším počtem tahů: dualita (jiné řešení)."
            : "Tento tah v řešení není, a přesto lze sebrat všechny kameny: dualita (jiné řešení).";
        case "dead-end":
          return reach
            ? `Tento tah opouští řešení: cíle už nelze dosáhnout za ${shortest} tahů.`
            : "Tento tah opouští řešení: zbylé kameny už nelze sebrat všechny.";
        case "undecided":
          return "Tento tah opouští řešení; hledání skončilo dřív, než rozhodlo, zda lze sebrat všechny kameny.";
        case "solved":
          return reach ? `Vyřešeno: cíle dosaženo za ${shortest} tahů jako v řešení.` : "Vyřešeno: všechny kameny sebrány jako v řešení.";
        case "solved-other":
          return reach
            ? "Cíle dosaženo nejmenším počtem tahů jinou cestou: dualita!"
            : "Všechny kameny sebrány v jiném pořadí než v řešení: dualita!";
        case "reached-late":
          return `Cíle dosaženo za ${v.moves} tahů; nejkratší cesta má ${v.shortest}.`;
        case "tour":
          return (v.following
            ? `Podle rekordní cesty: ${v.moves} z ${v.record} tahů.`
            : `Vlastní cesta: ${v.moves} tahů (rekord: ${v.record}).`) +
            (v.stuck ? " Další tah není." : "");
      }
    },
  },
};
