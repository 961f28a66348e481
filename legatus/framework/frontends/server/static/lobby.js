// The lobby: the matches of the links this browser holds, with their seats and whose turn it
// is (kept up to date; "your turn" in the tab's title and, if asked for, as a notification);
// create a match (game, scenario, options, variant, seed, who plays each seat, hot seat, or a
// save to continue), get its links; upload a save file to replay.

import { api, chooseLanguage, chosenLanguage, el, forgetLinks, heldLinks, notifyButton, notifyTurn, rememberLinks, words } from "./common.js";
import { languageName } from "./language.js";

const $ = (id) => document.getElementById(id);
let catalog = { games: [], players: [] };

function showMessage(text, kind = "error") {
  const box = $("message");
  box.replaceChildren(el("span", {}, text));
  box.className = kind;
  box.hidden = false;
}

function game() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function fillGame() {
  const chosen = game();
  if (!chosen) return;
  $("scenario").replaceChildren(...chosen.scenarios.map((s) => el("option", { value: s.id, selected: s.default }, `${s.title} (${s.id})`)));
  $("variant").replaceChildren(el("option", { value: "" }, "none (the rules as published)"), ...chosen.variants.map((v) => el("option", { value: v }, words(v))));
  const languages = chosen.languages || ["en"];
  const language = languages.includes(chosenLanguage()) ? chosenLanguage() : "en";
  $("language").replaceChildren(...languages.map((code) => el("option", { value: code, selected: code === language }, languageName(code))));
  fillScenario();
}

function scenario() {
  const chosen = game();
  return chosen.scenarios.find((s) => s.id === $("scenario").value) || chosen.scenarios[0];
}

function sideName(id) {
  const side = game().sides.find((s) => s.id === id);
  return side ? side.name : id;
}

// The scenario's options and its seats: each seat (one player) with the sides it plays.
function fillScenario() {
  const chosen = scenario();
  const boxes = chosen.options.map((o) => el("label", {}, el("input", { type: "checkbox", value: o.id, class: "option" }), ` ${o.title} `));
  $("options").replaceChildren(...(boxes.length ? boxes : [el("span", { class: "hint" }, "none")]));
  const seats = chosen.seats.map((seat, index) => {
    const select = el("select", { id: `player-${seat.id}`, dataset: { seat: seat.id }, "aria-label": `player of ${seat.name}` },
      ...catalog.players.map((p) => el("option", { value: p, selected: index === 0 ? p === "human" : p === "random" }, p)));
    const extra = el("input", { type: "text", id: `player-options-${seat.id}`, placeholder: "options, e.g. iterations=50", "aria-label": `options of ${seat.name}'s player`, size: 22 });
    const plays = seat.sides.length > 1 || seat.sides[0] !== seat.id || seat.name !== sideName(seat.sides[0])
      ? el("span", { class: "hint" }, ` plays ${seat.sides.map(sideName).join(", ")}`) : "";
    return el("div", { class: "seat-row", dataset: { seat: seat.id } }, el("b", {}, seat.name), plays, " ", select, " ", extra);
  });
  $("seats").replaceChildren(...seats);
}

async function readFile(input) {
  const file = input.files && input.files[0];
  return file ? await file.text() : "";
}

async function create(event) {
  event.preventDefault();
  $("message").hidden = true;
  const chosen = game();
  const players = {};
  for (const seat of scenario().seats) {
    const player = $(`player-${seat.id}`).value;
    const options = $(`player-options-${seat.id}`).value.trim();
    players[seat.id] = options && player !== "human" ? `${player}:${options}` : player;
  }
  const request = {
    game: chosen.name,
    scenario: $("scenario").value,
    options: [...document.querySelectorAll(".option:checked")].map((b) => b.value),
    variant: $("variant").value,
    variant_text: await readFile($("variant-file")),
    seed: $("seed").value,
    players,
    hot_seat: $("hot-seat").checked,
    refereed: $("refereed").checked,
    position: await readFile($("position")),
  };
  if ($("clock-per").value) {
    request.clock = { seconds: Math.round(Number($("clock-minutes").value) * 60), per: $("clock-per").value, at_zero: $("clock-at-zero").value };
  }
  if ($("takeover").value) request.takeover = $("takeover").value;
  $("create-button").disabled = true;
  try {
    const answer = await api("/api/matches", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
    showLinks({ ...answer, seats: request.position ? [] : scenario().seats });
  } catch (err) {
    showMessage(err.message);
  } finally {
    $("create-button").disabled = false;
  }
}

function describe(link, answer) {
  const seat = answer.seats.find((s) => s.id === link.seat);
  if (link.role === "seat") return `${seat ? seat.name : link.seat}'s seat`;
  if (link.role === "hot-seat") return "Hot seat: every human seat, on one screen";
  if (link.role === "host") {
    return answer.refereed
      ? "Host, referee (every side's view and the save during play; every seat is told)"
      : "Host (the public view; the save once the game is over)";
  }
  return "Spectators (public view only)";
}

function showLinks(answer) {
  rememberLinks(answer.links.map((link) => link.url.split("/").pop()));
  refresh();
  const items = answer.links.map((link) => {
    const url = new URL(link.url, window.location.href).href;
    return el("li", { dataset: { role: link.role, seat: link.seat } }, el("b", {}, describe(link, answer)), ": ",
      el("a", { href: url, target: "_blank", class: "match-link" }, "open"), " ",
      el("code", {}, url), " ",
      el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, "copy"));
  });
  $("links").replaceChildren(...items);
  $("terms").textContent = [
    answer.refereed ? "This match is refereed: its host sees every side, and every seat is told so." : "",
    answer.seed_fixed ? "You fixed the seed: every seat is told its value." : "The seed was drawn by the server; it stays secret until the game is over.",
  ].filter(Boolean).join(" ");
  $("created").hidden = false;
  $("created").scrollIntoView();
}

async function upload(event) {
  event.preventDefault();
  const file = $("upload-file").files[0];
  if (!file) {
    showMessage("choose a save file to upload");
    return;
  }
  try {
    const answer = await api("/api/replays", { method: "POST", body: file });
    window.location.href = answer.url;
  } catch (err) {
    showMessage(err.message);
  }
}

async function onPosition() {
  // A save names its game: choose it, so the seats are the right ones.
  try {
    const text = await readFile($("position"));
    const data = JSON.parse(text);
    if (data && catalog.games.some((g) => g.name === data.game)) {
      $("game").value = data.game;
      fillGame();
      if (game().scenarios.some((s) => s.id === data.scenario)) {
        $("scenario").value = data.scenario;
        fillScenario();
      }
    }
  } catch (err) {
    // the server says what is wrong with the file when the match is created
  }
}

// -- the list of your matches ---------------------------------------------------------------
// Every 4 s (milliseconds); the browser tests set window.legatusLobbyRefresh before the page's
// scripts run, to see the list change without waiting 4 s each time.
const REFRESH = Number(window.legatusLobbyRefresh) > 0 ? Number(window.legatusLobbyRefresh) : 4000;
let turns = new Set();
let refreshing = null;

const ROLE_WORDS = { host: "Host", spectator: "Watch", "hot-seat": "Hot seat" };

function linkLabel(entry) {
  if (entry.role === "seat") {
    const seat = entry.seats.find((s) => s.seat === entry.seat);
    return `Play ${seat ? seat.name : entry.seat}`;
  }
  return ROLE_WORDS[entry.role] || entry.role;
}

function stateText(entry) {
  if (entry.state === "over") {
    const winner = entry.result && entry.result.winner;
    const wins = (entry.wins && entry.wins[winner]) || `${entry.sides[winner] || winner} wins`;
    return `Game over: ${winner ? wins : "a draw"}`;
  }
  if (entry.state === "open") return "Open: waiting for players to join";
  if (entry.state === "expired") return "Expired";
  return `Running, ${entry.moves} move${entry.moves === 1 ? "" : "s"}`;
}

function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  // Words, not a clock symbol: a browser without an emoji font draws that as a box.
  return `${minutes}:${String(whole % 60).padStart(2, "0")} left`;
}

function seatItem(seat) {
  const player = seat.player === "human" ? "" : ` (computer: ${seat.player})`;
  const marks = [];
  if (seat.turn) marks.push(el("span", { class: "chip turn" }, "to play"));
  if (seat.player === "human" && !seat.joined) marks.push(el("span", { class: "chip" }, "not joined yet"));
  if (seat.online) marks.push(el("span", { class: "chip online", title: "a page of this seat is open" }, "here"));
  if (seat.taken_over) marks.push(el("span", { class: "chip" }, "taken over"));
  if (seat.out) marks.push(el("span", { class: "chip" }, "out on time"));
  if (seat.clock) marks.push(el("span", { class: `chip clock${seat.clock.running ? " running" : ""}`, title: "time left" }, clockText(seat.clock.left)));
  return el("li", { class: "seat", dataset: { seat: seat.seat, turn: seat.turn ? "yes" : "no" } }, el("b", {}, seat.name), player, " ", ...marks);
}

function matchCard(entries) {
  const first = entries[0];
  const mine = entries.some((e) => e.your_turn);
  const links = entries.map((e) => el("a", { href: `/m/${e.token}`, class: `match-link${e.your_turn ? " your-turn" : ""}`, target: "_blank", dataset: { role: e.role, seat: e.seat } }, linkLabel(e), e.your_turn ? " — your turn" : ""));
  const rematch = entries.find((e) => e.rematch);
  if (rematch) links.push(el("a", { href: rematch.rematch, class: "rematch-link", target: "_blank" }, "Rematch (sides swapped)"));
  const forget = el("button", { type: "button", class: "forget", onclick: () => { forgetLinks(entries.map((e) => e.token)); refresh(); } }, "Forget");
  return el("article", { class: `match-card ${first.state}${mine ? " your-turn" : ""}`, dataset: { match: first.match, state: first.state } },
    el("h3", {}, `${first.title} — ${first.scenario_title}`, " ", el("span", { class: "state" }, stateText(first))),
    el("ul", { class: "seats" }, ...first.seats.map(seatItem)),
    el("p", { class: "your-links" }, "Your links: ", ...links.flatMap((a) => [a, " "]), forget));
}

function showMatches(entries) {
  const byMatch = new Map();
  const unknown = [];
  const rematches = entries.filter((e) => e.rematch).map((e) => e.rematch.split("/").pop()).filter((t) => !heldLinks().includes(t));
  if (rematches.length) rememberLinks(rematches); // listed from the next refresh on
  for (const entry of entries) {
    if (entry.error) unknown.push(entry);
    else byMatch.set(entry.match, [...(byMatch.get(entry.match) || []), entry]);
  }
  const order = { open: 1, running: 1, over: 2, expired: 3 };
  const groups = [...byMatch.values()].sort((a, b) => {
    const turn = Number(b.some((e) => e.your_turn)) - Number(a.some((e) => e.your_turn));
    return turn || order[a[0].state] - order[b[0].state] || b[0].touched - a[0].touched;
  });
  const nodes = groups.map(matchCard);
  if (unknown.length) {
    nodes.push(el("p", { class: "hint", id: "unknown-links" }, `${unknown.length} link${unknown.length === 1 ? "" : "s"} this browser kept ${unknown.length === 1 ? "is" : "are"} not known here: ${unknown[0].error} `,
      el("button", { type: "button", onclick: () => { forgetLinks(unknown.map((e) => e.token)); refresh(); } }, "Forget them")));
  }
  if (!nodes.length) nodes.push(el("p", { class: "hint", id: "no-matches" }, "None yet: create one below, or open a link you were given."));
  $("matches").replaceChildren(...nodes);
  // "Your turn" in the tab's title, and a notification for each match newly waiting for you.
  const waiting = groups.filter((g) => g.some((e) => e.your_turn));
  document.title = waiting.length ? `(${waiting.length}) Your turn — Legatus lobby` : "Legatus — lobby";
  const now = new Set(waiting.map((g) => g[0].match));
  for (const group of waiting) {
    if (!turns.has(group[0].match)) notifyTurn("Your turn", `${group[0].title}: ${linkLabel(group.find((e) => e.your_turn))}`, group[0].match);
  }
  turns = now;
}

async function refresh() {
  clearTimeout(refreshing);
  const tokens = heldLinks();
  try {
    const answer = tokens.length ? await api("/api/my-matches", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ tokens }) }) : { matches: [] };
    showMatches(answer.matches);
  } catch (err) {
    showMessage(err.message);
  }
  refreshing = setTimeout(refresh, document.hidden ? REFRESH * 4 : REFRESH);
}

async function start() {
  $("notify-box").replaceChildren(notifyButton());
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  refresh();
  try {
    catalog = await api("/api/games");
  } catch (err) {
    showMessage(err.message);
    return;
  }
  $("game").replaceChildren(...catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  $("takeover").replaceChildren(el("option", { value: "" }, "none"), ...catalog.players.filter((p) => p !== "human").map((p) => el("option", { value: p }, p)));
  $("game").addEventListener("change", fillGame);
  $("scenario").addEventListener("change", fillScenario);
  $("language").addEventListener("change", () => chooseLanguage($("language").value));
  $("position").addEventListener("change", onPosition);
  $("create").addEventListener("submit", create);
  $("upload").addEventListener("submit", upload);
  fillGame();
}

start();
