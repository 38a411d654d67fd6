// The inspector's page, its shared part: the API, the session shown, and the page's messages.
// The other scripts draw one part each (state-tree.js, action-log.js, screen.js, tools.js) and
// main.js keeps them live. Every request carries the cookie the first page set.
"use strict";

const $ = (id) => document.getElementById(id);

// What every part reads: the session shown (from the URL's #session=, else the inspector's own),
// whether the inspector is read-only, and whether the view is paused.
const inspector = {
  session: new URLSearchParams(location.hash.slice(1)).get("session") || "",
  readOnly: false,
  paused: false,
  version: null,
};

// `path` with the session shown added to its query.
function withSession(path, session) {
  const name = session === undefined ? inspector.session : session;
  if (!name) return path;
  return path + (path.includes("?") ? "&" : "?") + "session=" + encodeURIComponent(name);
}

// GETs `path` (no body) or POSTs `body` as JSON; resolves to the JSON answer, rejects with the
// server's message.
function api(path, body) {
  return fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (response) => {
    const text = await response.text();
    let value = null;
    try { value = JSON.parse(text); } catch (_) { value = { error: { message: text } }; }
    if (!response.ok) throw new Error((value && value.error && value.error.message) || text);
    return value;
  });
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }
function notice(text) { $("notice").textContent = text || ""; }
