// Small helpers shared by the pages: building DOM and SVG nodes, calling the JSON API.
//
// Text always goes in as text nodes (never as HTML), so nothing a server or a player
// writes can inject markup into a page.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", onclick: f}, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, as el(). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Call the JSON API; a refusal becomes an Error carrying the server's one-line reason. */
export async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new Error("the server cannot be reached: is legatus serve running?");
  }
  let body = null;
  try {
    body = await response.json();
  } catch (err) {
    body = null;
  }
  if (!response.ok) {
    throw new Error((body && body.error) || `the server answered ${response.status}`);
  }
  return body;
}

/** A decision kind or action kind as words: "end_moves" -> "end moves". */
export function words(kind) {
  return String(kind).replaceAll("_", " ");
}

/** The link's token: the last part of the page's path. */
export function pageToken() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  return parts[parts.length - 1] || "";
}

/** The side's name and colour from the board drawing. */
export function sideInfo(drawing, side) {
  const found = (drawing.sides || []).find((s) => s.id === side);
  return found || { id: side, name: side || "everyone", colour: "#777" };
}
