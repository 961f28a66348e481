// The battle board: the battle being fought, drawn from the view's ``battle`` (the game's
// battle_board hook, legatus.framework.engine.battleboard): each side's pieces in fire
// order, reserves apart, the round, hits taken, who retreated or was eliminated, whose
// turn it is highlighted, and the battle's log with its dice. The same for every game.

import { el, sideInfo } from "./common.js";

const STATUS = {
  firing: "its turn now",
  acted: "has had its turn this round",
  waiting: "still to fire this round",
  reserve: "in reserve",
  retreated: "retreated",
  eliminated: "eliminated",
  captured: "captured",
  sunk: "sunk",
};

function pieceTile(p, drawing, targets, selection, pick, current) {
  const side = sideInfo(drawing, p.side);
  const firing = p.status === "firing" || (p.piece && current.includes(p.piece));
  const classes = ["battle-piece", `status-${p.status || "waiting"}`];
  if (!p.known) classes.push("unknown");
  if (firing) classes.push("firing");
  const isTarget = p.piece && targets.get(p.piece) === "piece";
  if (isTarget) classes.push("target");
  if (p.piece && selection.includes(p.piece)) classes.push("selected");
  const parts = [];
  if (!p.known) {
    parts.push(el("span", { class: "bp-name" }, `${p.count} unknown`));
  } else {
    const count = p.count !== undefined && p.count !== null ? `${p.count} ` : "";
    parts.push(el("span", { class: "bp-name" }, count + (p.short || p.title || p.piece)));
    if (p.rating) parts.push(el("span", { class: "bp-rating" }, p.rating));
    if (p.strength !== undefined && p.strength !== null) {
      parts.push(el("span", { class: "bp-strength", title: `strength ${p.strength}${p.steps ? ` of ${p.steps}` : ""}` }, "●".repeat(p.strength) + "○".repeat(Math.max(0, (p.steps || 0) - p.strength))));
    }
    if (p.hits) parts.push(el("span", { class: "bp-hits", title: `${p.hits} hit(s) taken in this battle` }, `−${p.hits}`));
    for (const mark of p.marks || []) parts.push(el("span", { class: "bp-mark" }, mark));
    if (p.to) parts.push(el("span", { class: "bp-to" }, `→ ${p.to}`));
  }
  const words = [p.known ? p.title || p.piece : `${p.count} piece(s) of ${side.name} you may not identify`];
  if (p.rating) words.push(p.rating);
  if (p.hits) words.push(`${p.hits} hit(s) taken`);
  for (const mark of p.marks || []) words.push(mark);
  words.push(firing ? STATUS.firing : STATUS[p.status] || p.status);
  return el(isTarget ? "button" : "span", {
    class: classes.join(" "),
    style: `--side:${side.colour}`,
    title: words.join(" · "),
    dataset: p.piece ? { battlePiece: p.piece } : {},
    onclick: isTarget ? () => pick(p.piece) : undefined,
  }, ...parts);
}

/** The battle board for ``view`` (null when no battle is being fought). */
export function battleBoard(view, drawing, targets, selection, pick) {
  const b = view.battle;
  if (!b) return null;
  const current = b.current || [];
  const tile = (p) => pieceTile(p, drawing, targets, selection, pick, current);
  const round = b.round ? `round ${b.round}${b.rounds ? ` of ${b.rounds}` : ""}` : "";
  const head = el("div", { class: "battle-head" },
    el("h2", {}, b.title),
    round ? el("span", { class: "battle-round", id: "battle-round" }, round) : null,
    el("span", { class: "battle-stage", id: "battle-stage" }, b.stage || ""));
  const columns = el("div", { class: "battle-sides" });
  for (const s of b.sides) {
    const info = sideInfo(drawing, s.side);
    const col = el("div", { class: `battle-side role-${s.role}`, style: `--side:${info.colour}`, dataset: { side: s.side } },
      el("h3", {}, el("b", { class: "side", style: `--side:${info.colour}` }, info.name), ` ${s.role}`));
    for (const fact of s.facts || []) col.append(el("p", { class: "battle-fact" }, fact));
    for (const line of s.lines) {
      const on = current.includes(line.label);
      col.append(el("div", { class: `battle-line${on ? " firing" : ""}`, dataset: { line: line.label } },
        el("span", { class: "battle-label" }, line.label), ...line.pieces.map(tile)));
    }
    if ((s.reserves || []).length) {
      col.append(el("div", { class: "battle-line reserves" }, el("span", { class: "battle-label" }, "reserves"), ...s.reserves.map(tile)));
    }
    if ((s.gone || []).length) {
      col.append(el("div", { class: "battle-line gone" }, el("span", { class: "battle-label" }, "gone"), ...s.gone.map(tile)));
    }
    columns.append(col);
  }
  const items = [head, columns];
  if ((b.order || []).length) {
    const order = el("p", { class: "battle-order", id: "battle-order" }, el("small", {}, "to fire: "));
    b.order.forEach((slot, i) => {
      if (i) order.append(" → ");
      order.append(el("span", { class: i === 0 && current.length ? "next firing" : "next" }, slot.join(", ")));
    });
    items.push(order);
  }
  for (const note of b.notes || []) items.push(el("p", { class: "battle-note" }, note));
  if ((b.events || []).length) {
    const list = el("ol", { class: "battle-events" });
    for (const e of b.events) {
      const item = el("li", {}, e.text);
      if (Array.isArray(e.dice)) item.append(" ", el("span", { class: "dice" }, ...e.dice.map((v) => el("span", { class: "die" }, String(v)))));
      list.append(item);
    }
    items.push(el("details", { class: "battle-log", open: true }, el("summary", {}, `The battle so far (${b.events.length})`), list));
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  }
  return el("section", { id: "battle", class: "battle-board", "aria-label": b.title }, ...items);
}
