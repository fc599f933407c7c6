/**
 * The workbench island: set up a position (piece, board, men or hurdles by
 * click, tap or keyboard, or pasted as the atlas's notation or Popeye input),
 * solve it in a worker (workbench-worker.ts, the solvers of `atlas solve`)
 * with progress and a cancel button, show the count, whether it is dual-free
 * and the solution in the record pages' replay (Replay.tsx), compare it with
 * the record cells embedded at build time (site/lib/workbench-cells.ts), and
 * share it: the address is the permalink (the position in its query string,
 * solvers/workbench/position.ts), the diagram downloads as SVG (the site's
 * diagram code) and as PNG (that SVG painted on a canvas), with the Popeye
 * input, an embed snippet and a contribution file.
 *
 * This module sets up the position; its edits are pure functions in
 * workbench/edit.ts, the search is the hook of workbench/solver.ts, and the
 * solve, compare and share sections are components in workbench/.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Lang } from "../i18n.ts";
import { WORKBENCH_TEXT } from "../lib/workbench-text.ts";
import type { WorkbenchCell } from "../lib/workbench-compare.ts";
import { diagramLayout, diagramSvg } from "../lib/diagram-svg.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { LEAPER_NAMES } from "../../solvers/pieces/names.ts";
import { HOPPER_KINDS, HOPPER_NAMES } from "../../solvers/pieces/hopper.ts";
import { locust, LOCUST_KINDS } from "../../solvers/pieces/locust.ts";
import {
  checkWorkbench,
  familyOf,
  LIMITS,
  parsePosition,
  positionQuery,
  type Stipulation,
  STIPULATIONS,
  WorkbenchError,
  type WorkbenchFamily,
  type WorkbenchPosition,
} from "../../solvers/workbench/position.ts";
import { positionDiagram } from "../../solvers/workbench/diagrams.ts";
import { parsePopeye } from "../../solvers/export/popeye-parse.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { DEFAULT, type Mode, modesOf, occupantOf, place, resized, withPiece, withStipulation } from "./workbench/edit.ts";
import { useSolver } from "./workbench/solver.ts";
import { SolveSection } from "./workbench/SolveSection.tsx";
import { CompareSection } from "./workbench/CompareSection.tsx";
import { ShareSection } from "./workbench/ShareSection.tsx";

interface Props {
  lang: Lang;
  /** The record cells the build wrote (site/pages/workbench/cells.json.ts), fetched from the site itself. */
  cellsUrl: string;
  /** The contribution files' JSON Schema (site path), named in each file as its $schema. */
  schemaUrl: string;
  /** Each family's page: a cell's record page is this followed by its id and "/". */
  familyPaths: Record<WorkbenchCell["family"], Record<Lang, string>>;
}

const BOARD_PX = 480;

/** A labelled number field of the position (leap, board sides), up to the solvers' largest side. */
function NumberField(p: { id: string; label: string; min: number; value: string; onInput: (value: string) => void }) {
  return (
    <label>
      {p.label}{" "}
      <input id={p.id} type="number" min={p.min} max={LIMITS.side} value={p.value} onInput={(e) => p.onInput(e.currentTarget.value)} />
    </label>
  );
}

export default function Workbench({ lang, familyPaths, cellsUrl, schemaUrl }: Props) {
  const t = WORKBENCH_TEXT[lang];
  const [pos, setPos] = useState<WorkbenchPosition>(DEFAULT);
  const [sizeText, setSizeText] = useState<[string, string]>(["8", "8"]);
  const [leapText, setLeapText] = useState<[string, string]>(["1", "2"]);
  const [mode, setMode] = useState<Mode>("start");
  const [focus, setFocus] = useState(0);
  const [boardFocused, setBoardFocused] = useState(false);
  const [announce, setAnnounce] = useState("");
  const [paste, setPaste] = useState("");
  const [pasteMsg, setPasteMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [ready, setReady] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [cells, setCells] = useState<WorkbenchCell[]>([]);
  const solver = useSolver(lang, t);
  const done = solver.done;
  const svgBox = useRef<HTMLDivElement>(null);

  const family: WorkbenchFamily = familyOf(pos.piece);
  const board = useMemo(() => makeBoard(pos.board), [pos.board[0], pos.board[1]]);
  const name = (sq: number) => squareName(board, sq);

  // The position from the address, once, after hydration.
  useEffect(() => {
    if (/[?&]piece=/.test(location.search)) {
      try {
        load(parsePosition(location.search));
      } catch (e) {
        setPasteMsg({ ok: false, text: e instanceof WorkbenchError ? e.text[lang] : String(e) });
      }
    }
    fetch(cellsUrl).then((r) => (r.ok ? r.json() : [])).then((c: WorkbenchCell[]) => setCells(c)).catch(() => setCells([]));
    setReady(true);
  }, []);

  // The address follows the position (replaced, so the history is not flooded).
  useEffect(() => {
    if (!ready) return;
    const url = `${location.pathname}?${positionQuery(pos)}`;
    if (url !== location.pathname + location.search) history.replaceState(history.state, "", url);
  }, [pos, ready]);

  function load(p: WorkbenchPosition) {
    solver.reset();
    setPos(p);
    setSizeText([String(p.board[0]), String(p.board[1])]);
    if (familyOf(p.piece) === "leaper") setLeapText(p.piece.split(",") as [string, string]);
    setMode("start");
    setFocus(0);
  }

  function change(p: WorkbenchPosition) {
    setPos(p);
    solver.forget();
  }

  // ---- setting up -------------------------------------------------------

  function setPiece(piece: string) {
    const f = familyOf(piece);
    if (f === "leaper") setLeapText(piece.split(",") as [string, string]);
    change(withPiece(pos, piece));
    if (f !== family) setMode("start");
  }

  function setLeap(text: [string, string]) {
    setLeapText(text);
    const [x, y] = text.map(Number);
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x > LIMITS.side || y > LIMITS.side || x + y === 0) {
      setInputError(t.badLeap(LIMITS.side));
      return;
    }
    setInputError(null);
    setPiece(`${Math.min(x, y)},${Math.max(x, y)}`);
  }

  function setSize(text: [string, string]) {
    setSizeText(text);
    const [w, h] = text.map(Number);
    if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > LIMITS.side || h > LIMITS.side || w * h > LIMITS.squares) {
      setInputError(t.badSize(LIMITS.side, LIMITS.squares));
      return;
    }
    setInputError(null);
    change(resized(pos, w, h));
    setFocus((f) => Math.min(f, w * h - 1));
  }

  function setStipulation(s: Stipulation) {
    const p = withStipulation(pos, s);
    change(p);
    if (!modesOf(p).includes(mode)) setMode("start");
  }

  /** Puts what `m` places on square `sq`; returns the words to announce. */
  function apply(m: Mode | "clear", sq: number): string {
    const { position, said } = place(pos, family, m, name(sq), t);
    if (position) change(position);
    return said;
  }

  const drawn: DiagramSpec = useMemo(() => positionDiagram(pos), [pos]);
  const layout = useMemo(() => diagramLayout(pos.board, { size: BOARD_PX }), [pos.board[0], pos.board[1]]);
  // The board's drawing does not depend on the focus (a redraw between a press and its release would lose the click).
  const boardSvg = useMemo(() => diagramSvg(drawn, { size: BOARD_PX, lang, attrs: { "aria-hidden": "true", focusable: "false" } }), [
    drawn,
  ]);
  // The focus square: a frame over the drawing that the keyboard moves (shown while the board has the focus).
  const focusBox = useMemo(() => {
    const [x, y] = layout.corner(Math.min(focus, board.size - 1));
    const pc = (v: number, of: number) => `${(100 * v) / of}%`;
    return {
      left: pc(x, layout.viewWidth),
      top: pc(y, layout.viewHeight),
      width: pc(40, layout.viewWidth),
      height: pc(40, layout.viewHeight),
    };
  }, [focus, layout]);

  function squareAtPoint(ev: MouseEvent): number | null {
    const svg = svgBox.current?.querySelector("svg");
    if (!svg) return null;
    const r = svg.getBoundingClientRect();
    const ux = ((ev.clientX - r.left) * layout.viewWidth) / r.width;
    const uy = ((ev.clientY - r.top) * layout.viewHeight) / r.height;
    const [x0, yA1] = layout.corner(0);
    const top = yA1 - (layout.ny - 1) * 40;
    const fx = Math.floor((ux - x0) / 40), fy = layout.ny - 1 - Math.floor((uy - top) / 40);
    if (fx < 0 || fy < 0 || fx >= layout.nx || fy >= layout.ny) return null;
    return fx + layout.nx * fy;
  }

  // A press and its release on the board place a piece (not "click": the drawing is replaced after each change,
  // and a click whose press fell on the old drawing is never fired); a drag (scrolling on a phone) places nothing.
  const press = useRef<{ id: number; x: number; y: number } | null>(null);
  function onBoardPointerDown(ev: PointerEvent) {
    if (ev.button !== 0) return;
    press.current = { id: ev.pointerId, x: ev.clientX, y: ev.clientY };
  }
  function onBoardPointerUp(ev: PointerEvent) {
    const p = press.current;
    press.current = null;
    if (!p || p.id !== ev.pointerId || Math.abs(ev.clientX - p.x) > 10 || Math.abs(ev.clientY - p.y) > 10) return;
    const sq = squareAtPoint(ev);
    if (sq === null) return;
    setFocus(sq);
    setAnnounce(apply(mode, sq));
  }

  function onBoardKey(ev: KeyboardEvent) {
    const w = layout.nx, h = layout.ny;
    const x = focus % w, y = Math.floor(focus / w);
    const move = (nx: number, ny: number) => {
      const sq = Math.max(0, Math.min(w - 1, nx)) + w * Math.max(0, Math.min(h - 1, ny));
      setFocus(sq);
      setAnnounce(t.announce.at(name(sq), occupantOf(pos, name(sq), t)));
    };
    const k = ev.key;
    let act: Mode | "clear" | null = null;
    if (k === "ArrowLeft") move(x - 1, y);
    else if (k === "ArrowRight") move(x + 1, y);
    else if (k === "ArrowUp") move(x, y + 1);
    else if (k === "ArrowDown") move(x, y - 1);
    else if (k === "Home") move(0, y);
    else if (k === "End") move(w - 1, y);
    else if (k === " " || k === "Enter") act = mode;
    else if (k === "m" || k === "M") act = family === "hopper" ? "hurdle" : "man";
    else if (k === "p" || k === "P") act = "start";
    else if (k === "t" || k === "T") act = family === "hopper" ? "target" : pos.stipulation === "fixed-end" ? "end" : null;
    else if (k === "Delete" || k === "Backspace") act = "clear";
    else return;
    ev.preventDefault();
    if (act !== null) setAnnounce(apply(act, focus));
  }

  function readPaste() {
    try {
      const text = paste.trim();
      const p = /^\s*[?#]?(piece|board|start|men|hurdles|stip)=/i.test(text) ? parsePosition(text) : parsePopeye(text);
      checkWorkbench(p);
      load(p);
      setPasteMsg({ ok: true, text: t.readDone });
    } catch (e) {
      setPasteMsg({ ok: false, text: e instanceof WorkbenchError ? e.text[lang] : String(e) });
    }
  }

  // ---- the page ---------------------------------------------------------

  const named = LEAPER_NAMES.find((n) => `${n.leap[0]},${n.leap[1]}` === pos.piece);
  const pieceValue = family === "leaper" ? (named ? pos.piece : "other") : pos.piece;
  return (
    <div class="workbench" data-ready={ready ? "" : undefined}>
      <section aria-labelledby="wb-position">
        <h2 id="wb-position">{t.positionHeading}</h2>
        <div class="wb-row">
          <label>
            {t.piece}{" "}
            <select
              id="wb-piece"
              value={pieceValue}
              onChange={(e) => setPiece(e.currentTarget.value === "other" ? `${leapText[0]},${leapText[1]}` : e.currentTarget.value)}
            >
              <optgroup label={t.leapers}>
                {LEAPER_NAMES.map((n) => (
                  <option key={n.leap.join(",")} value={n.leap.join(",")}>
                    {`${lang === "cs" ? n.nameCs ?? n.name : n.name} [${n.leap.join(",")}]`}
                  </option>
                ))}
                <option value="other">{t.otherLeaper}</option>
              </optgroup>
              <optgroup label={t.hoppers}>
                {HOPPER_KINDS.map((k) => <option key={k} value={k}>{lang === "cs" ? HOPPER_NAMES[k].nameCs : HOPPER_NAMES[k].name}
                </option>)}
              </optgroup>
              <optgroup label={t.locusts}>
                {LOCUST_KINDS.map((k) => <option key={k} value={k}>{lang === "cs" ? locust(k).nameCs : locust(k).name}</option>)}
              </optgroup>
            </select>
          </label>
          {family === "leaper" && (
            <>
              <NumberField id="wb-leap-x" label={t.leapX} min={0} value={leapText[0]} onInput={(v) => setLeap([v, leapText[1]])} />
              <NumberField id="wb-leap-y" label={t.leapY} min={0} value={leapText[1]} onInput={(v) => setLeap([leapText[0], v])} />
            </>
          )}
        </div>
        <div class="wb-row">
          <NumberField id="wb-width" label={t.width} min={1} value={sizeText[0]} onInput={(v) => setSize([v, sizeText[1]])} />
          <NumberField id="wb-height" label={t.height} min={1} value={sizeText[1]} onInput={(v) => setSize([sizeText[0], v])} />
          <label>
            {t.stipulation}{" "}
            <select id="wb-stip" value={pos.stipulation} onChange={(e) => setStipulation(e.currentTarget.value as Stipulation)}>
              {STIPULATIONS[family].map((s) => <option key={s} value={s}>{t.stipulations[s]}</option>)}
            </select>
          </label>
        </div>
        {inputError && <p class="wb-error" role="alert" id="wb-input-error">{inputError}</p>}
        <fieldset class="wb-row wb-modes">
          <legend>{t.place}</legend>
          {modesOf(pos).map((m) => (
            <label key={m}>
              <input type="radio" name="wb-mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {t.places[m]}
            </label>
          ))}
        </fieldset>
        <p id="wb-keys" class="wb-keys">{t.keys}</p>
        <div
          class="wb-board"
          role="group"
          aria-label={`${t.boardLabel} ${pos.board[0]}×${pos.board[1]}`}
          aria-describedby="wb-keys"
          tabIndex={0}
          onPointerDown={onBoardPointerDown}
          onPointerUp={onBoardPointerUp}
          onPointerCancel={() => (press.current = null)}
          onKeyDown={onBoardKey}
          onFocus={() => {
            setBoardFocused(true);
            setAnnounce(t.announce.at(name(focus), occupantOf(pos, name(focus), t)));
          }}
          onBlur={() => setBoardFocused(false)}
        >
          <div ref={svgBox} dangerouslySetInnerHTML={{ __html: boardSvg }} />
          {boardFocused && <div class="wb-focus" style={focusBox} />}
        </div>
        <p class="wb-announce" role="status" aria-live="polite">{announce}</p>
        <p class="wb-row">
          <span class="wb-count">{t.counts(pos.men.length, pos.hurdles.length, family === "hopper")}</span>
          <button
            type="button"
            onClick={() => change({ piece: pos.piece, board: pos.board, start: null, men: [], hurdles: [], stipulation: pos.stipulation })}
          >
            {t.clear}
          </button>
        </p>
        <details class="wb-paste">
          <summary>{t.pasteHeading}</summary>
          <label for="wb-paste-text">{t.pasteLabel}</label>
          <p id="wb-paste-help" class="wb-help">{t.pasteHelp}</p>
          <textarea
            id="wb-paste-text"
            rows={5}
            aria-describedby="wb-paste-help"
            value={paste}
            onInput={(e) => setPaste(e.currentTarget.value)}
          />
          <button type="button" onClick={readPaste}>{t.read}</button>
          {pasteMsg && <p class={pasteMsg.ok ? "wb-ok" : "wb-error"} role={pasteMsg.ok ? "status" : "alert"}>{pasteMsg.text}</p>}
        </details>
      </section>

      <SolveSection
        lang={lang}
        t={t}
        running={solver.running}
        status={solver.status}
        error={solver.error}
        done={done}
        replayKey={solver.seq.current}
        onSolve={() => solver.solve(pos)}
        onCancel={solver.cancel}
      />

      {done && <CompareSection lang={lang} t={t} done={done} cells={cells} familyPaths={familyPaths} />}

      <ShareSection lang={lang} t={t} pos={pos} drawn={drawn} done={done} ready={ready} schemaUrl={schemaUrl} />
    </div>
  );
}
