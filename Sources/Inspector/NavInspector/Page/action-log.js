// The action log, virtualized: only the rows in view exist, so a history of 100,000 entries
// scrolls as one of ten. Unfiltered, row i is the entry with sequence `oldest + i`, fetched a
// page at a time as it comes into view (full pages are kept: entries never change). Filtered,
// the rows are the matches the server found, fetched as the view nears their end.
"use strict";

const ROW = 20;
const PAGE = 200;
const log = {
  oldest: 0, newest: -1, pages: new Map(), pending: new Set(), partial: null, version: 0,
  following: true, selected: null, filter: "",
  matches: [], scanned: 0, exhausted: false, searching: null, clients: new Map(),
};

function logCount() {
  if (log.filter) return log.matches.length;
  return log.newest < log.oldest ? 0 : log.newest - log.oldest + 1;
}

async function loadPage(page) {
  if (log.pages.has(page) || log.pending.has(page)) return;
  log.pending.add(page);
  try {
    const after = log.oldest + page * PAGE - 1;
    const history = await api(withSession(`/api/history?after=${after}&limit=${PAGE}`));
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

// The next matches of the filter, after the last entry the server scanned.
async function loadMatches() {
  // One search at a time for a filter; a search for a filter since changed is dropped.
  if (log.searching === log.filter || log.exhausted || !log.filter) return;
  log.searching = log.filter;
  const filter = log.filter;
  try {
    const found = await api(withSession(
      `/api/history?filter=${encodeURIComponent(filter)}&after=${log.scanned}&limit=${PAGE}`));
    if (filter !== log.filter) return;
    log.matches.push(...(found.entries || []));
    log.exhausted = (found.entries || []).length < PAGE;
    log.scanned = found.scanned;
    $("log-count").textContent = `${log.matches.length} matching entr${log.matches.length === 1 ? "y" : "ies"}` +
      (log.exhausted ? "" : " so far");
    drawLog();
  } catch (error) {
    showError(error);
  } finally {
    if (log.searching === filter) log.searching = null;
  }
}

function entryAt(index) {
  if (log.filter) {
    if (index >= log.matches.length - 10) loadMatches();
    return log.matches[index] || null;
  }
  const page = Math.floor(index / PAGE);
  const entries = log.pages.get(page) ||
    (log.partial && log.partial.page === page ? log.partial.entries : null);
  if (!entries) { loadPage(page); return null; }
  return entries[index - page * PAGE] || null;
}

// Who an entry came from: a client (by name when it has one), the session's effects, a
// script's own send, or a jump.
function originOf(entry) {
  if (entry.origin === "send") {
    if (entry.client === undefined) return "script";
    const name = log.clients.get(entry.client);
    return name ? `client ${entry.client} (${name})` : `client ${entry.client}`;
  }
  return entry.origin;
}

function actionText(entry) {
  return entry.origin === "jump" ? `jump to v${entry.jump}` : JSON.stringify(entry.action);
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
    item.dataset.origin = entry.origin;
    if (entry.version === log.version) item.classList.add("current");
    if (log.selected && log.selected.sequence === entry.sequence) item.classList.add("selected");
    const origin = document.createElement("span");
    origin.className = "origin";
    origin.textContent = `v${entry.version} ${originOf(entry)}`;
    item.appendChild(origin);
    item.appendChild(document.createTextNode(actionText(entry)));
    item.title = readablePatch(entry.patch);
    // A click reads an entry (its diff, and what can be done with it); a double click jumps,
    // as the entry's Jump button does.
    item.addEventListener("click", () => select(entry));
    item.addEventListener("dblclick", () => { if (!inspector.readOnly) jump(entry.version); });
    rows.appendChild(item);
  }
}

// Shows an entry's action and its change as a readable diff, with what can be done with it.
function select(entry) {
  log.selected = entry;
  $("entry").hidden = false;
  $("entry-title").textContent =
    `#${entry.sequence} · v${entry.version} · ${originOf(entry)} · ${actionText(entry)}`;
  $("entry-diff").textContent = readablePatch(entry.patch);
  $("skip").disabled = entry.origin === "effect";
  $("skip").title = entry.origin === "effect"
    ? "An effect sends this again in a replay: skip the action that started it"
    : "Replay the session without this action, beside it";
  drawLog();
}

// Learns the history's ends, keeps the view at the newest entry while it follows, and draws.
async function renderLog(version) {
  const [newest, oldest] = await Promise.all([
    api(withSession("/api/history?limit=1")), api(withSession("/api/history?after=0&limit=1")),
  ]);
  const last = (newest.entries || [])[0];
  const first = (oldest.entries || [])[0];
  if (first && first.sequence !== log.oldest) { log.pages.clear(); log.oldest = first.sequence; }
  log.newest = last ? last.sequence : log.oldest - 1;
  log.partial = null;
  log.version = version;
  if (log.filter) {
    // New entries may match: look again from where the last search ended.
    log.exhausted = false;
    loadMatches();
  } else {
    $("log-count").textContent = `${logCount()} entries`;
  }
  const view = $("log");
  drawLog();
  if (log.following) view.scrollTop = view.scrollHeight;
  const slider = $("slider");
  slider.min = String(newest.first !== undefined ? newest.first : 0);
  slider.max = String(version);
  slider.value = String(version);
  $("slider-label").textContent = `v${version}`;
}

// Shows only the entries that contain `text` (or all of them, when it is empty).
function filterLog(text) {
  log.filter = text.trim();
  log.matches = [];
  log.scanned = 0;
  log.exhausted = false;
  $("log").scrollTop = 0;
  if (log.filter) loadMatches();
  else $("log-count").textContent = `${logCount()} entries`;
  drawLog();
}

// Forgets what was fetched: another session is shown.
function resetLog() {
  Object.assign(log, { oldest: 0, newest: -1, pages: new Map(), partial: null, selected: null,
    matches: [], scanned: 0, exhausted: false, following: true });
  $("entry").hidden = true;
}

// The names clients gave themselves, for the origin column.
async function loadClientNames() {
  try {
    for (const client of await api("/api/clients")) {
      if (client.name) log.clients.set(client.id, client.name);
    }
  } catch (_) { /* names are a nicety */ }
}
