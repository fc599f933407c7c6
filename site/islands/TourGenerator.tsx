/**
 * The tour generator: a form (board, leaper, open/closed, method), the finder
 * run in a worker (tour-worker.ts, bundled by Vite as its own file), the
 * theorem's verdict, the tour drawn on a canvas (any size: squares, path and
 * numbers only while they are big enough to see) and downloads as JSON and
 * text. The strings come from the page (site/lib/tour-generator-text.ts).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { TourGeneratorText } from "../lib/tour-generator-text.ts";
import type { TourReply, TourRequest } from "./tour-worker.ts";
import { saveBlob } from "./save-file.ts";

interface Props {
  t: TourGeneratorText;
}

const MAX_SIDE = 1000;
const MAX_SQUARES = 1_000_000;
const TIME_LIMIT_S = 60;
const METHODS = ["auto", "divide", "warnsdorff", "rotation", "backtrack", "neural"] as const;

type Done = Extract<TourReply, { ok: true }> & { width: number; height: number; leap: [number, number]; closed: boolean };

const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k) => String(v[k] ?? ""));

/** Algebraic file letters as the solvers write them (a … z, aa …). */
function file(x: number): string {
  let n = x + 1, s = "";
  while (n > 0) {
    s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function draw(canvas: HTMLCanvasElement, d: Done) {
  const { width: w, height: h, tour } = d;
  const dpr = globalThis.devicePixelRatio || 1;
  const cssW = Math.min(canvas.parentElement?.clientWidth || 640, 640);
  const cell = Math.max(cssW / w, 0) * dpr;
  const cellPx = Math.min(cell, (640 * dpr) / h);
  canvas.width = Math.max(1, Math.round(cellPx * w));
  canvas.height = Math.max(1, Math.round(cellPx * h));
  canvas.style.width = `${canvas.width / dpr}px`;
  canvas.style.height = `${canvas.height / dpr}px`;
  const g = canvas.getContext("2d");
  if (!g) return;
  const c = cellPx;
  g.fillStyle = "#f1e6cf";
  g.fillRect(0, 0, canvas.width, canvas.height);
  // Squares only where they are at least 3 px: on larger boards a checkerboard is noise.
  if (c >= 3) {
    g.fillStyle = "#d8bf9c";
    for (let y = 0; y < h; y++) for (let x = y % 2 === 0 ? 0 : 1; x < w; x += 2) g.fillRect(x * c, (h - 1 - y) * c, c, c);
  }
  const cx = (sq: number) => ((sq % w) + 0.5) * c;
  const cy = (sq: number) => (h - 1 - Math.floor(sq / w) + 0.5) * c;
  if (tour.length > 1) {
    g.strokeStyle = "#1d5fa8";
    g.globalAlpha = 0.8;
    g.lineWidth = Math.max(0.6 * dpr, c * 0.07);
    g.lineJoin = "round";
    g.beginPath();
    g.moveTo(cx(tour[0]), cy(tour[0]));
    for (let i = 1; i < tour.length; i++) g.lineTo(cx(tour[i]), cy(tour[i]));
    if (d.closed) g.closePath();
    g.stroke();
    g.globalAlpha = 1;
  }
  if (tour.length > 0) {
    g.strokeStyle = "#c0392b";
    g.lineWidth = Math.max(1.5 * dpr, c * 0.08);
    g.beginPath();
    g.arc(cx(tour[0]), cy(tour[0]), Math.max(4 * dpr, c * 0.42), 0, 2 * Math.PI);
    g.stroke();
  }
  const digits = String(tour.length).length;
  const font = Math.min(c * 0.42, (c * 1.5) / Math.max(digits, 2));
  if (font >= 9 * dpr) {
    g.font = `700 ${font}px sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = 3 * dpr;
    g.strokeStyle = "#fff";
    g.fillStyle = "#1a1a1a";
    for (let i = 0; i < tour.length; i++) {
      const label = String(i + 1);
      g.strokeText(label, cx(tour[i]), cy(tour[i]));
      g.fillText(label, cx(tour[i]), cy(tour[i]));
    }
  }
}

function save(name: string, type: string, text: string) {
  saveBlob(name, new Blob([text], { type }));
}

function names(d: Done): string[] {
  return Array.from(d.tour, (sq) => file(sq % d.width) + (Math.floor(sq / d.width) + 1));
}

function baseName(d: Done): string {
  return `tour-${d.leap[0]}-${d.leap[1]}-${d.width}x${d.height}-${d.closed ? "closed" : "open"}`;
}

function asJson(d: Done): string {
  return JSON.stringify(
    {
      generator: "Chessboard Record Atlas tour generator",
      board: [d.width, d.height],
      leap: d.leap,
      closed: d.closed,
      method: d.method,
      milliseconds: d.milliseconds,
      verdict: d.verdict,
      squares: names(d),
    },
    null,
    1,
  );
}

function asText(d: Done, t: TourGeneratorText): string {
  const pos = new Int32Array(d.width * d.height);
  d.tour.forEach((sq, i) => (pos[sq] = i + 1));
  const pad = String(d.tour.length).length;
  const lines = [
    `# [${d.leap[0]},${d.leap[1]}] ${
      d.closed ? "closed" : "open"
    } ${d.width}x${d.height}, ${d.method}, ${d.milliseconds} ms; ${t.textHeader}`,
  ];
  for (let y = d.height - 1; y >= 0; y--) {
    const row: string[] = [];
    for (let x = 0; x < d.width; x++) row.push(String(pos[x + d.width * y]).padStart(pad));
    lines.push(row.join(" "));
  }
  lines.push("", names(d).join(" "), "");
  return lines.join("\n");
}

export default function TourGenerator({ t }: Props) {
  const [width, setWidth] = useState("8");
  const [height, setHeight] = useState("8");
  const [piece, setPiece] = useState("0");
  const [lx, setLx] = useState("1");
  const [ly, setLy] = useState("2");
  const [closed, setClosed] = useState(true);
  const [method, setMethod] = useState<string>("auto");
  const [status, setStatus] = useState("");
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const worker = useRef<Worker | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const canvas = useRef<HTMLCanvasElement>(null);
  const seq = useRef(0);

  const halt = () => {
    worker.current?.terminate();
    worker.current = null;
    clearTimeout(timer.current);
    setRunning(false);
  };
  useEffect(() => halt, []);
  useEffect(() => {
    if (done && canvas.current && done.found) draw(canvas.current, done);
  }, [done]);

  const run = (e: Event) => {
    e.preventDefault();
    const W = Number(width), H = Number(height);
    if (!Number.isInteger(W) || !Number.isInteger(H) || W < 1 || H < 1 || W > MAX_SIDE || H > MAX_SIDE || W * H > MAX_SQUARES) {
      setStatus(t.badSize);
      return;
    }
    let leap: [number, number];
    if (piece === "other") {
      const x = Number(lx), y = Number(ly);
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x > 20 || y > 20 || x + y === 0) {
        setStatus(t.badLeap);
        return;
      }
      leap = [Math.min(x, y), Math.max(x, y)];
    } else leap = t.leapers[Number(piece)].leap;
    halt();
    const w = new Worker(new URL("./tour-worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    const id = ++seq.current;
    w.onmessage = (ev: MessageEvent<TourReply>) => {
      const r = ev.data;
      if (r.id !== id) return;
      halt();
      if (!r.ok) {
        setDone(null);
        setStatus(fill(t.failed, { error: r.error }));
        return;
      }
      setDone({ ...r, width: W, height: H, leap, closed });
      setStatus(
        r.found
          ? fill(t.found, { n: r.tour.length, method: t.methods[r.method] ?? r.method, ms: r.milliseconds })
          : `${t.notFound}${r.note ? ` (${r.note})` : ""}`,
      );
    };
    w.onerror = (ev) => {
      halt();
      setStatus(fill(t.failed, { error: ev.message || "worker error" }));
    };
    timer.current = setTimeout(() => {
      halt();
      setStatus(fill(t.timedOut, { s: TIME_LIMIT_S }));
    }, TIME_LIMIT_S * 1000) as unknown as number;
    setRunning(true);
    setDone(null);
    setStatus(t.running);
    const req: TourRequest = { id, width: W, height: H, leap, closed, method: method as TourRequest["method"] };
    w.postMessage(req);
  };

  const v = done?.verdict;
  return (
    <div class="tour-generator">
      <form onSubmit={run}>
        <div class="tg-row">
          <label>
            {t.width} <input type="number" min={1} max={MAX_SIDE} value={width} onInput={(e) => setWidth(e.currentTarget.value)} required />
          </label>
          <label>
            {t.height}{" "}
            <input type="number" min={1} max={MAX_SIDE} value={height} onInput={(e) => setHeight(e.currentTarget.value)} required />
          </label>
          <label>
            {t.piece}{" "}
            <select value={piece} onChange={(e) => setPiece(e.currentTarget.value)}>
              {t.leapers.map((l, i) => <option key={i} value={String(i)}>{l.name}</option>)}
              <option value="other">{t.otherLeaper}</option>
            </select>
          </label>
          {piece === "other" && (
            <>
              <label>
                {t.leapX} <input type="number" min={0} max={20} value={lx} onInput={(e) => setLx(e.currentTarget.value)} />
              </label>
              <label>
                {t.leapY} <input type="number" min={0} max={20} value={ly} onInput={(e) => setLy(e.currentTarget.value)} />
              </label>
            </>
          )}
        </div>
        <fieldset class="tg-row">
          <legend>{t.kind}</legend>
          <label>
            <input type="radio" name="tg-kind" checked={!closed} onChange={() => setClosed(false)} /> {t.open}
          </label>
          <label>
            <input type="radio" name="tg-kind" checked={closed} onChange={() => setClosed(true)} /> {t.closed}
          </label>
        </fieldset>
        <div class="tg-row">
          <label>
            {t.method}{" "}
            <select value={method} onChange={(e) => setMethod(e.currentTarget.value)}>
              {METHODS.map((m) => <option key={m} value={m}>{t.methods[m]}</option>)}
            </select>
          </label>
          <button type="submit">{t.run}</button>
          {running && (
            <button
              type="button"
              onClick={() => {
                halt();
                setStatus(t.stopped);
              }}
            >
              {t.stop}
            </button>
          )}
        </div>
      </form>
      <p class="tg-status" role="status" aria-live="polite">{status}</p>
      {v && (
        <section class="tg-verdict" aria-label={t.verdictHeading}>
          <h2>{t.verdictHeading}</h2>
          <p>
            {v.theorem === "none" && v.exists === null ? t.verdictOpen : (
              <>
                <strong>{t.theorems[v.theorem] ?? v.theorem}</strong>:{" "}
                {v.exists === true ? t.verdictExists : v.exists === false ? t.verdictNone : t.verdictOpen}
                <span lang="en">{` (${v.reason})`}</span>
              </>
            )}
          </p>
          {v.citation && <p class="tg-citation" lang="en">{v.citation}</p>}
        </section>
      )}
      {done?.found && (
        <figure class="tg-figure">
          <canvas ref={canvas} role="img" aria-label={fill(t.drawing, { w: done.width, h: done.height })} />
          <figcaption>{t.numbersNote}</figcaption>
          <p class="tg-downloads">
            <button type="button" onClick={() => save(`${baseName(done)}.json`, "application/json", asJson(done))}>{t.downloadJson}</button>
            {" "}
            <button type="button" onClick={() => save(`${baseName(done)}.txt`, "text/plain", asText(done, t))}>{t.downloadText}</button>
          </p>
        </figure>
      )}
    </div>
  );
}
