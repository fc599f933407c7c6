/**
 * Matching of the static search index: pure and dependency-free, imported by
 * the search island in the browser and by the tests.
 */

export type SearchKind = "record" | "piece" | "source" | "page";
/**
 * One index item: what it is, its title, its URL, further words to match
 * (without the words of the title and URL, which are matched too), and a
 * rank bias (negative for the many cells of a large table, so that a piece's
 * records come before them).
 */
export type SearchItem = [kind: SearchKind, title: string, url: string, words: string, bias?: number];

/** Score of the kind of an item: a piece page answers "knight" best, then pages, then records. */
const KIND_BONUS: Record<SearchKind, number> = { piece: 3, page: 1, source: 1, record: 0 };

/** Lower case without diacritics: "Kotěšovec" matches "kotesovec". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/**
 * Items matching every word of the query, best first: an item scores higher
 * when words occur in its title and at the start of a word. Pure, shared by
 * the island and the tests.
 */
export function searchItems(items: readonly SearchItem[], query: string, limit = 50): { total: number; hits: SearchItem[] } {
  const words = fold(query).split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { total: 0, hits: [] };
  const scored: { item: SearchItem; score: number }[] = [];
  for (const item of items) {
    const title = fold(item[1]);
    const all = `${title} ${fold(item[3])} ${fold(item[2]).replace(/[/-]+/g, " ")}`;
    let score = 0;
    let ok = true;
    for (const w of words) {
      const at = all.indexOf(w);
      if (at < 0) {
        ok = false;
        break;
      }
      score += title.includes(w) ? 3 : 1;
      if (at === 0 || /[\s[(:=-]/.test(all[at - 1])) score += 1;
      // The title begins with the word: "Knight's tour…" before "Domination by knights…".
      if (title.startsWith(w)) score += 2;
    }
    if (ok) scored.push({ item, score: score + KIND_BONUS[item[0]] + (item[4] ?? 0) });
  }
  scored.sort((a, b) => b.score - a.score || a.item[1].length - b.item[1].length);
  return { total: scored.length, hits: scored.slice(0, limit).map((x) => x.item) };
}
