// The lobby: create a match (game, scenario, options, variant, seed, who plays each seat,
// hot seat, or a save to continue), get its links; upload a save file to replay.

import { api, chooseLanguage, chosenLanguage, el, words } from "./common.js";
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

async function start() {
  try {
    catalog = await api("/api/games");
  } catch (err) {
    showMessage(err.message);
    return;
  }
  $("game").replaceChildren(...catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", fillGame);
  $("scenario").addEventListener("change", fillScenario);
  $("language").addEventListener("change", () => chooseLanguage($("language").value));
  $("position").addEventListener("change", onPosition);
  $("create").addEventListener("submit", create);
  $("upload").addEventListener("submit", upload);
  fillGame();
}

start();
