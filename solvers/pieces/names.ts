/**
 * Names and notation symbols of the leapers of the 2009 booklet's table
 * (shared/reference/tables.json, leaperTable; Czech names as printed there).
 * Symbols follow the booklet's solutions where it prints one (WA, CA, Z, …);
 * leapers without a name are written with their leap, e.g. (2,6).
 */
export interface LeaperName {
  readonly leap: readonly [number, number];
  readonly name: string;
  readonly nameCs: string | null;
  readonly symbol: string;
  /** Lower-case keys accepted on the command line. */
  readonly aliases: readonly string[];
}

export const LEAPER_NAMES: readonly LeaperName[] = [
  { leap: [0, 1], name: "Wazir", nameCs: "vezír", symbol: "WA", aliases: ["wazir", "vezir", "vezír"] },
  { leap: [0, 2], name: "Dabbaba", nameCs: "dababa", symbol: "DA", aliases: ["dabbaba", "dababa"] },
  { leap: [1, 1], name: "Fers", nameCs: "fers", symbol: "FE", aliases: ["fers", "ferz"] },
  { leap: [1, 2], name: "Knight", nameCs: "jezdec", symbol: "S", aliases: ["knight", "jezdec"] },
  { leap: [1, 3], name: "Camel", nameCs: "velbloud", symbol: "CA", aliases: ["camel", "velbloud"] },
  { leap: [1, 4], name: "Giraffe", nameCs: "žirafa", symbol: "GI", aliases: ["giraffe", "zirafa", "žirafa"] },
  { leap: [1, 5], name: "Ibis", nameCs: null, symbol: "(1,5)", aliases: ["ibis"] },
  { leap: [1, 6], name: "Flamingo", nameCs: "flamingo", symbol: "(1,6)", aliases: ["flamingo"] },
  { leap: [2, 2], name: "Alfil", nameCs: "alfil", symbol: "AL", aliases: ["alfil"] },
  { leap: [2, 3], name: "Zebra", nameCs: "zebra", symbol: "Z", aliases: ["zebra"] },
  { leap: [2, 4], name: "Lancer", nameCs: null, symbol: "(2,4)", aliases: ["lancer"] },
  { leap: [2, 5], name: "Korsar", nameCs: null, symbol: "(2,5)", aliases: ["korsar"] },
  { leap: [3, 4], name: "Antelope", nameCs: "antilopa", symbol: "AN", aliases: ["antelope", "antilopa"] },
];

/**
 * The five free leapers reach every square of 8x8 (access 63 in the table). The
 * three large leapers [1,5], [1,6], [2,5] reach most of it; with the free ones
 * they have searches too big for a build. All others are "board-limited": on
 * 8x8 their graphs fall apart into small pieces.
 */
export const FREE_LEAPERS: readonly (readonly [number, number])[] = [[0, 1], [1, 2], [1, 4], [2, 3], [3, 4]];
export const LARGE_LEAPERS: readonly (readonly [number, number])[] = [[1, 5], [1, 6], [2, 5]];

/** The 35 leapers of the table, [0,1] .. [7,7] with x <= y. */
export function tableLeapers(): [number, number][] {
  const out: [number, number][] = [];
  for (let x = 0; x <= 7; x++) for (let y = Math.max(x, 1); y <= 7; y++) out.push([x, y]);
  return out;
}
