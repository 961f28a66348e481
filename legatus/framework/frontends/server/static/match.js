// A match page: one seat's board, its decisions, log and chat, kept live over a WebSocket.
//
// Everything shown comes from the messages the server sends this link: the seat's view
// (built by the server from what its sides may see), the questions asked of it with their
// legal actions, the chat. The page only offers the legal actions; the server judges them.

import { battleBoard } from "./battle.js";
import { Board } from "./board.js";
import { click, label, offer } from "./choices.js";
import { api, el, notifyButton, notifyTurn, pageToken, rememberLinks, sideInfo, words } from "./common.js";
import { languageSelect } from "./language.js";
import { cards, facts, logItems, panels, resultText, tray } from "./views.js";

const token = pageToken();
const $ = (id) => document.getElementById(id);

let drawing = null;
let board = null;
let socket = null;
let view = null;
let log = [];
let selection = [];
let pending = false;
let thinking = [];
let failure = "";
let stopped = false;
let retry = 500;
let myTurn = false;
let turnRevision = -1;
let rematchUrl = null;
let clocksAt = 0;
let leaving = false;

function showMessage(text, kind = "error") {
  const box = $("message");
  box.replaceChildren(el("span", {}, text), el("button", { class: "dismiss", "aria-label": "dismiss", onclick: () => { box.hidden = true; } }, "×"));
  box.className = kind;
  box.hidden = false;
}

function clearMessage() {
  $("message").hidden = true;
}

function fatal(text) {
  stopped = true;
  document.body.replaceChildren(
    el("main", { class: "fatal" }, el("h1", {}, "Legatus"), el("p", { id: "message", role: "alert", class: "error" }, text), el("p", {}, el("a", { href: "/" }, "Go to the lobby"))),
  );
}

function name(side) {
  return sideInfo(drawing, side).name;
}

// The largest message the server reads (app.MAX_MESSAGE, in characters).
const MAX_MESSAGE = 16 * 1024;

function send(message) {
  const text = JSON.stringify(message);
  if (text.length > MAX_MESSAGE) showMessage(`too long to send: a message has at most ${MAX_MESSAGE} characters`);
  else if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
  else showMessage("not connected: wait a moment and try again");
}

// Why the server closed the connection, for the codes a page should explain.
const CLOSED = {
  1009: "the server closed the connection: a message was too large (at most 16 KiB); reconnecting…",
  4000: "this page fell behind the match and was disconnected; reconnecting…",
};

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/${token}`);
  $("connection").textContent = "connecting…";
  socket.onopen = () => {
    $("connection").textContent = "";
    retry = 500;
  };
  socket.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (err) {
      showMessage("the server sent something unreadable");
      return;
    }
    handle(message);
  };
  socket.onclose = (event) => {
    if (stopped) return;
    if (CLOSED[event.code]) showMessage(CLOSED[event.code]);
    $("connection").textContent = "connection lost: reconnecting…";
    pending = false;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function handle(message) {
  switch (message.type) {
    case "view":
      onView(message);
      break;
    case "status":
      thinking = message.thinking;
      failure = message.failure;
      renderStatus();
      break;
    case "error":
      pending = false;
      if (message.fatal) fatal(message.message);
      else {
        showMessage(message.message);
        if (view) render();
      }
      break;
    case "chat":
      for (const line of message.lines) addChat(line);
      break;
    case "handover":
      onHandover(message);
      break;
    case "rematch":
      rematchUrl = message.url;
      rememberLinks([rematchUrl.split("/").pop()]);
      if (view) renderTools();
      break;
    case "closing":
      $("connection").textContent = "the server is stopping…";
      break;
    default:
      break;
  }
}

function onView(message) {
  log = message.log_reset ? message.log : log.concat(message.log);
  const before = view;
  view = message;
  thinking = message.thinking;
  failure = message.failure;
  pending = false;
  clocksAt = performance.now();
  const samePrompt = before && before.prompts.length && view.prompts.length && before.prompts[0].text === view.prompts[0].text && before.revision === view.revision;
  if (!samePrompt) selection = [];
  $("handover").hidden = true;
  $("layout").hidden = false;
  render();
}

function onHandover(message) {
  // Nothing of the seat that was at the screen may stay on it.
  view = null;
  log = [];
  selection = [];
  board.render({ pieces: { known: {}, hidden: [] }, sides: [] }, new Map(), []);
  for (const id of ["prompt", "hand", "panels", "log", "tray", "battle-slot", "status", "who", "tools"]) $(id).replaceChildren();
  $("layout").hidden = true;
  const who = message.sides.map(name).join(", ");
  $("handover-text").textContent = `Hand the screen to ${who}.`;
  $("handover-button").textContent = `I am ${who}: show my view`;
  // The move just made may be taken back before the screen is handed over (a hot seat's
  // players share the screen, and its undo takes back the last person's move).
  $("handover-undo").hidden = !message.can_undo;
  $("handover").hidden = false;
}

function currentPrompt() {
  return view && view.prompts.length ? view.prompts[0] : null;
}

function pick(value) {
  const prompt = currentPrompt();
  if (!prompt || pending) return;
  clearMessage();
  const result = click(prompt.actions, selection, value);
  selection = result.selection;
  if (result.action) choose(result.action);
  else render();
}

function choose(action) {
  const prompt = currentPrompt();
  pending = true;
  send({ type: "act", action: action.text, revision: view.revision, side: prompt.side });
  render();
}

// "Your turn" in the tab's title, and as a notification (if asked for) when a new question
// comes (not the same one again, after a refused answer).
function showTurn() {
  const asked = Boolean(view && !view.result && !pending && view.prompts.length && (view.role === "seat" || view.role === "hot-seat"));
  if (!view) document.title = "Legatus — match";
  else if (view.result) document.title = `Game over — ${view.title}`;
  else document.title = asked ? `▶ Your turn — ${view.title}` : `${view.title} — Legatus`;
  if (asked && !myTurn && view.revision > turnRevision) notifyTurn(`Your turn — ${view.title}`, view.prompts[0].text, `turn-${view.match}`);
  if (asked) turnRevision = view.revision;
  myTurn = asked;
}

function render() {
  if (!view) return;
  showTurn();
  if ((view.role === "seat" || view.role === "hot-seat") && !$("notify")) $("notify-box").replaceChildren(notifyButton());
  const prompt = currentPrompt();
  const offered = prompt && !pending ? offer(prompt.actions, selection) : { targets: new Map(), buttons: [] };
  board.render(view, offered.targets, selection, log);
  renderHeader();
  renderStatus();
  renderClocks();
  renderPrompt(prompt, offered);
  renderTray(offered.targets);
  renderBattle(offered.targets);
  renderHand();
  renderPanels();
  renderLog();
  renderTools();
}

function renderHeader() {
  $("title").textContent = view.title;
  const who = $("who");
  if (view.role === "seat" || (view.role === "hot-seat" && view.seat)) {
    const sides = view.sides.map((s) => sideInfo(drawing, s));
    who.replaceChildren("You play ", ...sides.map((s) => el("b", { class: "side", style: `--side:${s.colour}` }, s.name)));
  } else if (view.role === "host") {
    who.replaceChildren(view.refereed ? "Host, referee (watching: public view; every view in the replay)" : "Host (watching: public view)");
  } else {
    who.replaceChildren("Spectator (public view)");
  }
  $("facts").replaceChildren(...terms(view), ...facts(view));
}

// How the match was made, as every seat is told: refereed or not, and the seed if known.
function terms(view) {
  const chips = [];
  if (view.refereed) {
    chips.push(el("span", { class: "chip referee", id: "refereed", title: "Created as refereed: the host link sees every side's hidden facts and may download the save during play." }, "Refereed: the host sees every side"));
  }
  if (view.seed !== null && view.seed !== undefined) {
    const how = view.seed_fixed ? "fixed by the match's creator" : "drawn by the server";
    chips.push(el("span", { class: "chip", id: "seed", title: `The seed, ${how}: the deal and every die follow from it.` }, el("small", {}, "seed"), ` ${view.seed}`));
  }
  return chips;
}

function renderStatus() {
  const box = $("status");
  if (!view) return;
  const parts = [];
  if (view.result) {
    parts.push(el("span", { class: "result", id: "result" }, resultText(view, drawing)));
  } else if (thinking.length) {
    parts.push(el("span", { class: "thinking", id: "thinking" }, el("span", { class: "spinner" }), `${thinking.map(name).join(", ")} thinking…`));
  } else if (view.waiting.length) {
    const others = view.waiting.filter((w) => !view.sides.includes(w.side));
    if (others.length) parts.push(el("span", { class: "waiting" }, `Waiting for ${others.map((w) => name(w.side)).join(", ")} (${words(others[0].kind)})`));
  }
  if (failure) parts.push(el("span", { class: "failure" }, failure));
  if (view.notice) parts.push(el("span", { class: "notice", id: "notice" }, view.notice));
  box.replaceChildren(...parts);
}

// The seats' clocks (a time control): each seat's time left, the running ones ticking.
function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

function renderClocks() {
  const box = $("clocks");
  if (!box) return; // the page was closed (a fatal message replaced it)
  if (!view || !view.clocks) {
    box.replaceChildren();
    return;
  }
  const gone = (performance.now() - clocksAt) / 1000;
  const items = Object.entries(view.clocks).map(([seat, clock]) => {
    const entry = view.seats.find((s) => s.seat === seat);
    const who = entry ? entry.sides.map(name).join(", ") : seat;
    const left = clock.running && !view.result ? clock.left - gone : clock.left;
    const low = left < 10 ? " low" : "";
    return el("span", { class: `clock${clock.running && !view.result ? " running" : ""}${low}`, dataset: { seat }, title: `${who}: time left (${view.clock.per === "game" ? "for the game" : "for this decision"}; at zero ${view.clock.at_zero === "lose" ? "the game is lost for the seat's team" : "the computer takes over"})` }, `${who} ${clockText(left)}`);
  });
  box.replaceChildren(...items);
}

function renderPrompt(prompt, offered) {
  const box = $("prompt");
  if (!prompt) {
    box.replaceChildren();
    box.classList.remove("active");
    return;
  }
  box.classList.add("active");
  // The list of every choice stays open across a new drawing of the same question (the
  // other side acting, a clock, a message): closing it under the reader's pointer lost clicks.
  const open = box.dataset.asked === prompt.text && !!box.querySelector("details.all-choices[open]");
  box.dataset.asked = prompt.text;
  const items = [el("h2", {}, prompt.text)];
  if (pending) items.push(el("p", { class: "pending" }, "Sending…"));
  if (selection.length) {
    items.push(el("p", { class: "selection" }, "Chosen: ", el("b", {}, selection.join(" → ")), " ", el("button", { class: "cancel", onclick: () => { selection = []; render(); } }, "Cancel")));
  }
  if (offered.targets.size) {
    items.push(el("p", { class: "hint" }, selection.length ? "Click a highlighted place to go to, or a button." : "Click a highlighted piece or place on the board."));
  }
  if (offered.buttons.length) {
    items.push(el("div", { class: "buttons" }, ...offered.buttons.map((action) => el("button", { class: "choice", dataset: { action: action.text }, onclick: () => choose(action) }, label(action, selection, view.parts.cards)))));
  }
  if (!selection.length && !pending) {
    const all = el("details", { class: "all-choices" }, el("summary", {}, `All ${prompt.actions.length} choices`));
    all.open = open;
    const list = el("div", { class: "buttons" });
    for (const action of prompt.actions) list.append(el("button", { class: "choice", dataset: { action: action.text }, onclick: () => choose(action) }, action.text));
    all.append(list);
    items.push(all);
  }
  box.replaceChildren(...items);
}

function renderTray(targets) {
  $("tray").replaceChildren(...tray(view, drawing, board.positions, targets, selection, pick));
}

function renderBattle(targets) {
  const node = battleBoard(view, drawing, targets, selection, pick);
  $("battle-slot").replaceChildren(...(node ? [node] : []));
}

function renderHand() {
  $("hand").replaceChildren(...cards(view, drawing));
}

function renderPanels() {
  $("panels").replaceChildren(...panels(view));
}

function renderLog() {
  const list = $("log");
  list.replaceChildren(...logItems(log));
  list.scrollTop = list.scrollHeight;
}

function renderTools() {
  const tools = [];
  if (view.role === "seat" || view.role === "hot-seat") {
    const title = view.role === "hot-seat" ? "Take back the last move made at this screen" : "Take back your last move";
    tools.push(el("button", { id: "undo", title, disabled: !view.can_undo || pending, onclick: () => { clearMessage(); send({ type: "undo" }); } }, "Undo"));
  }
  tools.push(el("a", { href: `/r/${token}`, target: "_blank", id: "replay-link" }, "Replay"));
  const mine = view.seats.find((s) => s.seat === view.seat);
  if (view.role === "seat" && view.takeover && !view.result && mine && mine.player === "human") {
    tools.push(el("button", { id: "leave", onclick: () => {
      if (!leaving) {
        leaving = true;
        renderTools();
        return;
      }
      leaving = false;
      send({ type: "leave" });
    } }, leaving ? `Sure? The computer (${view.takeover}) plays on for you` : "Leave the match"));
  }
  if (view.role === "seat" && !view.result && mine && mine.player !== "human" && mine.taken_over) {
    // The computer plays this seat since its player left, ran out of time or was away.
    tools.push(el("button", { id: "take-back", class: "take-back", title: `The computer (${mine.player}) plays your seat now: take it back and play from your next decision`, onclick: () => { clearMessage(); send({ type: "take_back" }); } }, "Take my seat back"));
  }
  if (rematchUrl) {
    tools.push(el("a", { href: rematchUrl, id: "rematch-link", class: "rematch" }, "Play the rematch (sides swapped)"));
  } else if (view.result && view.role !== "spectator") {
    tools.push(el("button", { id: "rematch", onclick: () => { clearMessage(); send({ type: "rematch" }); } }, "Rematch, sides swapped"));
  }
  if ((view.role === "host" && view.refereed) || view.result) {
    tools.push(el("a", { href: `/api/save/${token}`, download: `${view.game}-${view.match}.json`, id: "save-link" }, "Download save"));
  }
  $("tools").replaceChildren(...tools);
}

function addChat(line) {
  const list = $("chat");
  // A player's words stay as written (no id in them is renamed).
  list.append(el("li", {}, el("b", {}, line.seat ? name(line.seat) : "?"), ": ", document.createTextNode(line.text)));
  list.scrollTop = list.scrollHeight;
}

function setup() {
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-input");
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
  });
  $("handover-button").addEventListener("click", () => send({ type: "ready" }));
  $("handover-undo").addEventListener("click", () => { clearMessage(); send({ type: "undo" }); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selection.length) {
      selection = [];
      render();
    }
  });
}

async function start() {
  setup();
  setInterval(renderClocks, 250);
  try {
    drawing = await api(`/api/board/${token}`);
  } catch (err) {
    fatal(err.message);
    return;
  }
  rememberLinks([token]); // the lobby of this browser lists this match from now on
  $("language-box").replaceChildren(...languageSelect(drawing, () => {
    // The map's labels are drawn once: drawn again in the language chosen.
    board = new Board($("board"), drawing, pick);
    if (view) render();
  }));
  board = new Board($("board"), drawing, pick);
  connect();
}

// For tests and the curious: send a raw message as this page (the server judges it).
window.legatusPage = {
  sendRaw: (text) => socket && socket.send(text),
  focus: (x, y, width) => board && board.focus(x, y, width),
};

start();
