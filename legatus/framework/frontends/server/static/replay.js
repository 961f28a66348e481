// A replay: step through a match (or an uploaded save) with a slider, from one seat's view
// or the public one. Each step is asked of the server, which shows this link only the
// views it may see.

import { battleBoard } from "./battle.js";
import { Board } from "./board.js";
import { api, el, pageToken, sideInfo, words } from "./common.js";
import { languageSelect } from "./language.js";
import { cards, facts, logItems, panels, resultText, tray } from "./views.js";

const token = pageToken();
const $ = (id) => document.getElementById(id);
let drawing = null;
let board = null;
let frame = null;
let wanted = 0;
let loading = false;

function showMessage(text) {
  const box = $("message");
  box.replaceChildren(el("span", {}, text));
  box.className = "error";
  box.hidden = false;
}

async function load(step, view) {
  wanted = step;
  if (loading) return;
  loading = true;
  try {
    while (true) {
      const asked = wanted;
      const query = new URLSearchParams({ step: String(asked), view: view ?? $("view-select").value });
      const found = await api(`/api/replay/${token}?${query}`);
      if (asked === wanted) {
        frame = found;
        $("message").hidden = true;
        render();
        break;
      }
    }
  } catch (err) {
    showMessage(err.message);
  } finally {
    loading = false;
  }
}

function render() {
  $("title").textContent = `${frame.title} — replay`;
  const slider = $("slider");
  slider.max = String(frame.steps);
  slider.value = String(frame.step);
  const by = frame.by ? `, by ${sideInfo(drawing, frame.by).name}${frame.action ? `: ${frame.action}` : ""}` : "";
  $("step-label").textContent = `step ${frame.step} of ${frame.steps}${by}`;
  const select = $("view-select");
  if (select.options.length !== frame.views.length) {
    select.replaceChildren(...frame.views.map((v) => el("option", { value: v }, v ? `${seatName(v)}'s view` : "public view")));
  }
  select.value = frame.view;
  board.render(frame, new Map(), [], frame.log);
  const seed = frame.seed !== null && frame.seed !== undefined ? [el("span", { class: "chip", id: "seed" }, el("small", {}, "seed"), ` ${frame.seed}`)] : [];
  const refereed = frame.refereed ? [el("span", { class: "chip referee", id: "refereed" }, "Refereed")] : [];
  $("facts").replaceChildren(...refereed, ...seed, ...facts(frame));
  const result = resultText(frame, drawing);
  const waiting = frame.waiting.map((w) => `${sideInfo(drawing, w.side).name} (${words(w.kind)})`).join(", ");
  $("status").textContent = result || (waiting ? `to decide: ${waiting}` : "");
  const prompt = frame.prompts[0];
  $("prompt").replaceChildren(...(prompt ? [el("h2", {}, prompt.text), el("p", { class: "hint" }, `${prompt.actions.length} choices`)] : []));
  $("tray").replaceChildren(...tray(frame, drawing, board.positions, new Map(), [], () => {}));
  const battle = battleBoard(frame, drawing, new Map(), [], () => {});
  $("battle-slot").replaceChildren(...(battle ? [battle] : []));
  $("hand").replaceChildren(...cards(frame, drawing));
  $("panels").replaceChildren(...panels(frame));
  const list = $("log");
  list.replaceChildren(...logItems(frame.log));
  list.scrollTop = list.scrollHeight;
}

// A seat by the names of the sides it plays ("Rome (north), Rome (south)").
function seatName(seat) {
  const found = frame.seats.find((s) => s.seat === seat);
  const sides = found ? found.sides : [seat];
  return sides.map((side) => sideInfo(drawing, side).name).join(", ");
}

function go(step) {
  if (!frame) return;
  load(Math.max(0, Math.min(frame.steps, step)));
}

async function start() {
  try {
    drawing = await api(`/api/replay-board/${token}`);
  } catch (err) {
    showMessage(err.message);
    return;
  }
  $("language-box").replaceChildren(...languageSelect(drawing, () => {
    board = new Board($("board"), drawing, () => {});
    if (frame) render();
  }));
  board = new Board($("board"), drawing, () => {});
  $("slider").addEventListener("input", (event) => go(Number(event.target.value)));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(frame.step - 1));
  $("next").addEventListener("click", () => go(frame.step + 1));
  $("last").addEventListener("click", () => go(frame.steps));
  $("view-select").addEventListener("change", () => load(frame.step));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(frame.step - 1);
    if (event.key === "ArrowRight") go(frame.step + 1);
  });
  await load(0, "");
  if (frame) go(frame.steps);
}

start();
