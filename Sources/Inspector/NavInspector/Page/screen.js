// The app's screens, drawn from HeadlessUI's navigation tree: every screen from the root to the
// frontmost one, the frontmost whole and usable (buttons tap, fields type, toggles toggle), the
// ones behind it as their titles; a pushed screen over the one below, a sheet or an alert over
// what presents it.
"use strict";

// A control of the frontmost screen; `use` sends what using it does (tap, type).
function control(node, use) {
  switch (node.kind) {
    case "button": case "toggle": case "link": case "navigationLink": case "menu": case "option": {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "changes";
      button.textContent = node.label || "(no label)";
      if (node.kind === "toggle") {
        button.setAttribute("role", "switch");
        button.setAttribute("aria-checked", String(node.value === "on" || node.value === "true"));
        if (node.value !== undefined) button.textContent += ` (${node.value})`;
      }
      button.disabled = !use || node.enabled === false;
      if (use) button.addEventListener("click", () => use("/api/tap", { label: node.label }));
      return button;
    }
    case "textField": case "secureField": case "textEditor": {
      const field = document.createElement("input");
      field.className = "changes";
      field.placeholder = node.label || "";
      field.value = node.value || "";
      field.type = node.kind === "secureField" ? "password" : "text";
      field.disabled = !use || node.enabled === false;
      field.setAttribute("aria-label", node.label || "field");
      if (use) {
        field.addEventListener("change", () =>
          use("/api/type", { field: node.label, text: field.value }));
      }
      return field;
    }
    default: {
      const span = document.createElement("div");
      span.className = "text";
      span.textContent = [node.label, node.value].filter((x) => x !== undefined && x !== null && x !== "")
        .join(": ");
      return span;
    }
  }
}

// The controls and texts of a screen's nodes, containers (forms, sections, stacks) flattened
// under their labels.
function screenNodes(list, into, use) {
  for (const node of list || []) {
    if (node.children) {
      if (node.label) {
        const heading = document.createElement("div");
        heading.className = "group";
        heading.textContent = node.label;
        into.appendChild(heading);
      }
      screenNodes(node.children, into, use);
    } else {
      into.appendChild(control(node, use));
    }
  }
}

// The screens from the root to the frontmost one, following pushed screens and presentations.
function screenChain(root) {
  const chain = [];
  let screen = root;
  while (screen) {
    chain.push(screen);
    if (screen.is_frontmost) break;
    const stack = screen.stack || [];
    const pushed = stack.findIndex(containsFrontmost);
    // The stack's screens below the one that leads on show behind it, as a stack does.
    if (pushed > 0) chain.push(...stack.slice(0, pushed));
    const next = [...(screen.presented || []), ...stack]
      .filter((child) => containsFrontmost(child));
    screen = next[0];
  }
  return chain;
}

function containsFrontmost(screen) {
  if (!screen) return false;
  if (screen.is_frontmost) return true;
  return [...(screen.presented || []), ...(screen.stack || [])].some(containsFrontmost);
}

// Draws `result` (screen.get's answer) into `root`; `use` acts on the frontmost screen, or is
// null for a screen shown but not used (a scratch session's).
function renderScreen(result, root, use) {
  root.replaceChildren();
  const tree = result && result.screen;
  if (!tree || !tree.frontmost) {
    root.textContent = "(this feature has no view)";
    return [];
  }
  for (const screen of screenChain(tree)) {
    const card = document.createElement("div");
    card.className = `card ${screen.kind}` + (screen.is_frontmost ? " frontmost" : " behind");
    card.dataset.kind = screen.kind;
    const title = document.createElement("div");
    title.className = "title";
    title.textContent = screen.title || screen.name || "";
    card.appendChild(title);
    // Screens behind the frontmost one show their title only, as a stack's edge does.
    if (screen.is_frontmost) screenNodes(screen.nodes, card, use);
    root.appendChild(card);
  }
  // What a screen lays over its stack (a toolbar, a `safeAreaInset`) stays usable over it.
  const overlaid = tree.overlay || [];
  if (overlaid.length > 0) {
    const card = document.createElement("div");
    card.className = "card overlay";
    screenNodes(overlaid, card, use);
    root.appendChild(card);
  }
  root.dataset.kind = tree.frontmost.kind || "";
  return tree.trail || [];
}
