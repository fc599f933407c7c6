// The copy buttons and the image snippets of a record page's "Links and embedding"
// section (site/components/Snippets.astro), one file for every record page (it
// was inline in each). Loaded with defer, so the section is parsed when it runs.
// Image snippets from their group's data (the same text for every record, so written here, not in the page).
for (const box of document.querySelectorAll(".snippet-groups[data-base]:not([data-filled])")) {
  box.setAttribute("data-filled", "");
  const d = box.dataset, page = d.page, esc = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  for (const g of box.querySelectorAll("details[data-bitmap]")) {
    const bitmap = d.base + g.dataset.bitmap, html = d.base + g.dataset.html, title = g.dataset.alt;
    const md = title.replace(/[\[\]\\]/g, "\\$&");
    const img = `<img src="${html}" width="${g.dataset.w}" height="${g.dataset.h}" alt="${esc(title)}">`;
    const texts = [
      ["BBCode", page ? `[url=${page}][img]${bitmap}[/img][/url]` : `[img]${bitmap}[/img]`],
      ["Markdown", page ? `[![${md}](${bitmap})](${page})` : `![${md}](${bitmap})`],
      ["HTML", page ? `<a href="${page}">${img}</a>` : img],
    ];
    texts.forEach(([name, text], i) => {
      const id = `snip-${box.closest("[data-record]")?.getAttribute("data-record") ?? ""}-${g.dataset.key}-${i}`;
      const row = document.createElement("div");
      row.className = "snippet";
      const label = row.appendChild(document.createElement("label"));
      label.htmlFor = id;
      label.textContent = name;
      const area = row.appendChild(document.createElement("textarea"));
      Object.assign(area, { id, readOnly: true, rows: 3, spellcheck: false, value: text });
      const b = row.appendChild(document.createElement("button"));
      Object.assign(b, { type: "button", className: "copy", textContent: d.copyLabel });
      b.dataset.copy = id;
      b.dataset.done = d.done;
      g.appendChild(row);
    });
  }
}
// Copy buttons: copy the named textarea; announce it in the status line (one listener per page).
if (!globalThis.atlasCopyReady) {
  globalThis.atlasCopyReady = document.addEventListener("click", (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest("button.copy[data-copy]") : null;
    if (!b) return;
    const area = document.getElementById(b.getAttribute("data-copy"));
    if (!area) return;
    const done = () => {
      const s = b.closest("section")?.querySelector(".copy-status");
      if (s) s.textContent = b.getAttribute("data-done") || "";
      // Feedback at the button itself (atlas.css marks it), for two seconds.
      b.setAttribute("data-copied", "");
      setTimeout(() => b.removeAttribute("data-copied"), 2000);
    };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(area.value).then(done, () => {
        area.select();
      });
    } else {
      area.select();
      document.execCommand("copy");
      done();
    }
  }) || true;
}
