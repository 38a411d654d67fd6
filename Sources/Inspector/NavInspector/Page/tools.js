// The debugging tools: the session picker, lock, pause, dispatch with completion, skip (the
// session replayed without an action, beside it), export, import, and recording a spec.
"use strict";

// Lists the sessions in the picker; the one shown is selected.
async function renderSessions() {
  const list = await api("/api/sessions");
  const picker = $("sessions");
  const names = list.map((s) => s.name);
  if (picker.dataset.names !== names.join("\n")) {
    picker.replaceChildren(...list.map((s) => {
      const option = document.createElement("option");
      option.value = s.name;
      option.textContent = `${s.name} (${s.feature})`;
      return option;
    }));
    picker.dataset.names = names.join("\n");
  }
  picker.value = inspector.session;
}

// Lock: this inspector holds the session; other clients' changes are refused.
function renderLock(session) {
  const button = $("lock");
  const mine = Boolean(session.lockedHere);
  button.setAttribute("aria-pressed", String(mine));
  button.textContent = mine ? "Unlock" : "Lock";
  button.disabled = Boolean(session.lockedBy) && !mine;
  button.title = session.lockedBy && !mine
    ? `Locked by client ${session.lockedBy.client}${session.lockedBy.name ? ` (${session.lockedBy.name})` : ""}`
    : "Refuse other clients' changes while you debug";
  document.body.dataset.locked = session.lockedBy ? (mine ? "here" : "elsewhere") : "no";
}

async function toggleLock() {
  const locked = $("lock").getAttribute("aria-pressed") !== "true";
  await act("/api/lock", { locked });
}

// Pause: the page stops following the session (its view freezes); the session goes on, and
// its history keeps every entry. Resuming catches up at once.
function togglePause() {
  inspector.paused = !inspector.paused;
  $("pause").setAttribute("aria-pressed", String(inspector.paused));
  $("pause").textContent = inspector.paused ? "Resume" : "Pause";
  document.body.dataset.paused = String(inspector.paused);
  if (inspector.paused) notice(`Paused at version ${inspector.version}: the session goes on.`);
  else { notice(""); refresh(); }
}

// The feature's action paths, for the dispatch box's completion.
const dispatchCases = new Map();

async function loadActionCases() {
  try {
    const found = await api(withSession("/api/actions"));
    dispatchCases.clear();
    const options = [];
    for (const action of found.actions || []) {
      dispatchCases.set(action.path, action.payload);
      const option = document.createElement("option");
      option.value = action.path;
      if (action.payload) option.label = action.payload;
      options.push(option);
    }
    $("action-cases").replaceChildren(...options);
  } catch (error) {
    showError(error);
  }
}

function describePayload() {
  const path = $("dispatch-action").value.trim();
  const takes = dispatchCases.get(path);
  $("dispatch-takes").textContent = !dispatchCases.has(path) ? ""
    : takes ? `takes ${takes}` : "takes no payload";
}

// Sends the action path with its payload: JSON when it reads as JSON, else the text as a string.
async function dispatchAction(event) {
  event.preventDefault();
  const action = $("dispatch-action").value.trim();
  if (!action) return;
  const text = $("dispatch-args").value;
  const body = { action };
  if (text.trim() !== "") {
    let payload;
    try { payload = JSON.parse(text); } catch (_) { payload = text; }
    body.args = Array.isArray(payload) ? payload : [payload];
  }
  await act("/api/send", withSessionBody(body));
}

function withSessionBody(body) {
  return inspector.session ? Object.assign({ session: inspector.session }, body) : body;
}

// Skip: the session replayed without the selected entry, into a scratch session shown beside.
const scratch = { session: null, of: null, skipped: null, title: "" };

async function skipSelected() {
  if (!log.selected) return;
  showError(null);
  try {
    const made = await api("/api/skip", withSessionBody({ sequence: log.selected.sequence }));
    Object.assign(scratch, { session: made.session, of: made.of, skipped: made.skipped,
      title: `Without #${made.skipped} (${made.session})` });
    $("scratch-pane").hidden = false;
    document.body.dataset.scratch = "open";
    await renderScratch();
  } catch (error) {
    showError(error);
  }
}

// The scratch session's state, marked where it differs from the live one, and its screen.
async function renderScratch() {
  if (!scratch.session) return;
  const [state, screen] = await Promise.all([
    api(withSession("/api/state", scratch.session)),
    api(withSession("/api/screen", scratch.session)).catch(() => ({ screen: null })),
  ]);
  $("scratch-title").textContent = scratch.title;
  $("scratch-state").replaceChildren(stateTree(state, stateView.state, ""));
  renderScreen(screen, $("scratch-screen"), null);
}

async function closeScratch() {
  if (scratch.session) {
    try { await api("/api/close", { name: scratch.session }); } catch (_) { /* already gone */ }
  }
  scratch.session = null;
  $("scratch-pane").hidden = true;
  document.body.dataset.scratch = "closed";
}

// Import: a session exported elsewhere, opened here as a new session with its history restored.
async function importFile(file) {
  showError(null);
  try {
    const document = JSON.parse(await file.text());
    const base = (file.name || "imported").replace(/\.navd\.json$|\.json$/, "");
    const name = `${base}-${Date.now().toString(36)}`;
    await api("/api/import", { name, document });
    showSession(name);
  } catch (error) {
    showError(error);
  }
}

// Record: from the version shown now to the version when Stop is pressed, as a spec.
const recording = { from: null };

function toggleRecord() {
  const button = $("record");
  if (recording.from === null) {
    recording.from = inspector.version;
    button.textContent = "■ Stop";
    button.setAttribute("aria-pressed", "true");
    notice(`Recording from version ${recording.from}: use the app, then Stop.`);
    return;
  }
  const style = $("record-style").value;
  const link = document.createElement("a");
  link.href = withSession(`/api/record?from=${recording.from}&style=${style}`);
  link.download = "";
  document.body.appendChild(link);
  link.click();
  link.remove();
  recording.from = null;
  button.textContent = "● Record";
  button.setAttribute("aria-pressed", "false");
  notice("");
}
