// Keeps the page live: fetches what it shows on each event of the session shown (a burst of
// events while a refresh runs ends in one more refresh), and wires the controls.
"use strict";

let busy = false;
let again = false;
let events = null;

// A session's events refresh the page at most this often (ms): a burst of a thousand actions a
// second costs the session ten refreshes a second, and the last one always shows the newest
// version.
const REFRESH_INTERVAL = 100;
let lastRefresh = 0;
let pending = null;

function scheduleRefresh() {
  if (pending !== null) return;
  const wait = Math.max(0, lastRefresh + REFRESH_INTERVAL - performance.now());
  pending = setTimeout(() => { pending = null; refresh(); }, wait);
}

async function refresh() {
  if (inspector.paused) return;
  if (busy) { again = true; return; }
  busy = true;
  lastRefresh = performance.now();
  try {
    do {
      again = false;
      const [session, state, screen] = await Promise.all([
        api(withSession("/api/session")), api(withSession("/api/state")),
        api(withSession("/api/screen")).catch(() => ({ screen: null })),
      ]);
      if (!inspector.session) {
        inspector.session = session.name;
        $("sessions").value = session.name;
      }
      inspector.readOnly = session.readOnly;
      inspector.version = session.version;
      document.body.dataset.readOnly = String(session.readOnly);
      $("record").hidden = $("record-style").hidden = !session.recording;
      $("graph-open").hidden = !session.graph;
      $("session").textContent = `${session.name} (${session.feature})`;
      $("version").textContent = `version ${session.version}`;
      $("version").dataset.version = String(session.version);
      $("export").href = withSession("/api/export");
      renderLock(session);
      renderState(state, session.version);
      await renderLog(session.version);
      $("trail").textContent = renderScreen(screen, $("screen"), act).join(" › ");
      if (scratch.session) await renderScratch();
    } while (again);
    // When the page first showed the session whole: what scripts/bench-inspector reads.
    if (inspector.readyAt === undefined) inspector.readyAt = performance.now();
  } catch (error) {
    showError(error);
  } finally {
    busy = false;
  }
}

// Does what a control asks, on the session shown, then refreshes.
async function act(path, body) {
  showError(null);
  try { await api(path, withSessionBody(body)); } catch (error) { showError(error); }
  refresh();
}

function jump(version) { act("/api/jump", { version: Number(version) }); }

// Shows another session: its events, its history, its actions.
function showSession(name) {
  inspector.session = name;
  location.hash = "session=" + encodeURIComponent(name);
  resetLog();
  stateView.state = null;
  stateView.version = null;
  follow();
  loadActionCases();
  renderSessions().catch(showError);
  refresh();
}

function follow() {
  if (events) events.close();
  events = new EventSource(withSession("/api/events"));
  events.addEventListener("open", () => {
    $("status").textContent = "live";
    $("status").className = "status live";
  });
  events.addEventListener("version", scheduleRefresh);
  events.addEventListener("gone", () => {
    $("status").textContent = "navd went away";
    $("status").className = "status gone";
    events.close();
  });
}

$("back").addEventListener("click", () => act("/api/back", {}));
$("log").addEventListener("scroll", () => {
  const view = $("log");
  log.following = view.scrollTop + view.clientHeight >= view.scrollHeight - ROW;
  requestAnimationFrame(drawLog);
});
$("slider").addEventListener("change", (event) => jump(event.target.value));
$("filter").addEventListener("input", (event) => filterLog(event.target.value));
$("sessions").addEventListener("change", (event) => showSession(event.target.value));
$("lock").addEventListener("click", toggleLock);
$("pause").addEventListener("click", togglePause);
$("dispatch").addEventListener("submit", dispatchAction);
$("dispatch-action").addEventListener("input", describePayload);
$("skip").addEventListener("click", skipSelected);
$("jump").addEventListener("click", () => { if (log.selected) jump(log.selected.version); });
$("scratch-close").addEventListener("click", closeScratch);
$("import").addEventListener("click", () => $("import-file").click());
$("import-file").addEventListener("change", (event) => {
  if (event.target.files[0]) importFile(event.target.files[0]);
  event.target.value = "";
});
$("record").addEventListener("click", toggleRecord);
$("graph-open").addEventListener("click", openGraph);
$("graph-close").addEventListener("click", () => $("graph-dialog").close());

// A page left (or kept in the back-forward cache) lets go of its event stream: a browser keeps
// six connections to one host, and each page's stream holds one of them.
window.addEventListener("pagehide", () => { if (events) { events.close(); events = null; } });
window.addEventListener("pageshow", (event) => { if (event.persisted) { follow(); refresh(); } });

follow();
loadActionCases();
loadClientNames();
renderSessions().catch(showError);
refresh();
