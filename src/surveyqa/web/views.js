// surveyqa web page: the Leaderboards and Timeline tabs (GET /leaderboards, /leaderboards/{name}, /timeline).
// Uses app.js's helpers ($, api, chip, openEntry, allEntries, tabLoaders); like app.js, never sets innerHTML.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const GROUP_COLOURS = ["#2457c5", "#c25b12", "#1f8a4c", "#8e3bb8", "#b0243a", "#4b6b7f"];
const MONTH_RE = /^(\d{4})-(\d{2})$/;
const CHART = { width: 640, height: 260, left: 52, right: 14, top: 14, bottom: 40 };

// How long after the tab opened (or a benchmark was picked) the chart was on screen: [{board, chartMs}].
window.surveyqaChartTimings = [];

let boardsListed = false;
let boardTicket = 0; // only the latest pick's answer is shown (arrowing through the picker fires many)
let timelineSetup = null;
let timelineTicket = 0;
let orgTimer = null;
const MARKERS = ["circle", "square", "triangle", "diamond"];

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

function counted(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

function say(id, message) {
  $(id).textContent = message;
  $(id).hidden = !message;
}

// -- leaderboards ---------------------------------------------------------------------------------------
async function openBoards() {
  if (boardsListed) return;
  const started = performance.now();
  try {
    const boards = await api("/leaderboards");
    boardsListed = true;
    const options = boards.map((b) => el("option", { value: b.name, textContent: `${b.name} (${counted(b.rows, "result")})` }));
    $("board-pick").replaceChildren(...options);
    if (!boards.length) {
      $("board-meta").textContent = "The survey reports no benchmark with two or more results.";
      return;
    }
    await showBoard(boards[0].name, started);
  } catch (err) {
    say("board-error", err.message);
  }
}

async function showBoard(name, started = performance.now()) {
  const ticket = ++boardTicket;
  say("board-error", "");
  let b;
  try {
    b = await api(`/leaderboards/${encodeURIComponent(name)}`);
  } catch (err) {
    if (ticket !== boardTicket) return;
    say("board-error", err.message);
    // Never leave another benchmark's results under this name.
    $("board-meta").textContent = "";
    $("board-chart-box").hidden = true;
    $("board-groups").replaceChildren();
    $("board-related").hidden = true;
    return;
  }
  if (ticket !== boardTicket) return;
  const pick = $("board-pick");
  if (![...pick.options].some((o) => o.value === b.name)) {
    // A version with one result ("Other versions"): not listed, but shown, so the picker names it.
    pick.append(el("option", { value: b.name, textContent: `${b.name} (${counted(b.rows, "result")})` }));
  }
  pick.value = b.name;
  const settings = b.groups.length === 1 ? "one setting" : `${b.groups.length} settings, ranked separately`;
  $("board-meta").textContent =
    `${counted(b.rows, "result")} from ${counted(b.entries, "entry", "entries")} · ${b.better} is better · ${settings}. ` +
    "Click a value to read it in its entry.";
  drawChart(b);
  $("board-groups").replaceChildren(...b.groups.map((g, i) => groupTable(b, g, i)));
  const related = $("board-related");
  related.replaceChildren();
  if (b.related.length) {
    related.append("Other versions: ");
    for (const other of b.related) {
      const link = el("button", { type: "button", className: "link", textContent: other });
      link.addEventListener("click", () => showBoard(other).then(() => $("board-pick").focus()));
      related.append(link, " ");
    }
  }
  related.hidden = !b.related.length;
  requestAnimationFrame(() => {
    window.surveyqaChartTimings.push({ board: b.name, chartMs: performance.now() - started });
  });
}

function groupName(g) {
  const scale = g.scale === "score" ? "" : ` (${g.scale})`;
  return (g.setting ? `Setting: ${g.setting}` : "No setting stated") + scale;
}

const COLUMNS = [
  { key: "rank", label: "Rank", value: (r) => r.rank },
  { key: "system", label: "System", value: (r) => r.system },
  { key: "value", label: "Value", value: (r) => r.number },
  { key: "entry", label: "Entry", value: (r) => r.title },
  { key: "date", label: "Date", value: (r) => r.date || "" },
  { key: "org", label: "Org", value: (r) => r.org },
];

function groupTable(b, g, index) {
  const box = el("section", { className: "board-group" });
  const swatch = el("span", { className: "swatch", ariaHidden: "true" });
  swatch.style.background = GROUP_COLOURS[index % GROUP_COLOURS.length];
  const heading = el("h3", { id: `board-group-${index}` }, swatch, groupName(g));
  box.append(heading);
  if (g.mixed_units) box.append(el("p", { className: "flag", textContent: "Values here are written differently (with and without %): compare them with care." }));
  if (g.repeated_systems) box.append(el("p", { className: "flag", textContent: "An entry gives one system several values here, for settings its text tells apart: read each with its span." }));
  const table = el("table", { className: "board-table" });
  table.setAttribute("aria-labelledby", heading.id);
  table.dataset.setting = g.setting;
  const headRow = el("tr");
  const tbody = el("tbody");
  let sorted = { key: "rank", ascending: true };
  const fill = () => {
    const column = COLUMNS.find((c) => c.key === sorted.key);
    const rows = [...g.rows].sort((x, y) => {
      const a = column.value(x);
      const c = column.value(y);
      if (a === "" || c === "") return (a === "") - (c === ""); // no date: last either way
      const order = typeof a === "string" ? a.localeCompare(c) : a - c;
      return order * (sorted.ascending ? 1 : -1);
    });
    tbody.replaceChildren(...rows.map(boardRow));
    for (const th of headRow.children) {
      th.setAttribute("aria-sort", th.dataset.key === sorted.key ? (sorted.ascending ? "ascending" : "descending") : "none");
    }
  };
  for (const column of COLUMNS) {
    const button = el("button", { type: "button", textContent: column.label });
    button.addEventListener("click", () => {
      const again = sorted.key === column.key;
      // A second click reverses; a value column starts best first, the others A→Z.
      const first = column.key === "value" ? b.better === "lower" : true;
      sorted = { key: column.key, ascending: again ? !sorted.ascending : first };
      fill();
    });
    const th = el("th", { scope: "col" }, button);
    th.dataset.key = column.key;
    headRow.append(th);
  }
  table.append(el("thead", {}, headRow), tbody);
  fill();
  box.append(el("div", { className: "table-wrap" }, table));
  return box;
}

function boardRow(r) {
  const value = el("button", { type: "button", className: "chip value-chip", textContent: r.value });
  value.dataset.id = r.id;
  value.setAttribute("aria-label", `${r.value}: open ${r.id} at the text it comes from`);
  value.title = r.span;
  value.addEventListener("click", () => openEntry(r.id, r.span, r.source));
  const system = el("td", {}, r.system);
  if (!r.own) system.append(el("span", { className: "meta", textContent: " (as quoted)" }));
  const entry = el("td", {}, chip(r.id));
  entry.title = r.title;
  const tr = el("tr", {}, el("td", { textContent: String(r.rank) }), system, el("td", {}, value), entry);
  tr.append(el("td", { textContent: r.date || "–" }), el("td", { textContent: r.org || "–" }));
  tr.dataset.id = r.id;
  return tr;
}

// One colour and shape per group, so groups differ by more than colour.
function marker(group, x, y, size) {
  const shape = MARKERS[group % MARKERS.length];
  const fill = GROUP_COLOURS[group % GROUP_COLOURS.length];
  let node;
  if (shape === "circle") node = svg("circle", { cx: x, cy: y, r: size });
  else if (shape === "square") node = svg("rect", { x: x - size, y: y - size, width: 2 * size, height: 2 * size });
  else {
    const pts = shape === "triangle"
      ? [[x, y - size * 1.2], [x + size * 1.1, y + size * 0.8], [x - size * 1.1, y + size * 0.8]]
      : [[x, y - size * 1.3], [x + size * 1.3, y], [x, y + size * 1.3], [x - size * 1.3, y]];
    node = svg("polygon", { points: pts.map((p) => p.join(",")).join(" ") });
  }
  node.setAttribute("fill", fill);
  return node;
}

function monthIndex(date) {
  const m = MONTH_RE.exec(date || "");
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null;
}

function monthLabel(index) {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

function niceStep(span) {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= raw);
}

// Value against date, one colour per group. Only the first group's scale is drawn (scores and ratings do
// not share an axis); rows on another scale or without a month stay in the tables and are counted below.
function drawChart(b) {
  const box = $("board-chart-box");
  const scale = b.groups.length ? b.groups[0].scale : "score";
  const points = [];
  let left = 0;
  b.groups.forEach((g, gi) => {
    for (const r of g.rows) {
      const x = monthIndex(r.date);
      if (g.scale !== scale || x === null) left += 1;
      else points.push({ r, gi, x });
    }
  });
  if (!points.length) {
    box.hidden = true;
    return;
  }
  const { width, height, left: pl, right: pr, top: pt, bottom: pb } = CHART;
  let x0 = Math.min(...points.map((p) => p.x));
  let x1 = Math.max(...points.map((p) => p.x));
  [x0, x1] = x0 === x1 ? [x0 - 1, x1 + 1] : [x0 - 0.5, x1 + 0.5]; // no point on an axis
  const high = Math.max(...points.map((p) => p.r.number));
  const low = Math.min(0, ...points.map((p) => p.r.number));
  const step = niceStep(high - low || 1);
  const y1 = Math.ceil(high / step) * step || step;
  const y0 = Math.floor(low / step) * step;
  const px = (x) => pl + ((x - x0) / (x1 - x0)) * (width - pl - pr);
  const py = (y) => height - pb - ((y - y0) / (y1 - y0)) * (height - pt - pb);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", class: "chart" });
  chart.setAttribute("aria-label", `${b.name}: value against date, ${points.length} results`);
  for (let y = y0; y <= y1 + 1e-9; y += step) {
    chart.append(svg("line", { x1: pl, x2: width - pr, y1: py(y), y2: py(y), class: "grid" }));
    const label = svg("text", { x: pl - 6, y: py(y) + 4, "text-anchor": "end", class: "tick" });
    label.textContent = String(Math.round(y * 100) / 100);
    chart.append(label);
  }
  const months = x1 - x0;
  const every = Math.max(1, Math.ceil(months / 6));
  for (let x = Math.ceil(x0); x <= x1; x += every) {
    const label = svg("text", { x: px(x), y: height - pb + 18, "text-anchor": "middle", class: "tick" });
    label.textContent = monthLabel(x);
    chart.append(label, svg("line", { x1: px(x), x2: px(x), y1: height - pb, y2: height - pb + 5, class: "axis" }));
  }
  chart.append(svg("line", { x1: pl, x2: width - pr, y1: height - pb, y2: height - pb, class: "axis" }));
  chart.append(svg("line", { x1: pl, x2: pl, y1: pt, y2: height - pb, class: "axis" }));
  for (const { r, gi, x } of points) {
    const dot = marker(gi, px(x), py(r.number), 6);
    dot.setAttribute("class", "point");
    dot.setAttribute("tabindex", "0");
    dot.setAttribute("role", "button");
    const setting = b.groups[gi].setting || "no setting stated";
    dot.setAttribute("aria-label", `${r.system}: ${r.value} (${setting}, ${r.date}); open ${r.id}`);
    dot.dataset.id = r.id;
    const tip = svg("title");
    tip.textContent = `${r.system}: ${r.value}${r.setting ? ` (${r.setting})` : ""}, ${r.date}`;
    dot.append(tip);
    dot.addEventListener("click", () => openEntry(r.id, r.span, r.source));
    dot.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        openEntry(r.id, r.span, r.source);
      }
    });
    chart.append(dot);
  }
  $("board-chart").replaceChildren(chart);
  const caption = $("board-chart-caption");
  caption.replaceChildren(`${b.name}, value against date. `);
  const charted = [...new Set(points.map((p) => p.gi))];
  for (const gi of charted) {
    const key = svg("svg", { viewBox: "0 0 14 14", width: 14, height: 14, class: "legend-key", "aria-hidden": "true" });
    key.append(marker(gi, 7, 7, 5));
    caption.append(el("span", { className: "legend" }, key, ` ${b.groups[gi].setting || "no setting stated"}`), " ");
  }
  if (charted.some((gi) => b.groups[gi].mixed_units)) caption.append(" Some values are written with %, some without.");
  if (left) caption.append(` ${counted(left, "result")} undated or on another scale, in the tables only.`);
  box.hidden = false;
}

// -- timeline ---------------------------------------------------------------------------------------------
// The filters' choices, once: organisations, kinds and sections of the entries the timeline can show.
function setUpTimeline() {
  if (!timelineSetup) {
    timelineSetup = Promise.all([allEntries(), api("/timeline")])
      .then(([entries, months]) => {
        const shown = new Set(months.flatMap((m) => m.entries.map((e) => e.id)));
        const items = entries.filter((e) => shown.has(e.id));
        const distinct = (key) => [...new Set(items.map((e) => e[key]).filter(Boolean))];
        const any = () => el("option", { value: "", textContent: "any · 全部" });
        const options = (values) => values.map((v) => el("option", { value: v, textContent: v }));
        $("tl-orgs").replaceChildren(...distinct("org").sort().map((o) => el("option", { value: o })));
        $("tl-kind").replaceChildren(any(), ...options(distinct("kind").sort()));
        $("tl-section").replaceChildren(any(), ...options(distinct("section"))); // survey order
      })
      .catch((err) => {
        timelineSetup = null;
        throw err;
      });
  }
  return timelineSetup;
}

async function openTimeline() {
  try {
    await setUpTimeline();
  } catch (err) {
    say("tl-error", err.message);
    return;
  }
  await loadTimeline();
}

async function loadTimeline() {
  const params = new URLSearchParams();
  const filters = { org: "tl-org", kind: "tl-kind", section: "tl-section", from: "tl-from", to: "tl-to" };
  for (const [name, id] of Object.entries(filters)) {
    const value = $(id).value.trim();
    if (value) params.set(name, value);
  }
  const ticket = ++timelineTicket;
  let months;
  try {
    months = await api(`/timeline?${params}`);
  } catch (err) {
    if (ticket !== timelineTicket) return;
    say("tl-error", err.message);
    $("tl-list").replaceChildren();
    $("tl-count").textContent = "";
    return;
  }
  if (ticket !== timelineTicket) return; // a newer filter's answer is (or will be) shown
  say("tl-error", "");
  const blocks = months.map((m) => {
    const items = m.entries.map((e) => {
      const open = el("button", { type: "button", textContent: e.title });
      open.addEventListener("click", () => openEntry(e.id));
      const item = el("li", { className: "tl-entry" }, open, el("span", { className: "meta", textContent: ` ${[e.org, e.kind].filter(Boolean).join(" · ")}` }));
      item.dataset.id = e.id;
      return item;
    });
    const title = el("h3", { className: "month-title", textContent: m.month || "No date · 未注明日期" });
    return el("section", { className: "tl-month" }, title, el("ul", {}, ...items));
  });
  $("tl-list").replaceChildren(...blocks);
  const count = months.reduce((n, m) => n + m.entries.length, 0);
  $("tl-count").textContent = count
    ? `${counted(count, "entry", "entries")} in ${counted(months.length, "month")} · ${count} 条`
    : "No entries match these filters · 没有符合条件的条目";
}

document.addEventListener("DOMContentLoaded", () => {
  tabLoaders.boards = openBoards;
  tabLoaders.timeline = openTimeline;
  $("board-pick").addEventListener("change", (event) => showBoard(event.target.value));
  for (const id of ["tl-kind", "tl-section", "tl-from", "tl-to"]) $(id).addEventListener("change", loadTimeline);
  $("tl-org").addEventListener("input", () => {
    clearTimeout(orgTimer);
    orgTimer = setTimeout(loadTimeline, 250);
  });
  $("tl-org").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(orgTimer);
      loadTimeline();
    }
  });
});
