/**
 * The atlas search: a small Preact island over the static index
 * (/search-index/<lang>.json, built by site/lib/search.ts). The index is
 * fetched once, on first focus or when the page opens with ?q=, and matched in
 * the browser (site/lib/search-match.ts), so search works offline once loaded.
 * Keyboard: type, ArrowDown moves into the results, ArrowUp/ArrowDown move
 * between them, Escape returns to the field. The query is kept in the URL
 * (?q=), so a search can be linked.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { type SearchItem, searchItems } from "../lib/search-match.ts";

interface Props {
  indexUrl: string;
  label: string;
  placeholder: string;
  button: string;
  loading: string;
  none: string;
  failed: string;
  /** "{n} results" and "{n} results, the first {shown} shown". */
  resultsAll: string;
  resultsSome: string;
  kinds: Record<string, string>;
}

const LIMIT = 50;

export default function Search(p: Props) {
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<SearchItem[] | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const started = useRef(false);

  const load = () => {
    if (started.current) return;
    started.current = true;
    setState("loading");
    fetch(p.indexUrl)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((data: { items: SearchItem[] }) => {
        setItems(data.items);
        setState("idle");
      })
      .catch(() => setState("failed"));
  };

  useEffect(() => {
    const q = new URLSearchParams(location.search).get("q") ?? "";
    if (q) {
      setQuery(q);
      load();
    }
  }, []);

  const update = (q: string) => {
    setQuery(q);
    const url = new URL(location.href);
    if (q) url.searchParams.set("q", q);
    else url.searchParams.delete("q");
    history.replaceState(null, "", url);
  };

  const result = items && query.trim() ? searchItems(items, query, LIMIT) : null;
  let status = "";
  // The index loads on first focus: say so at once, before anything is typed.
  if (state === "loading") status = p.loading;
  else if (state === "failed") status = p.failed;
  else if (result) {
    status = result.total === 0 ? p.none : (result.total === result.hits.length ? p.resultsAll : p.resultsSome)
      .replace("{n}", String(result.total))
      .replace("{shown}", String(result.hits.length));
  }

  const links = () => Array.from(list.current?.querySelectorAll("a") ?? []);
  const onInputKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      const first = links()[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const all = links();
    const i = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === "ArrowDown" && i < all.length - 1) {
      e.preventDefault();
      all[i + 1].focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (i > 0) all[i - 1].focus();
      else input.current?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      input.current?.focus();
    }
  };

  return (
    <div class="search-island">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label for="search-q">{p.label}</label>
        <input
          ref={input}
          id="search-q"
          type="search"
          name="q"
          value={query}
          placeholder={p.placeholder}
          autocomplete="off"
          aria-controls="search-results"
          onFocus={load}
          onInput={(e) => update((e.target as HTMLInputElement).value)}
          onKeyDown={onInputKey}
        />
        <button type="submit">{p.button}</button>
      </form>
      <p class="search-status" role="status" aria-live="polite">{status}</p>
      <ul id="search-results" class="search-results" ref={list} onKeyDown={onListKey}>
        {result?.hits.map(([kind, title, url]) => (
          <li key={url}>
            <a href={url}>{title}</a> <span class="search-kind">{p.kinds[kind] ?? kind}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
