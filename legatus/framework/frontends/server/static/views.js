// The parts of a page drawn from one seat's view, shared by live play and replays: the
// tray of pieces off the map, the cards, the game's own panels, the log with its dice.

import { el, sideInfo, words } from "./common.js";

/** Status chips from the game's page parts (turn, phase, victory points...). */
export function facts(view) {
  return view.parts.status.map((item) => el("span", { class: "chip" }, el("small", {}, item.label), " ", item.text));
}

/** Pieces off the map, by place: known ones by name (clickable when targets), others counted. */
export function tray(view, drawing, onMap, targets, selection, pick) {
  const off = new Map();
  const add = (place, node) => {
    if (!off.has(place)) off.set(place, []);
    off.get(place).push(node);
  };
  for (const [id, p] of Object.entries(view.pieces.known)) {
    if (p.at === undefined || onMap.has(p.at)) continue;
    if (p.at === "out" && !(p.flags || []).length) continue;
    const side = sideInfo(drawing, p.side);
    const isTarget = targets.get(id) === "piece";
    const strength = p.strength !== undefined ? ` ${p.strength}` : "";
    add(p.at, el("button", {
      class: `tray-piece${isTarget ? " target" : ""}${selection.includes(id) ? " selected" : ""}`,
      style: `--side:${side.colour}`,
      disabled: !isTarget,
      dataset: { piece: id },
      title: `${p.title || id}${strength ? `, strength${strength}` : ""}${p.rating ? `, ${p.rating}` : ""}`,
      onclick: () => pick(id),
    }, `${p.title || id}${strength}`));
  }
  const counts = new Map();
  for (const p of view.pieces.hidden) {
    if (onMap.has(p.at) || p.at === "out") continue;
    const key = `${p.at}|${p.side}`;
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  for (const [key, n] of counts) {
    const [place, side] = key.split("|");
    const info = sideInfo(drawing, side);
    add(place, el("span", { class: "tray-hidden", style: `--side:${info.colour}` }, `${n} unknown ${info.name}`));
  }
  return [...off.entries()].map(([place, nodes]) => el("div", { class: "tray-group" }, el("h3", {}, words(place)), ...nodes));
}

/** The card zones: the cards the view shows, how many elsewhere. */
export function cards(view, drawing) {
  const rows = [];
  for (const [key, zone] of Object.entries(view.zones)) {
    const [name, holder] = key.split(":");
    const title = holder ? `${words(name)} (${sideInfo(drawing, holder).name})` : words(name);
    if (Array.isArray(zone)) {
      if (!zone.length) continue;
      rows.push(el("div", { class: "zone" }, el("h3", {}, title), ...zone.map((c) => el("span", { class: "card", title: view.parts.cards[c] || c }, view.parts.cards[c] || c))));
    } else if (zone) {
      rows.push(el("div", { class: "zone" }, el("h3", {}, title), el("span", { class: "count" }, `${zone} card${zone === 1 ? "" : "s"}`)));
    }
  }
  return rows.length ? [el("h2", {}, "Cards"), ...rows] : [];
}

/** The game's own panels (the battle being fought, the cards played...). */
export function panels(view) {
  return view.parts.panels.map((panel) => el("div", { class: "panel" }, el("h3", {}, panel.title), ...panel.lines.map((line) => el("p", {}, line))));
}

function dice(values) {
  return el("span", { class: "dice" }, ...values.map((v) => el("span", { class: "die", title: `rolled ${v}` }, String(v))));
}

/** Log entries as list items: dice drawn as dice, the seat's own lines marked. */
export function logItems(entries) {
  return entries.slice(-400).map((entry) => {
    const item = el("li", { class: entry.to ? "private" : "" }, entry.text);
    if (entry.data && Array.isArray(entry.data.dice)) item.append(" ", dice(entry.data.dice));
    if (entry.to) item.append(el("small", { class: "only" }, " (only you)"));
    return item;
  });
}

/** The result in words, or null while the game runs. */
export function resultText(view, drawing) {
  if (!view.result) return null;
  const winner = view.result.winner;
  const info = winner ? sideInfo(drawing, winner) : null;
  const who = info ? info.wins || `${info.name} wins` : "a draw";
  return `Game over: ${who}${view.result.reason ? ` — ${view.result.reason}` : ""}`;
}
