/**
 * Starts the replay islands of a page (<replay-island>, written by
 * site/components/ReplayIsland.astro), in place of Astro's client:visible
 * and client:only: Astro put its island runtime (~4.8 kB of inline script)
 * into every page with an island, ~4,000 record and embed pages, 12 MB of
 * the site; this module is one file the browser fetches once and caches.
 * It does what those directives did:
 * - an island with the server-rendered replay (attribute `ssr`) is hydrated
 *   when it first comes into view (as client:visible: the component's script
 *   is fetched only then);
 * - one without (the embed pages) is rendered at once (as client:only).
 * The props are the element's data attributes (replayAttributes() in
 * site/lib/replay-props.ts writes them).
 */
import type { ReplayStill } from "./Replay.tsx";

function propsOf(host: HTMLElement) {
  const d = host.dataset;
  const still: ReplayStill | undefined = d.stillSrc
    ? { src: d.stillSrc, width: Number(d.stillWidth), height: Number(d.stillHeight) }
    : undefined;
  return {
    packed: d.packed ?? "",
    lang: (d.lang ?? "en") as "en" | "cs",
    id: d.id ?? "",
    title: d.title ?? "",
    ...(still ? { still } : {}),
  };
}

async function start(host: HTMLElement): Promise<void> {
  const [{ h, hydrate, render }, { default: Replay }] = await Promise.all([import("preact"), import("./Replay.tsx")]);
  const vnode = h(Replay, propsOf(host));
  if (host.hasAttribute("ssr")) hydrate(vnode, host);
  else {
    host.textContent = "";
    render(vnode, host);
  }
}

for (const host of document.querySelectorAll<HTMLElement>("replay-island")) {
  if (!host.hasAttribute("ssr") || typeof IntersectionObserver === "undefined") {
    start(host);
    continue;
  }
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    io.disconnect();
    start(host);
  });
  io.observe(host);
}
