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
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Lang } from "../i18n.ts";
import { WORKBENCH_TEXT } from "../lib/workbench-text.ts";
import { compareWithCells, type WorkbenchCell } from "../lib/workbench-compare.ts";
import { diagramLayout, diagramSvg } from "../lib/diagram-svg.ts";
import { formatNumber } from "../lib/format.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
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
import { popeyeForPosition } from "../../solvers/workbench/popeye.ts";
import { contributionFile } from "../../solvers/workbench/contribution.ts";
import { parsePopeye } from "../../solvers/export/popeye-parse.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { packReplay } from "./replay-pack.ts";
import Replay from "./Replay.tsx";
import { saveBlob } from "./save-file.ts";
import type { WorkbenchReply, WorkbenchRequest } from "./workbench-worker.ts";

interface Props {
  lang: Lang;
  /** The record cells the build wrote (site/pages/workbench/cells.json.ts), fetched from the site itself. */
  cellsUrl: string;
  /** The contribution files' JSON Schema (site path), named in each file as its $schema. */
  schemaUrl: string;
  /** Each family's page: a cell's record page is this followed by its id and "/". */
  familyPaths: Record<WorkbenchCell["family"], Record<Lang, string>>;
}

type Mode = "start" | "man" | "hurdle" | "target" | "end";
type Done = Extract<WorkbenchReply, { type: "done" }> & { position: WorkbenchPosition };

const MAX_NODES = 50_000_000;
const BOARD_PX = 480;
const DEFAULT: WorkbenchPosition = { piece: "1,2", board: [8, 8], start: null, men: [], hurdles: [], stipulation: "dual-free" };

function modesOf(p: WorkbenchPosition): Mode[] {
  const f = familyOf(p.piece);
  if (f === "hopper") return ["start", "hurdle", "target"];
  return p.stipulation === "fixed-end" ? ["start", "man", "end"] : ["start", "man"];
}

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
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [author, setAuthor] = useState("");
  const [source, setSource] = useState("");
  const [url, setUrl] = useState("");
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [copied, setCopied] = useState("");
  const [ready, setReady] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [cells, setCells] = useState<WorkbenchCell[]>([]);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
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
    return () => worker.current?.terminate();
  }, []);

  // The address follows the position (replaced, so the history is not flooded).
  useEffect(() => {
    if (!ready) return;
    const url = `${location.pathname}?${positionQuery(pos)}`;
    if (url !== location.pathname + location.search) history.replaceState(history.state, "", url);
  }, [pos, ready]);

  function load(p: WorkbenchPosition) {
    halt();
    setDone(null);
    setError(null);
    setStatus("");
    setPos(p);
    setSizeText([String(p.board[0]), String(p.board[1])]);
    if (familyOf(p.piece) === "leaper") setLeapText(p.piece.split(",") as [string, string]);
    setMode("start");
    setFocus(0);
  }

  function change(p: WorkbenchPosition) {
    setPos(p);
    if (done) setDone(null);
    setError(null);
  }

  function halt() {
    worker.current?.terminate();
    worker.current = null;
    setRunning(false);
  }

  // ---- setting up -------------------------------------------------------

  function setPiece(piece: string) {
    const f = familyOf(piece);
    if (f === "leaper") setLeapText(piece.split(",") as [string, string]);
    if (f === family) {
      change({ ...pos, piece });
      return;
    }
    // Men and hurdles are the same squares under another family's name.
    const others = f === "hopper" ? pos.men : pos.hurdles.length > 0 ? pos.hurdles : pos.men;
    change({
      piece,
      board: pos.board,
      start: pos.start,
      men: f === "hopper" ? [] : others,
      hurdles: f === "hopper" ? others : [],
      stipulation: STIPULATIONS[f][0],
    });
    setMode("start");
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
    const b = makeBoard([w, h]);
    const on = (s: string | null | undefined) => {
      if (s === null || s === undefined) return false;
      try {
        parseSquare(b, s);
        return true;
      } catch {
        return false;
      }
    };
    const p: WorkbenchPosition = {
      ...pos,
      board: [w, h],
      start: on(pos.start) ? pos.start : null,
      men: pos.men.filter(on),
      hurdles: pos.hurdles.filter(on),
    };
    if (p.end !== undefined && !on(p.end)) delete p.end;
    if (p.target !== undefined && !on(p.target)) delete p.target;
    change(p);
    setFocus((f) => Math.min(f, b.size - 1));
  }

  function setStipulation(s: Stipulation) {
    const p: WorkbenchPosition = { ...pos, stipulation: s };
    if (s !== "fixed-end") delete p.end;
    if (s !== "ser-z") delete p.target;
    change(p);
    if (!modesOf(p).includes(mode)) setMode("start");
  }

  /** Puts what `m` places on square `sq`; returns the words to announce. */
  function apply(m: Mode | "clear", sq: number): string {
    const s = name(sq);
    const without = (list: string[]) => list.filter((x) => x !== s);
    let p: WorkbenchPosition = { ...pos };
    let said = "";
    if (m === "clear") {
      p = { ...p, start: p.start === s ? null : p.start, men: without(p.men), hurdles: without(p.hurdles) };
      if (p.end === s) delete p.end;
      if (p.target === s) delete p.target;
      said = t.announce.at(s, t.occupant.empty);
    } else if (m === "start") {
      p = { ...p, start: s, men: without(p.men), hurdles: without(p.hurdles) };
      if (p.end === s) delete p.end;
      if (p.target === s) delete p.target;
      said = t.announce.start(s);
    } else if (m === "man" || m === "hurdle") {
      if (p.start === s) return t.announce.at(s, t.occupant.start);
      const key = family === "hopper" ? "hurdles" : "men";
      const on = !p[key].includes(s);
      p = { ...p, [key]: on ? [...p[key], s] : without(p[key]) };
      if (!on && p.end === s) delete p.end;
      if (on && p.target === s) delete p.target;
      said = family === "hopper" ? t.announce.hurdle(s, on) : t.announce.man(s, on);
    } else if (m === "target") {
      if (p.start === s || p.hurdles.includes(s)) return t.announce.at(s, p.start === s ? t.occupant.start : t.occupant.hurdle);
      p = { ...p, target: s };
      said = t.announce.target(s);
    } else if (m === "end") {
      if (p.start === s) return t.announce.at(s, t.occupant.start);
      p = { ...p, end: s, men: p.men.includes(s) ? p.men : [...p.men, s] };
      said = t.announce.end(s);
    }
    change(p);
    return said;
  }

  function occupantOf(sq: number): string {
    const s = name(sq);
    if (pos.start === s) return t.occupant.start;
    if (pos.men.includes(s)) return t.occupant.man;
    if (pos.hurdles.includes(s)) return t.occupant.hurdle;
    return t.occupant.empty;
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
      setAnnounce(t.announce.at(name(sq), occupantOf(sq)));
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

  // ---- solving ----------------------------------------------------------

  function solve() {
    halt();
    setDone(null);
    setError(null);
    try {
      checkWorkbench(pos);
    } catch (e) {
      setError(e instanceof WorkbenchError ? e.text[lang] : String(e));
      return;
    }
    const w = new Worker(new URL("./workbench-worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    const id = ++seq.current;
    const asked = pos;
    w.onmessage = (ev: MessageEvent<WorkbenchReply>) => {
      const r = ev.data;
      if (r.id !== id) return;
      if (r.type === "progress") {
        setStatus(t.searching(formatNumber(r.nodes, lang)));
        return;
      }
      halt();
      if (r.type === "error") {
        setError(r.error[lang]);
        setStatus("");
        return;
      }
      setDone({ ...r, position: asked });
      setStatus("");
    };
    w.onerror = (ev) => {
      halt();
      setError(ev.message || "worker error");
    };
    setRunning(true);
    setStatus(t.searching("0"));
    const req: WorkbenchRequest = { id, position: pos, maxNodes: MAX_NODES };
    w.postMessage(req);
  }

  function cancel() {
    halt();
    setStatus(t.cancelled);
  }

  // ---- sharing ----------------------------------------------------------

  const checked = useMemo(() => {
    try {
      return checkWorkbench(pos);
    } catch {
      return null;
    }
  }, [pos]);
  const popeye = useMemo(() => (checked ? popeyeForPosition(checked) : null), [checked]);
  const permalink = ready ? `${location.origin}${location.pathname}?${positionQuery(pos)}` : `?${positionQuery(pos)}`;
  const shareSpec = done?.solution ?? drawn;
  const shareSvg = () => diagramSvg(shareSpec, { xmlDeclaration: true, title: t.diagramTitle, lang });

  function downloadSvg() {
    saveBlob("workbench.svg", new Blob([shareSvg()], { type: "image/svg+xml" }));
  }

  async function downloadPng() {
    const L = diagramLayout(shareSpec.board);
    const img = new Image();
    const url = URL.createObjectURL(new Blob([shareSvg()], { type: "image/svg+xml" }));
    img.src = url;
    await img.decode();
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = L.width * scale;
    canvas.height = L.height * scale;
    const g = canvas.getContext("2d")!;
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    URL.revokeObjectURL(url);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/png"));
    if (blob) saveBlob("workbench.png", blob);
  }

  const embed = useMemo(() => {
    const L = diagramLayout(shareSpec.board);
    const svg = diagramSvg(shareSpec, { title: t.diagramTitle, lang });
    return `<a href="${permalink.replace(/&/g, "&amp;")}"><img src="data:image/svg+xml,${
      encodeURIComponent(svg)
    }" width="${L.width}" height="${L.height}" alt="${t.embedAlt}"></a>`;
  }, [shareSpec, permalink]);

  async function copy(id: string) {
    const el = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!el) return;
    try {
      await navigator.clipboard.writeText(el.value);
    } catch {
      el.select();
      document.execCommand("copy");
    }
    setCopied(id);
  }

  const contribution = done?.moves
    ? contributionFile(
      {
        position: done.position,
        moves: done.moves,
        solutions: done.result.solutions,
        complete: done.result.complete,
        unique: done.result.unique,
      },
      { author, title: source, url, year: Number(year) },
      ready ? new URL(schemaUrl, location.href).href : undefined,
    )
    : null;

  function downloadContribution() {
    if (!contribution?.ok) return;
    const file = contribution.file;
    saveBlob(`${file.id}.json`, new Blob([JSON.stringify(file, null, 2) + "\n"], { type: "application/json" }));
  }

  // ---- the page ---------------------------------------------------------

  const named = LEAPER_NAMES.find((n) => `${n.leap[0]},${n.leap[1]}` === pos.piece);
  const pieceValue = family === "leaper" ? (named ? pos.piece : "other") : pos.piece;
  const r = done?.result;
  const verdicts = done && r
    ? compareWithCells(cells, {
      piece: done.position.piece,
      board: done.position.board,
      stipulation: done.position.stipulation,
      pieces: familyOf(done.position.piece) === "hopper" ? done.position.hurdles.length : done.position.men.length,
      distance: r.value,
      solutions: r.solutions,
      complete: r.complete,
      unique: r.unique,
    })
    : [];
  const hopperDone = done !== null && familyOf(done.position.piece) === "hopper";

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
            setAnnounce(t.announce.at(name(focus), occupantOf(focus)));
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

      <section aria-labelledby="wb-solve">
        <h2 id="wb-solve">{t.solveHeading}</h2>
        <p class="wb-row">
          <button type="button" id="wb-solve-button" onClick={solve} disabled={running}>{t.solve}</button>
          <button type="button" id="wb-cancel" onClick={cancel} disabled={!running}>{t.cancel}</button>
        </p>
        <p class="wb-status" role="status" aria-live="polite">{status}</p>
        {error && <p class="wb-error" role="alert">{error}</p>}
        {done && r && (
          <div class="wb-result" aria-labelledby="wb-result-heading">
            <h3 id="wb-result-heading">{t.resultHeading}</h3>
            <p class="wb-solutions">{t.solutions(formatNumber(r.solutions, lang), r.complete, formatNumber(MAX_NODES, lang))}</p>
            <p class="wb-verdict">
              <strong>
                {r.solutions === "0" && r.complete
                  ? (hopperDone ? t.unreachable : t.noSolution)
                  : r.unique === true
                  ? t.dualFree
                  : r.unique === false
                  ? t.notDualFree
                  : t.undecided}
              </strong>
            </p>
            {hopperDone && r.value !== null && <p>{t.distance(r.value)}</p>}
            {r.rejectedBy && <p>{t.rejectedBy(r.rejectedBy)}</p>}
            <p class="wb-time">{t.time(done.milliseconds, formatNumber(r.nodes, lang))}</p>
            {done.notation && (
              <>
                <h3>{t.solution}</h3>
                <p class="notation">{done.notation}</p>
              </>
            )}
            {done.replay && (
              <Replay key={seq.current} packed={packReplay(done.replay)} lang={lang} id={`wb-${seq.current}`} title={t.replayTitle} />
            )}
          </div>
        )}
      </section>

      {done && (
        <section aria-labelledby="wb-compare" class="wb-compare">
          <h2 id="wb-compare">{t.compareHeading}</h2>
          {verdicts.length === 0 ? <p>{t.noCell}</p> : (
            <ul>
              {verdicts.map((v) => (
                <li key={v.cell.id + v.cell.kind} data-cell={v.cell.id}>
                  <p>{t.cellLine(v)}</p>
                  {v.qualifies ? <p class="wb-claim">{t.claimLine(v)}</p> : null}
                  <p class="wb-max">{v.qualifies || v.vsMax === "beats" ? t.maxLine(v) : t.notQualified(v)}</p>
                  <p>
                    <a href={`${familyPaths[v.cell.family][lang]}${v.cell.id}/`}>{t.openCell} {v.cell.id}</a>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="wb-share" class="wb-share">
        <h2 id="wb-share">{t.shareHeading}</h2>
        <p class="wb-field">
          <label for="wb-permalink">{t.permalink}</label>
          <input id="wb-permalink" type="text" readOnly value={permalink} />
          <button type="button" onClick={() => copy("wb-permalink")}>{t.copy}</button>
          {copied === "wb-permalink" && <span role="status">{t.copied}</span>}
        </p>
        <p class="wb-row">
          <button type="button" id="wb-svg" onClick={downloadSvg}>{t.downloadSvg}</button>
          <button type="button" id="wb-png" onClick={downloadPng}>{t.downloadPng}</button>
        </p>
        <p class="wb-field">
          {popeye?.ok
            ? (
              <>
                <label for="wb-popeye">{t.popeye}</label>
                <textarea id="wb-popeye" rows={7} readOnly value={popeye.input} />
              </>
            )
            : <span id="wb-popeye">{t.popeye}: {popeye ? popeye.reason[lang] : "—"}</span>}
        </p>
        <p class="wb-field">
          <label for="wb-embed">{t.embed}</label>
          <textarea id="wb-embed" rows={3} readOnly value={embed} />
          <button type="button" onClick={() => copy("wb-embed")}>{t.copy}</button>
        </p>
        <fieldset class="wb-contribution">
          <legend>{t.contribution}</legend>
          <p class="wb-help">{t.contributionHelp}</p>
          <p class="wb-row">
            <label>
              {t.author} <input id="wb-author" type="text" value={author} onInput={(e) => setAuthor(e.currentTarget.value)} />
            </label>
            <label>
              {t.source} <input id="wb-source" type="text" value={source} onInput={(e) => setSource(e.currentTarget.value)} />
            </label>
            <label>
              {t.url} <input id="wb-url" type="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
            </label>
            <label>
              {t.year}{" "}
              <input id="wb-year" type="number" min={1000} max={9999} value={year} onInput={(e) => setYear(e.currentTarget.value)} />
            </label>
          </p>
          <button type="button" id="wb-contribution" onClick={downloadContribution} disabled={!contribution?.ok}>
            {t.downloadContribution}
          </button>
          <p class="wb-help" id="wb-contribution-note">
            {!contribution ? t.needSolution : contribution.ok ? "" : contribution.reason[lang]}
          </p>
        </fieldset>
      </section>
    </div>
  );
}
