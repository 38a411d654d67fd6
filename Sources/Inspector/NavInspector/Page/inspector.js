// The inspector's page: the session's state, its actions, time travel and its screen, kept
// live by the server's events. Every request carries the cookie the first page set.
"use strict";

const api = (path, body) =>
  fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (response) => {
    const text = await response.text();
    let value = null;
    try { value = JSON.parse(text); } catch (_) { value = { error: { message: text } }; }
    if (!response.ok) throw new Error((value && value.error && value.error.message) || text);
    return value;
  });

const $ = (id) => document.getElementById(id);
// The state shown, its version, and the state of the version before it, which the marks of what
// changed are measured from.
let shownState = null;
let shownVersion = null;
let baseline;
let busy = false;
let again = false;

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

// The state as a tree of <details>, the paths that changed since the last one marked.
function tree(value, previous, path) {
  const changed = JSON.stringify(value) !== JSON.stringify(previous);
  if (value !== null && typeof value === "object") {
    const details = document.createElement("details");
    details.open = path.split("/").length < 4;
    details.dataset.path = path;
    const summary = document.createElement("summary");
    const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
    summary.textContent = (path.split("/").pop() || "state") +
      (Array.isArray(value) ? ` [${keys.length}]` : ` {${keys.length}}`);
    if (changed && previous !== undefined) summary.classList.add("changed");
    details.appendChild(summary);
    for (const key of keys) {
      const before = previous && typeof previous === "object" ? previous[key] : undefined;
      details.appendChild(tree(value[key], before, `${path}/${key}`));
    }
    return details;
  }
  const leaf = document.createElement("div");
  leaf.className = "leaf";
  leaf.dataset.path = path;
  leaf.textContent = `${path.split("/").pop()}: ${JSON.stringify(value)}`;
  if (changed && previous !== undefined) leaf.classList.add("changed");
  return leaf;
}

function renderState(state, version) {
  if (version !== shownVersion) {
    baseline = shownState === null ? undefined : shownState;
    shownVersion = version;
  }
  shownState = state;
  $("state").replaceChildren(tree(state, baseline, ""));
}

// The action log, virtualized: only the rows in view exist, so a history of 100,000 entries
// scrolls as one of ten. Row i is the entry with sequence `oldest + i`; entries are fetched a
// page at a time as they come into view, and full pages are kept (entries never change).
const ROW = 20;
const PAGE = 200;
const log = { oldest: 0, newest: -1, pages: new Map(), pending: new Set(), version: 0,
  following: true };

function logCount() { return log.newest < log.oldest ? 0 : log.newest - log.oldest + 1; }

async function loadPage(page) {
  if (log.pages.has(page) || log.pending.has(page)) return;
  log.pending.add(page);
  try {
    const after = log.oldest + page * PAGE - 1;
    const history = await api(`/api/history?after=${after}&limit=${PAGE}`);
    const entries = history.entries || [];
    if (entries.length === PAGE) log.pages.set(page, entries);
    else log.partial = { page, entries };
    drawLog();
  } catch (error) {
    showError(error);
  } finally {
    log.pending.delete(page);
  }
}

function entryAt(index) {
  const page = Math.floor(index / PAGE);
  const entries = log.pages.get(page) ||
    (log.partial && log.partial.page === page ? log.partial.entries : null);
  if (!entries) { loadPage(page); return null; }
  return entries[index - page * PAGE] || null;
}

function drawLog() {
  const view = $("log");
  const count = logCount();
  $("log-spacer").style.height = `${count * ROW}px`;
  const first = Math.max(0, Math.floor(view.scrollTop / ROW) - 10);
  const last = Math.min(count, Math.ceil((view.scrollTop + view.clientHeight) / ROW) + 10);
  const rows = $("log-rows");
  rows.replaceChildren();
  for (let index = first; index < last; index++) {
    const entry = entryAt(index);
    const item = document.createElement("li");
    item.style.top = `${index * ROW}px`;
    if (!entry) { item.textContent = "…"; rows.appendChild(item); continue; }
    item.dataset.version = entry.version;
    item.dataset.sequence = entry.sequence;
    if (entry.version === log.version) item.classList.add("current");
    const origin = document.createElement("span");
    origin.className = "origin";
    origin.textContent = `v${entry.version} ${entry.origin}`;
    item.appendChild(origin);
    item.appendChild(document.createTextNode(
      entry.origin === "jump" ? `jump to v${entry.jump}` : JSON.stringify(entry.action)));
    item.title = `${(entry.patch || []).length} change(s)`;
    item.addEventListener("click", () => jump(entry.version));
    rows.appendChild(item);
  }
}

// Learns the history's ends, keeps the view at the newest entry while it follows, and draws.
async function renderLog(version) {
  const [newest, oldest] = await Promise.all([
    api("/api/history?limit=1"), api("/api/history?after=0&limit=1"),
  ]);
  const last = (newest.entries || [])[0];
  const first = (oldest.entries || [])[0];
  if (first && first.sequence !== log.oldest) { log.pages.clear(); log.oldest = first.sequence; }
  log.newest = last ? last.sequence : log.oldest - 1;
  log.partial = null;
  log.version = version;
  $("log-count").textContent = `${logCount()} entries`;
  const view = $("log");
  drawLog();
  if (log.following) view.scrollTop = view.scrollHeight;
  const slider = $("slider");
  slider.min = String(newest.first !== undefined ? newest.first : 0);
  slider.max = String(version);
  slider.value = String(version);
  $("slider-label").textContent = `v${version}`;
}

function control(node) {
  switch (node.kind) {
    case "button": case "toggle": case "link": case "navigationLink": {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = node.label || "(no label)";
      button.disabled = node.enabled === false;
      button.addEventListener("click", () => act("/api/tap", { label: node.label }));
      return button;
    }
    case "textField": case "secureField": {
      const field = document.createElement("input");
      field.placeholder = node.label || "";
      field.value = node.value || "";
      field.setAttribute("aria-label", node.label || "field");
      field.addEventListener("change", () =>
        act("/api/type", { field: node.label, text: field.value }));
      return field;
    }
    default: {
      const span = document.createElement("div");
      span.textContent = [node.label, node.value].filter((x) => x !== undefined && x !== null)
        .join(": ");
      return span;
    }
  }
}

// The controls and texts of a screen's nodes, containers (forms, sections, stacks) flattened
// under their labels.
function nodes(list, into) {
  for (const node of list || []) {
    if (node.children) {
      if (node.label) {
        const heading = document.createElement("div");
        heading.className = "group";
        heading.textContent = node.label;
        into.appendChild(heading);
      }
      nodes(node.children, into);
    } else {
      into.appendChild(control(node));
    }
  }
}

const presentations = new Set(["sheet", "fullScreenCover", "popover", "alert",
  "confirmationDialog"]);

function renderScreen(result) {
  const front = result.screen && result.screen.frontmost;
  const root = $("screen");
  root.replaceChildren();
  if (!front) { root.textContent = "(this feature has no view)"; return; }
  const title = document.createElement("div");
  title.className = "title";
  title.textContent = front.title || front.name || "";
  root.appendChild(title);
  root.classList.toggle("sheet", presentations.has(front.kind));
  root.dataset.kind = front.kind || "";
  nodes(front.nodes, root);
  $("trail").textContent = (result.screen.trail || []).join(" › ");
}

// Fetches what the page shows; a burst of events while a refresh runs ends in one more refresh.
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const [session, state, screen] = await Promise.all([
        api("/api/session"), api("/api/state"),
        api("/api/screen").catch(() => ({ screen: null })),
      ]);
      $("session").textContent = `${session.name} (${session.feature})`;
      $("version").textContent = `version ${session.version}`;
      $("version").dataset.version = String(session.version);
      renderState(state, session.version);
      await renderLog(session.version);
      renderScreen(screen);
      document.body.dataset.readOnly = String(session.readOnly);
    } while (again);
  } catch (error) {
    showError(error);
  } finally {
    busy = false;
  }
}

async function act(path, body) {
  showError(null);
  try { await api(path, body); } catch (error) { showError(error); }
  refresh();
}

function jump(version) { act("/api/jump", { version: Number(version) }); }

$("back").addEventListener("click", () => act("/api/back", {}));
$("log").addEventListener("scroll", () => {
  const view = $("log");
  log.following = view.scrollTop + view.clientHeight >= view.scrollHeight - ROW;
  requestAnimationFrame(drawLog);
});
$("slider").addEventListener("change", (event) => jump(event.target.value));

const events = new EventSource("/api/events");
events.addEventListener("open", () => { $("status").textContent = "live"; $("status").className = "status live"; });
events.addEventListener("version", refresh);
events.addEventListener("navigation", refresh);
events.addEventListener("gone", () => {
  $("status").textContent = "navd went away"; $("status").className = "status gone"; events.close();
});
refresh();
