// The explorer's screen graph of the session's feature: drawn once by the host (a walk takes
// seconds), shown as SVG; a click on a screen replays the shortest route to it in a scratch
// session shown beside the live one.
"use strict";

// The SVG made safe to put in the page: no script, no foreign content, no event attributes,
// no links away.
function safeSVG(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = parsed.documentElement;
  if (!svg || svg.nodeName !== "svg") throw new Error("the graph is not SVG");
  for (const element of svg.querySelectorAll("script, foreignObject, iframe")) element.remove();
  for (const element of [svg, ...svg.querySelectorAll("*")]) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on") || ((name === "href" || name === "xlink:href")
          && !attribute.value.startsWith("#"))) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return document.importNode(svg, true);
}

async function openGraph() {
  showError(null);
  const dialog = $("graph-dialog");
  $("graph-summary").textContent = "Walking the feature's screens…";
  $("graph").replaceChildren();
  if (!dialog.open) dialog.showModal();
  try {
    const drawn = await api(withSession("/api/graph"));
    $("graph-summary").textContent =
      `${drawn.feature}: ${drawn.summary}. Click a screen to reach it in a scratch session.`;
    const svg = safeSVG(drawn.svg);
    const titles = new Map((drawn.routes || []).map((route) => [route.node, route]));
    for (const node of svg.querySelectorAll("g.node")) {
      const id = (node.querySelector("title") || {}).textContent;
      const route = titles.get(id);
      if (!route) continue;
      node.dataset.node = id;
      node.classList.add("reachable");
      node.addEventListener("click", () => reachPlace(id, route));
    }
    $("graph").replaceChildren(svg);
  } catch (error) {
    $("graph-summary").textContent = "";
    showError(error);
    dialog.close();
  }
}

async function reachPlace(node, route) {
  showError(null);
  try {
    const reached = await api("/api/reach", withSessionBody({ node }));
    $("graph-dialog").close();
    Object.assign(scratch, { session: reached.session, of: inspector.session, skipped: null,
      title: `Reached ${route.title} (${node}) in ${reached.steps} step${reached.steps === 1 ? "" : "s"}` });
    $("scratch-pane").hidden = false;
    document.body.dataset.scratch = "open";
    await renderScratch();
  } catch (error) {
    showError(error);
  }
}
