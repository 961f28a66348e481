// Small helpers shared by the pages: building DOM and SVG nodes, calling the JSON API.
//
// Text always goes in as text nodes (never as HTML), so nothing a server or a player
// writes can inject markup into a page.

const SVG_NS = "http://www.w3.org/2000/svg";

// Names in the player's language: the game's ids (spaces, pieces, cards) written by their
// names there, in every text a page builds with el() and svg() (the data behind it, the
// actions sent and data-* attributes keep the ids). Whole ids only, as the terminal's
// legatus.framework.engine.language.Names does. A text that must stay as written (a chat
// line) goes in as a text node.
export const LANGUAGE_KEY = "legatus-language";
let names = null;
let namePattern = null;

/** The language chosen on this browser (English unless another was chosen). */
export function chosenLanguage() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked) return asked;
  try {
    return window.localStorage.getItem(LANGUAGE_KEY) || "en";
  } catch (err) {
    return "en";
  }
}

/** Remember ``language`` for the pages of this browser. */
export function chooseLanguage(language) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch (err) {
    // a page without storage keeps the choice until it is closed
  }
}

/** Use ``dictionary`` (id -> name) from now on; null: show the ids. */
export function setNames(dictionary) {
  names = dictionary && Object.keys(dictionary).length ? dictionary : null;
  if (!names) {
    namePattern = null;
    return;
  }
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ids = Object.keys(names).sort((a, b) => b.length - a.length).map(escape);
  namePattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${ids.join("|")})(?![\\p{L}\\p{N}_])`, "gu");
}

/** ``text`` with every id that has a name in the chosen language written as that name. */
export function tr(text) {
  if (!namePattern || !text) return text;
  return String(text).replace(namePattern, (found) => names[found]);
}

/** The name of one id in the chosen language. */
export function nameOf(id) {
  return names && names[id] ? names[id] : id;
}

const NAMED_ATTRS = new Set(["title", "aria-label"]);

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      const text = value === true ? "" : String(value);
      node.setAttribute(key, NAMED_ATTRS.has(key) ? tr(text) : text);
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(tr(String(child))));
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

// The links this browser holds (the lobby lists their matches): kept in this browser only,
// each the holder's own; the server is asked about them and answers for each its match.
const LINKS_KEY = "legatus-links";
const MAX_LINKS = 100;

/** The tokens of the links this browser holds, the latest first. */
export function heldLinks() {
  try {
    const found = JSON.parse(window.localStorage.getItem(LINKS_KEY) || "[]");
    return Array.isArray(found) ? found.filter((t) => typeof t === "string") : [];
  } catch (err) {
    return [];
  }
}

/** Keep ``tokens`` (a page's own link, or the links a match's creator was given). */
export function rememberLinks(tokens) {
  const kept = [...tokens, ...heldLinks().filter((t) => !tokens.includes(t))].slice(0, MAX_LINKS);
  try {
    window.localStorage.setItem(LINKS_KEY, JSON.stringify(kept));
  } catch (err) {
    // a page without storage lists nothing in the lobby
  }
}

/** Forget ``tokens``: the lobby no longer lists their matches. */
export function forgetLinks(tokens) {
  try {
    window.localStorage.setItem(LINKS_KEY, JSON.stringify(heldLinks().filter((t) => !tokens.includes(t))));
  } catch (err) {
    // nothing kept, nothing to forget
  }
}

// "Your turn" as a browser notification: only when the player asked for it (the browser
// then asks its permission), and only while the page is not looked at.
const NOTIFY_KEY = "legatus-notify";

/** Whether the player asked to be notified (and the browser allows it). */
export function notifying() {
  try {
    return "Notification" in window && Notification.permission === "granted" && window.localStorage.getItem(NOTIFY_KEY) === "on";
  } catch (err) {
    return false;
  }
}

/** A button that turns the notifications on or off; ``changed`` is called after. */
export function notifyButton(changed = () => {}) {
  const button = el("button", { type: "button", id: "notify", class: "notify" });
  const show = () => {
    const on = notifying();
    button.textContent = on ? "Notifications on (turn off)" : "Notify me on my turn";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  button.addEventListener("click", async () => {
    if (!("Notification" in window)) {
      button.textContent = "this browser cannot notify";
      return;
    }
    if (notifying()) {
      window.localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      window.localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
      if (answer !== "granted") button.title = "the browser refused: allow notifications for this site in its settings";
    }
    show();
    changed();
  });
  show();
  return button;
}

/** Notify "your turn" (if asked for, and the page is not being looked at). */
export function notifyTurn(title, body, tag) {
  if (!notifying() || (!document.hidden && document.hasFocus())) return;
  try {
    const note = new Notification(title, { body, tag, icon: "/static/favicon.svg" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (err) {
    // a browser that shows notifications only from a service worker: the tab title says it
  }
}
