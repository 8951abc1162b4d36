// surveyqa web page: one request per question, answers rendered with [id] citation chips.
"use strict";

const $ = (id) => document.getElementById(id);
const MARKER = /\[([a-z0-9]+(?:-[a-z0-9]+)*)\]/g;
const entryCache = new Map();

// Render timings for the browser test and curious users: [{responseMs, renderMs}].
window.surveyqaTimings = [];

function headers(extra = {}) {
  const key = sessionStorage.getItem("surveyqa-key");
  return key ? { ...extra, Authorization: `Bearer ${key}` } : extra;
}

async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { ...options, headers: headers(options.headers || {}) });
  } catch (err) {
    throw new Error("Cannot reach the surveyqa server. Is `surveyqa serve` running?");
  }
  let body = null;
  try {
    body = await response.json();
  } catch (err) {
    body = null;
  }
  if (!response.ok) {
    if (response.status === 401) {
      $("key-box").hidden = false;
    }
    const message = body && body.error ? body.error : `The server answered HTTP ${response.status}.`;
    throw new Error(message);
  }
  return body;
}

function chip(id) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "chip";
  button.textContent = id;
  button.dataset.id = id;
  button.setAttribute("aria-label", `Open entry ${id}`);
  button.addEventListener("click", () => openEntry(id));
  return button;
}

// Text with [id] markers → text nodes and chips (never innerHTML: answers are untrusted text).
function withChips(target, text) {
  target.replaceChildren();
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    target.append(document.createTextNode(text.slice(last, match.index)));
    target.append(chip(match[1]));
    last = match.index + match[0].length;
  }
  target.append(document.createTextNode(text.slice(last)));
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

function setBusy(busy) {
  $("busy").hidden = !busy;
  $("ask").disabled = busy;
  $("ask-form").setAttribute("aria-busy", String(busy));
}

const STRUCTURED = new Set(["list", "count", "ranking", "timeline"]);

// List, count, ranking and timeline answers: the lead line, then one table row per entry (from `items`),
// then any closing note ("these results are not all comparable").
function renderStructured(reply) {
  const lines = reply.answer.split("\n");
  withChips($("answer"), lines[0]);
  const table = $("items");
  const ranking = reply.kind === "ranking";
  const head = ["#", "Entry", "Date", ...(ranking ? ["Value", "Setting"] : []), "What the survey says"];
  const thead = document.createElement("thead");
  thead.append(rowOf(head.map((h) => Object.assign(document.createElement("th"), { textContent: h, scope: "col" }))));
  const tbody = document.createElement("tbody");
  reply.items.forEach((item, n) => {
    const entry = document.createElement("td");
    entry.append(chip(item.id), " ", document.createTextNode(item.title));
    const cells = [cell(String(n + 1)), entry, cell(item.date || "–")];
    if (ranking) cells.push(cell(item.value || "–"), cell(item.setting || ""));
    cells.push(cell(item.snippet));
    tbody.append(rowOf(cells));
  });
  table.replaceChildren(thead, tbody);
  table.dataset.kind = reply.kind;
  table.hidden = false;
  const tail = lines.slice(1).filter((l) => !l.startsWith("- ") && !/[:：]$/.test(l));
  const after = $("answer-tail");
  if (tail.length) withChips(after, tail.join("\n"));
  after.hidden = !tail.length;
}

function cell(text) {
  return Object.assign(document.createElement("td"), { textContent: text });
}

function rowOf(cells) {
  const tr = document.createElement("tr");
  tr.append(...cells);
  return tr;
}

function render(reply) {
  const structured = STRUCTURED.has(reply.kind) && reply.items && reply.items.length > 0 && !reply.abstained;
  if (structured) {
    renderStructured(reply);
  } else {
    withChips($("answer"), reply.answer);
    $("items").hidden = true;
    $("answer-tail").hidden = true;
  }
  const note = $("abstained");
  if (reply.abstained) {
    const what = reply.kind === "not_stated" ? "The survey covers this but does not state it." : "Not covered by the survey.";
    note.replaceChildren(document.createTextNode(`${what} Nearest entries: `));
    for (const r of reply.retrieved.slice(0, 5)) note.append(chip(r.id));
  }
  note.hidden = !reply.abstained;
  $("notes").replaceChildren(
    ...(reply.notes || []).map((n) => Object.assign(document.createElement("p"), { textContent: n })),
  );
  const list = $("sources");
  list.replaceChildren();
  for (const c of reply.citations) {
    const item = document.createElement("li");
    item.append(chip(c.id), " ");
    if (c.url) {
      const link = Object.assign(document.createElement("a"), { href: c.url, textContent: c.title });
      link.rel = "noopener noreferrer";
      link.target = "_blank";
      item.append(link);
    } else {
      item.append(document.createTextNode(c.title));
    }
    list.append(item);
  }
  $("sources-box").hidden = reply.citations.length === 0;
  $("result").hidden = false;
}

async function ask(event) {
  event.preventDefault();
  const question = $("question").value.trim();
  if (!question) {
    showError("Please type a question first.");
    $("question").focus();
    return;
  }
  const keyInput = $("api-key");
  if (keyInput.value) sessionStorage.setItem("surveyqa-key", keyInput.value);
  const mode = document.querySelector('input[name="mode"]:checked');
  showError("");
  setBusy(true);
  const started = performance.now();
  const chosen = $("mode").hidden ? "extractive" : mode.value;
  try {
    const reply =
      chosen === "llm"
        ? await askStreamed({ question, mode: chosen, stream: true })
        : await api("/ask", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ question, mode: chosen }),
          });
    const responseAt = performance.now();
    render(reply);
    // Measure after the browser has laid the answer out, not just after the DOM calls.
    requestAnimationFrame(() => {
      window.surveyqaTimings.push({ responseMs: responseAt - started, renderMs: performance.now() - responseAt });
    });
  } catch (err) {
    $("result").hidden = true;
    showError(err.message);
  } finally {
    $("draft-box").hidden = true;
    setBusy(false);
  }
}

// LLM mode: /ask with "stream": true answers as server-sent events. The model's words are shown as they
// arrive, marked as a draft; the final `answer` event replaces them with the validated answer, which may
// have dropped sentences the draft showed.
async function askStreamed(body) {
  let response;
  try {
    response = await fetch("/ask", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Error("Cannot reach the surveyqa server. Is `surveyqa serve` running?");
  }
  if (!response.ok || !(response.headers.get("content-type") || "").startsWith("text/event-stream")) {
    let error = null;
    try {
      error = await response.json();
    } catch (err) {
      error = null;
    }
    if (response.status === 401) $("key-box").hidden = false;
    throw new Error(error && error.error ? error.error : `The server answered HTTP ${response.status}.`);
  }
  const draft = $("draft");
  draft.textContent = "";
  $("result").hidden = true;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = (block.match(/^event: (.*)$/m) || [])[1] || "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      const payload = JSON.parse(data);
      if (event === "token") {
        draft.textContent += payload.text;
        $("draft-box").hidden = false;
      } else if (event === "answer") {
        reader.cancel();
        return payload;
      } else if (event === "error") {
        reader.cancel();
        throw new Error(payload.error || "The answer failed.");
      }
    }
  }
  throw new Error("The server closed the answer stream before the answer was complete.");
}

async function getEntry(id) {
  if (!entryCache.has(id)) entryCache.set(id, await api(`/entries/${encodeURIComponent(id)}`));
  return entryCache.get(id);
}

// Text with one verbatim stretch marked (a leaderboard value's span); plain text if it is not there.
function withMark(target, text, span) {
  const at = span ? text.indexOf(span) : -1;
  if (at < 0) {
    target.textContent = text;
    return null;
  }
  const mark = Object.assign(document.createElement("mark"), { textContent: span });
  target.replaceChildren(document.createTextNode(text.slice(0, at)), mark, document.createTextNode(text.slice(at + span.length)));
  return mark;
}

// Open an entry; with `span`, that stretch of its survey line (or of its abstract) is highlighted.
async function openEntry(id, span = null, source = "summary") {
  const dialog = $("entry-dialog");
  try {
    const e = await getEntry(id);
    $("entry-title").textContent = e.title;
    $("entry-meta").textContent = [e.id, e.org, e.date, e.kind, e.section].filter(Boolean).join(" · ");
    const inAbstract = source === "abstract";
    const inSummary = withMark($("entry-summary"), e.summary, inAbstract ? null : span);
    const marked = withMark($("entry-abstract"), e.abstract || "", inAbstract ? span : null) || inSummary;
    const links = $("entry-links");
    links.replaceChildren();
    for (const url of e.urls) {
      const label = e.arxiv_id && url.includes(e.arxiv_id) ? `arXiv ${e.arxiv_id}` : url;
      const a = Object.assign(document.createElement("a"), { href: url, textContent: label });
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      links.append(a, " ");
    }
    $("entry-abstract-box").hidden = !e.abstract;
    $("entry-abstract-box").open = Boolean(inAbstract && marked);
    if (!dialog.open) dialog.showModal();
    if (marked) marked.scrollIntoView({ block: "nearest" });
  } catch (err) {
    // Said where the user is: the open tab's alert line (the Ask panel's is hidden on other tabs).
    const box = document.querySelector('[role="tabpanel"]:not([hidden]) [role="alert"]') || $("error");
    box.textContent = err.message;
    box.hidden = false;
  }
}

// Tabs: each may have a loader, run when it is opened (views.js adds the leaderboard and timeline ones).
const TABS = ["ask", "boards", "timeline", "browse"];
const tabLoaders = { browse: () => loadEntries() };

function selectTab(which) {
  for (const name of TABS) {
    const on = name === which;
    $(`tab-${name}`).setAttribute("aria-selected", String(on));
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
    $(`${name}-panel`).hidden = !on;
  }
  if (tabLoaders[which]) tabLoaders[which]();
}

// GET /entries once for the page (the entry browser and the timeline's filter choices); retried after a failure.
let entriesRequest = null;
function allEntries() {
  if (!entriesRequest) {
    entriesRequest = api("/entries").catch((err) => {
      entriesRequest = null;
      throw err;
    });
  }
  return entriesRequest;
}

// The entry list, built once; a second click while it loads waits for the same build.
let entryListing = null;
function loadEntries() {
  if (!entryListing) entryListing = listEntries();
  return entryListing;
}

async function listEntries() {
  const list = $("entry-list");
  try {
    const entries = await allEntries();
    let section = null;
    for (const e of entries) {
      const name = e.section || "Overview";
      if (name !== section) {
        section = name;
        list.append(Object.assign(document.createElement("h3"), { className: "section-title", textContent: name }));
      }
      const row = document.createElement("div");
      row.className = "entry-row";
      row.dataset.search = `${e.id} ${e.title} ${e.org} ${e.date} ${e.kind}`.toLowerCase();
      const open = Object.assign(document.createElement("button"), { type: "button", textContent: e.title });
      open.addEventListener("click", () => openEntry(e.id));
      const meta = Object.assign(document.createElement("span"), { className: "meta" });
      meta.textContent = [e.org, e.date].filter(Boolean).join(" · ");
      row.append(open, meta);
      list.append(row);
    }
    filterEntries();
  } catch (err) {
    list.textContent = err.message;
    entryListing = null; // tried again on the next visit
  }
}

function filterEntries() {
  const needle = $("filter").value.trim().toLowerCase();
  let shown = 0;
  for (const row of document.querySelectorAll(".entry-row")) {
    const match = !needle || row.dataset.search.includes(needle);
    row.hidden = !match;
    shown += match;
  }
  for (const title of document.querySelectorAll(".section-title")) {
    let next = title.nextElementSibling;
    let any = false;
    while (next && next.classList.contains("entry-row")) {
      any = any || !next.hidden;
      next = next.nextElementSibling;
    }
    title.hidden = !any;
  }
  $("entry-count").textContent = `${shown} entr${shown === 1 ? "y" : "ies"}`;
}

document.addEventListener("DOMContentLoaded", () => {
  $("ask-form").addEventListener("submit", ask);
  $("question").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      $("ask-form").requestSubmit();
    }
  });
  TABS.forEach((name, i) => {
    const tab = $(`tab-${name}`);
    tab.addEventListener("click", () => selectTab(name));
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = TABS[(i + step + TABS.length) % TABS.length];
      selectTab(next);
      $(`tab-${next}`).focus();
    });
  });
  $("filter").addEventListener("input", filterEntries);
  // The mode switch appears only when the server reports an LLM is configured.
  api("/healthz")
    .then((health) => {
      $("mode").hidden = !health.llm;
    })
    .catch(() => {});
  $("question").focus();
});
