// The state as a collapsible tree: each object and array a <details>, each leaf a line; the
// paths that differ from `previous` are marked `.changed`.
"use strict";

function stateTree(value, previous, path) {
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
      details.appendChild(stateTree(value[key], before, `${path}/${key}`));
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

// The state shown and the state of the version before it, which the marks are measured from.
const stateView = { state: null, version: null, baseline: undefined };

function renderState(state, version) {
  if (version !== stateView.version) {
    stateView.baseline = stateView.state === null ? undefined : stateView.state;
    stateView.version = version;
  }
  stateView.state = state;
  $("state").replaceChildren(stateTree(state, stateView.baseline, ""));
}

// A JSON Patch as lines a person reads: `+ /path = value`, `- /path`, `~ /path = value`.
function readablePatch(patch) {
  if (!patch || patch.length === 0) return "(no change)";
  const signs = { add: "+", remove: "-", replace: "~", move: ">", copy: "=", test: "?" };
  return patch.map((op) => {
    const value = "value" in op ? ` = ${JSON.stringify(op.value)}` : "";
    const from = "from" in op ? ` from ${op.from}` : "";
    return `${signs[op.op] || op.op} ${op.path || "/"}${from}${value}`;
  }).join("\n");
}
