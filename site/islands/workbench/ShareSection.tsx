/**
 * The workbench's "share" section (Workbench.tsx): the permalink (the position
 * in the query string, solvers/workbench/position.ts), the diagram as SVG (the
 * site's diagram code) and as PNG (that SVG painted on a canvas), the Popeye
 * input, an embed snippet and a contribution file of a solved position.
 */
import { useMemo, useState } from "preact/hooks";
import type { Lang } from "../../i18n.ts";
import type { WorkbenchText } from "../../lib/workbench-text.ts";
import { diagramLayout, diagramSvg } from "../../lib/diagram-svg.ts";
import { checkWorkbench, positionQuery, type WorkbenchPosition } from "../../../solvers/workbench/position.ts";
import { popeyeForPosition } from "../../../solvers/workbench/popeye.ts";
import { contributionFile } from "../../../solvers/workbench/contribution.ts";
import type { DiagramSpec } from "../../../solvers/diagram/spec.ts";
import { saveBlob } from "../save-file.ts";
import type { Done } from "./solver.ts";

export function ShareSection(p: {
  lang: Lang;
  t: WorkbenchText;
  pos: WorkbenchPosition;
  /** The position's diagram (shared when there is no solution yet). */
  drawn: DiagramSpec;
  done: Done | null;
  /** Hydrated: the address and the schema's full URL are known. */
  ready: boolean;
  /** The contribution files' JSON Schema (site path), named in each file as its $schema. */
  schemaUrl: string;
}) {
  const { lang, t, pos, done, ready } = p;
  const [author, setAuthor] = useState("");
  const [source, setSource] = useState("");
  const [url, setUrl] = useState("");
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [copied, setCopied] = useState("");

  const checked = useMemo(() => {
    try {
      return checkWorkbench(pos);
    } catch {
      return null;
    }
  }, [pos]);
  const popeye = useMemo(() => (checked ? popeyeForPosition(checked) : null), [checked]);
  const permalink = ready ? `${location.origin}${location.pathname}?${positionQuery(pos)}` : `?${positionQuery(pos)}`;
  const shareSpec = done?.solution ?? p.drawn;
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
      ready ? new URL(p.schemaUrl, location.href).href : undefined,
    )
    : null;

  function downloadContribution() {
    if (!contribution?.ok) return;
    const file = contribution.file;
    saveBlob(`${file.id}.json`, new Blob([JSON.stringify(file, null, 2) + "\n"], { type: "application/json" }));
  }

  return (
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
            {t.year} <input id="wb-year" type="number" min={1000} max={9999} value={year} onInput={(e) => setYear(e.currentTarget.value)} />
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
  );
}
