/**
 * The replay island: steps through a record's solution on its diagram, and lets
 * the reader try the problem ("try it") with the solvers' own move generation
 * and Hamiltonian engine judging each move.
 *
 * Progressive enhancement: Astro renders this on the server at the last
 * position, so without JavaScript the page shows the full numbered solution and
 * the move list (whose links name positions, "#move-17"); the controls are
 * rendered disabled with the same size and enabled once hydrated, so nothing
 * moves when the script arrives (no layout shift).
 *
 * "Try it" loads its rules (try-model.ts, with the solvers' move generation
 * and counting) only when the reader asks for them, so they cost the page
 * nothing until then. The island's words are in replay-text.ts.
 *
 * The URL fragment keeps the position: stepping replaces it (history is not
 * flooded), a jump from the move list pushes it (back returns to the previous
 * jump), and a fragment read on load, on back/forward or on a followed link
 * sets the position. Each list item carries the id "move-N", so a link to
 * #move-17 scrolls the replay into view, which is what wakes a client:visible
 * island in the first place.
 */
import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ReplaySpec } from "../../solvers/diagram/spec.ts";
import type { Lang } from "../i18n.ts";
import { diagramLayout, diagramSvg } from "../lib/diagram-svg.ts";
import { clampPosition, fragmentOf, positionFromFragment, positionSpec, REPLAY_SIZE as SIZE, tryItSupported } from "./replay-model.ts";
import { unpackReplay } from "./replay-pack.ts";
import type { PlayableRules, TryState, Verdict } from "./try-model.ts";
import { REPLAY_TEXT } from "./replay-text.ts";

/** What the board shows before the script runs (and without it): an image of the solved position. */
export interface ReplayStill {
  src: string;
  width: number;
  height: number;
}

interface Props {
  /** The replay, packed (replay-pack.ts: a few times smaller in the page than Astro's JSON of the spec). */
  packed: string;
  /** The numbered solution's SVG permalink, shown until the script runs; without it the board is drawn. */
  still?: ReplayStill;
  lang: Lang;
  /** Record id: prefixes the element ids of this island. */
  id: string;
  /** Record title, for the diagram's accessible name. */
  title: string;
}

type TryModule = typeof import("./try-model.ts");

const SPEEDS = [0.5, 1, 2, 4];

/** Button icons (20x20 paths), drawn rather than taken from a font so every system shows the same. */
// Play is the one solid triangle; one move either way is a chevron, the ends a bar with two triangles.
const ICONS = {
  first: "M2 3h2.5v14H2zM11 3v14L4.5 10zM18 3v14L11.5 10z",
  prev: "M13 2.5l2.2 2.2L9.9 10l5.3 5.3-2.2 2.2L5.5 10z",
  play: "M5 3v14l11-7z",
  pause: "M4.5 3h4v14h-4zM11.5 3h4v14h-4z",
  next: "M7 2.5L4.8 4.7 10.1 10l-5.3 5.3L7 17.5 14.5 10z",
  last: "M2 3v14l6.5-7zM9 3v14l6.5-7zM15.5 3H18v14h-2.5z",
};

const escapeAttr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The square under a pointer, from the diagram's own layout; null off the squares. */
function squareAtPoint(svg: SVGSVGElement, layout: ReturnType<typeof diagramLayout>, total: number, x: number, y: number): number | null {
  const r = svg.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const ux = ((x - r.left) * layout.viewWidth) / r.width;
  const uy = ((y - r.top) * layout.viewHeight) / r.height;
  const [ax, ay] = layout.corner(0);
  const [bx, by] = layout.corner(1 % total);
  const unit = total > 1 ? Math.abs(bx - ax) || Math.abs(by - ay) : 40;
  for (let sq = 0; sq < total; sq++) {
    const [cx, cy] = layout.corner(sq);
    if (ux >= cx && ux < cx + unit && uy >= cy && uy < cy + unit) return sq;
  }
  return null;
}

export default function Replay({ packed, still, lang, id, title }: Props) {
  const replay: ReplaySpec = useMemo(() => unpackReplay(packed), [packed]);
  const s = REPLAY_TEXT[lang] ?? REPLAY_TEXT.en;
  const n = replay.steps.length;
  const [p, setP] = useState(n);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [trying, setTrying] = useState(false);
  const [game, setGame] = useState<TryState | null>(null);
  const [tm, setTm] = useState<TryModule | null>(null);
  const pRef = useRef(p);
  pRef.current = p;
  const boardRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  /**
   * Buttons that vanish (try it, a legal move) would drop the focus to the
   * page, and the keys would stop reaching the replay: after such a change,
   * focus that was inside the replay goes to the board.
   */
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    const active = document.activeElement;
    if (!active || active === document.body || !sectionRef.current?.contains(active)) boardRef.current?.focus({ preventScroll: true });
  }, [refocus]);
  const keepFocus = () => setRefocus((k) => k + 1);

  const rules = replay.tryIt;
  const playable: PlayableRules | null = rules && tryItSupported(rules) ? rules : null;
  const ctx = useMemo(() => (tm && playable ? tm.tryContext(playable, replay.steps.map((st) => st.to)) : null), [tm, replay]);
  const layout = useMemo(() => diagramLayout(replay.initial.board, { size: SIZE }), [replay]);
  const total = replay.initial.board.reduce((a, b) => a * b, 1);

  /** Moves to position q; `history` says how the fragment follows. */
  const go = (q: number, history: "replace" | "push" | "none" = "replace") => {
    const next = clampPosition(q, n);
    setP(next);
    if (history !== "none" && typeof location !== "undefined" && location.hash !== fragmentOf(next)) {
      const url = location.pathname + location.search + fragmentOf(next);
      if (history === "push") globalThis.history.pushState(null, "", url);
      else globalThis.history.replaceState(globalThis.history.state, "", url);
    }
  };

  useEffect(() => {
    setReady(true);
    const fromHash = () => {
      const q = positionFromFragment(location.hash, n);
      if (q !== null) {
        setTrying(false);
        setPlaying(false);
        setP(q);
      }
    };
    // Without a position in the URL the replay opens at the start (the server-rendered board shows the whole solution for readers without JavaScript).
    if (positionFromFragment(location.hash, n) === null) setP(0);
    else fromHash();
    addEventListener("hashchange", fromHash);
    addEventListener("popstate", fromHash);
    return () => {
      removeEventListener("hashchange", fromHash);
      removeEventListener("popstate", fromHash);
    };
  }, [n]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const q = pRef.current;
      if (q >= n) setPlaying(false);
      else go(q + 1);
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, n]);

  const togglePlay = () => {
    if (playing) return setPlaying(false);
    // Playing from the end starts again from the problem position.
    if (pRef.current >= n) go(0);
    setPlaying(true);
  };

  const step = (q: number) => {
    setPlaying(false);
    go(q);
  };

  const onKeyDown = (e: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    if (trying || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const tag = target.tagName;
    // Native keys of form controls, and space/enter on buttons and links, keep their meaning.
    if (tag === "SELECT" || tag === "INPUT") return;
    const isControl = tag === "BUTTON" || tag === "A";
    let handled = true;
    switch (e.key) {
      case "ArrowRight":
      case "ArrowDown":
        step(pRef.current + 1);
        break;
      case "ArrowLeft":
      case "ArrowUp":
        step(pRef.current - 1);
        break;
      case "Home":
        step(0);
        break;
      case "End":
        step(n);
        break;
      case " ":
      case "Spacebar":
        if (isControl) handled = false;
        else togglePlay();
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  const enterTry = async () => {
    if (!playable) return;
    setPlaying(false);
    const mod = tm ?? await import("./try-model.ts");
    setTm(mod);
    setGame(mod.startTry(playable));
    setTrying(true);
    keepFocus();
  };
  const leaveTry = () => {
    setTrying(false);
    setGame(null);
    keepFocus();
  };
  const playTry = (sq: number) => {
    if (!tm || !ctx || !game) return;
    const next = tm.applyTryMove(ctx, game, sq);
    if (next) setGame(next);
    keepFocus();
  };

  const onBoardClick = (e: JSX.TargetedMouseEvent<HTMLDivElement>) => {
    if (!trying) return;
    const svg = e.currentTarget.querySelector("svg");
    if (!svg) return;
    const sq = squareAtPoint(svg, layout, total, e.clientX, e.clientY);
    if (sq !== null) playTry(sq);
  };

  const inGame = trying && tm !== null && ctx !== null && game !== null;
  const verdict: Verdict | null = inGame ? tm.judge(ctx, game) : null;
  const legal = inGame ? tm.legalMoves(ctx, game) : [];
  const spec = inGame ? tm.trySpec(ctx, game, replay.initial) : positionSpec(replay, p);
  const boardTitle = inGame ? s.tryBoard(title) : s.boardAfter(title, p);
  // Until the script runs (on the server too), the board is the solution's permalink image if there is
  // one: the record page shows the same drawing above, and the inline drawing with every number was the
  // largest part of the island's HTML. Same box as the drawing (width and height of SIZE's layout).
  const svg = !ready && still
    ? `<img class="replay-still" src="${escapeAttr(still.src)}" width="${still.width}" height="${still.height}" alt="${
      escapeAttr(boardTitle)
    }">`
    : diagramSvg(spec, { size: SIZE, lang, title: boardTitle, attrs: { role: "img", class: "replay-svg" } });
  const status = verdict
    ? s.verdict(verdict, rules?.type === "hopper-reach", n)
    : p === 0
    ? s.startPosition(n)
    : s.atMove(p, n, replay.steps[p - 1].label);

  // A button that cannot act now is aria-disabled, not disabled: it keeps the focus (a disabled one would drop it to the page and the arrow keys with it).
  const button = (label: string, icon: string, onClick: () => void, disabled: boolean) => (
    <button
      type="button"
      class="replay-button"
      aria-label={label}
      title={label}
      onClick={() => {
        if (!disabled) onClick();
      }}
      disabled={!ready}
      aria-disabled={ready && disabled ? "true" : undefined}
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={icon} fill="currentColor" />
      </svg>
    </button>
  );

  return (
    <section
      ref={sectionRef}
      class="replay"
      aria-label={`${s.replay}: ${title}`}
      onKeyDown={onKeyDown}
      data-replay={id}
      data-ready={ready ? "" : undefined}
    >
      <div class="replay-main">
        <div
          ref={boardRef}
          class={`replay-board${inGame ? " replay-board-try" : ""}`}
          tabIndex={0}
          role="group"
          aria-label={boardTitle}
          aria-describedby={`${id}-keys`}
          onClick={onBoardClick}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <div class="replay-side">
          <div class="replay-controls" role="toolbar" aria-label={s.replay}>
            {button(s.first, ICONS.first, () => step(0), inGame || p === 0)}
            {button(s.prev, ICONS.prev, () => step(p - 1), inGame || p === 0)}
            {button(playing ? s.pause : s.play, playing ? ICONS.pause : ICONS.play, togglePlay, inGame || n === 0)}
            {button(s.next, ICONS.next, () => step(p + 1), inGame || p === n)}
            {button(s.last, ICONS.last, () => step(n), inGame || p === n)}
            <label class="replay-speed">
              <span>{s.speed}</span>
              <select value={String(speed)} disabled={!ready || inGame} onChange={(e) => setSpeed(Number(e.currentTarget.value))}>
                {SPEEDS.map((v) => <option key={v} value={String(v)}>{`${v}×`}</option>)}
              </select>
            </label>
          </div>
          <p class="replay-status" role="status" aria-live="polite" aria-atomic="true">{status}</p>
          <p class="replay-keys" id={`${id}-keys`}>{s.keys}</p>
          {playable && !inGame && (
            <p>
              <button type="button" class="replay-try" onClick={enterTry} disabled={!ready}>{s.tryIt}</button>
            </p>
          )}
          {inGame && (
            <div class="replay-game">
              <p class="replay-game-buttons">
                <button
                  type="button"
                  onClick={() => game.visited.length >= 2 && setGame(tm.undoTryMove(game))}
                  aria-disabled={game.visited.length < 2 ? "true" : undefined}
                >
                  {s.undo}
                </button>
                <button
                  type="button"
                  onClick={() => game.visited.length >= 2 && setGame(tm.startTry(ctx.rules))}
                  aria-disabled={game.visited.length < 2 ? "true" : undefined}
                >
                  {s.again}
                </button>
                <button type="button" onClick={leaveTry}>{s.back}</button>
              </p>
              <p>
                <strong>{s.yourMoves}:</strong> {game.visited.length > 1 ? tm.tryLabels(ctx, game).join(" ") : s.none}
              </p>
              <div role="group" aria-label={s.legal} class="replay-legal">
                <strong aria-hidden="true">{s.legal}:</strong> {legal.length === 0 ? <span>{s.noLegal}</span> : legal.map((sq) => {
                  const name = tm.nameOf(ctx.board, sq);
                  return <button key={sq} type="button" aria-label={s.moveTo(name)} onClick={() => playTry(sq)}>{name}</button>;
                })}
              </div>
            </div>
          )}
          <p class="replay-moves-heading" id={`${id}-moves`}>{s.moves}</p>
          <ol class="replay-moves" aria-labelledby={`${id}-moves`}>
            <li id="move-0">
              <a href={fragmentOf(0)} aria-current={!inGame && p === 0 ? "step" : undefined} onClick={(e) => jump(e, 0)}>{s.start}</a>
            </li>
            {replay.steps.map((st, i) => (
              <li id={`move-${i + 1}`}>
                <a href={fragmentOf(i + 1)} aria-current={!inGame && p === i + 1 ? "step" : undefined} onClick={(e) => jump(e, i + 1)}>
                  {st.label}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );

  function jump(e: MouseEvent, q: number) {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setTrying(false);
    setPlaying(false);
    go(q, "push");
  }
}
