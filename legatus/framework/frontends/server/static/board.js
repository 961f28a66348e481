// The board, drawn in SVG from the game's map data and one seat's view.
//
// The map (spaces, connections, hexes) comes from /api/board and is drawn once; the
// pieces are drawn again from each view. Only what the view holds is drawn: a block the
// seat may not identify is an anonymous block of its owner's colour. Area maps stack
// blocks under their space; hex maps draw counters along their facing, over as many
// hexes as they cover, with badges for their attributes (fatigue, say) and flags, and a
// line between pieces whose attributes name each other (ships grappled together).

import { el, svg, sideInfo, tr, words } from "./common.js";

const HEX_CORNERS = [0, 60, 120, 180, 240, 300].map((deg) => (deg * Math.PI) / 180);

function hexPoints(x, y, size) {
  return HEX_CORNERS.map((a) => `${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`).join(" ");
}

function dash(line, width) {
  if (line === "dashed") return `${width * 3} ${width * 2}`;
  if (line === "dotted") return `${width * 0.5} ${width * 1.6}`;
  return null;
}

/** A piece's name short enough for a block: the words before the last as initials. */
function shortName(title) {
  const text = String(title);
  if (text.length <= 7) return text;
  const parts = text.split(" ");
  if (parts.length === 1) return text;
  return parts.slice(0, -1).map((w) => w[0]).join("") + " " + parts[parts.length - 1];
}

export class Board {
  constructor(container, drawing, onPick) {
    this.drawing = drawing;
    this.onPick = onPick;
    const [x0, y0, x1, y1] = drawing.extent;
    this.width = x1 - x0;
    // Markers and blocks are sized from the map's longer side: a tall map (a portrait board)
    // would otherwise draw them as small as its narrow width makes them.
    this.unit = drawing.hex_size ? drawing.hex_size : Math.max(this.width, y1 - y0) / 110;
    this.positions = new Map();
    for (const space of drawing.spaces) this.positions.set(space.id, [space.x, space.y]);
    for (const hex of drawing.hexes) this.positions.set(hex.id, [hex.x, hex.y]);
    this.root = svg("svg", {
      viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`,
      class: "board",
      role: "img",
      "aria-label": `${drawing.title} board`,
      style: `aspect-ratio: ${(x1 - x0).toFixed(0)} / ${(y1 - y0).toFixed(0)}`,
    });
    this.root.append(svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow-head" }))));
    this.mapLayer = svg("g", { class: "map" });
    this.moveLayer = svg("g", { class: "last-moves" });
    this.pieceLayer = svg("g", { class: "pieces" });
    this.root.append(this.mapLayer, this.moveLayer, this.pieceLayer);
    this.mode = null; // "spread" (every piece apart) or "stack" (piled; an army as one stack)
    this.last = null;
    this.extent = [x0, y0, x1 - x0, y1 - y0];
    const zoom = el("div", { class: "zoom-controls" },
      el("button", { type: "button", "aria-label": "zoom in", onclick: () => this.zoom(1 / 1.4) }, "+"),
      el("button", { type: "button", "aria-label": "zoom out", onclick: () => this.zoom(1.4) }, "−"),
      el("button", { type: "button", "aria-label": "whole map", onclick: () => this.fit() }, "⤢"));
    this.toggle = el("button", { type: "button", id: "spread-toggle", class: "spread-toggle", title: "spread the stacks out, or pile them up", onclick: () => this.setMode(this.mode === "spread" ? "stack" : "spread") }, "Stack");
    zoom.append(this.toggle);
    this.inspect = el("div", { id: "inspect", class: "inspect", hidden: true, role: "status" });
    container.replaceChildren(this.root, zoom, this.inspect);
    this.nodes = new Map(); // space or hex id -> its node
    this.drawMap();
    this.enablePanZoom();
    this.enableInspect();
    if (window.ResizeObserver) new ResizeObserver(() => this.scaleLabels()).observe(this.root);
  }

  /** Spread every piece out, or pile each place's pieces (an army as one stack). */
  setMode(mode) {
    this.mode = mode;
    this.toggle.textContent = mode === "spread" ? "Stack" : "Spread";
    this.toggle.setAttribute("aria-pressed", String(mode === "spread"));
    this.root.dataset.mode = mode;
    if (this.last) this.render(...this.last);
  }

  /** Labels at least a legible size on the screen whatever the zoom (map units per pixel). */
  scaleLabels() {
    const width = this.root.clientWidth;
    if (!width) return;
    const perPixel = this.root.viewBox.baseVal.width / width;
    const u = this.unit;
    this.root.style.setProperty("--label-size", `${Math.max(u * 0.75, 11 * perPixel).toFixed(2)}px`);
    this.root.style.setProperty("--area-size", `${Math.max(u * 1.25, 12 * perPixel).toFixed(2)}px`);
    this.root.classList.toggle("far", 11 * perPixel > u * 1.6);
    this.labelSize = Math.max(u * 0.75, 11 * perPixel);
    this.placeLabels();
  }

  /** Once per frame after a zoom: the labels that would overlap are moved below their place
   * or hidden ("crowded"), the less important first (a place's VP, then places before sea
   * and area names, then the map's order); zooming in gives them room again. */
  placeLabels() {
    this.root.dataset.labels = "pending";
    if (this.placing) return;
    this.placing = requestAnimationFrame(() => {
      this.placing = null;
      this.placeLabelsNow();
    });
  }

  placeLabelsNow() {
    const placed = [];
    const hit = (b) => placed.some((p) => b.x < p.x + p.width && p.x < b.x + b.width && b.y < p.y + p.height && p.y < b.y + b.height);
    for (const label of this.labels) {
      const node = label.node;
      node.classList.remove("crowded");
      if (label.above !== null) node.setAttribute("y", label.above);
      let box = node.getBBox();
      if (hit(box) && label.below !== null) {
        node.setAttribute("y", label.below + this.labelSize * 0.8);
        box = node.getBBox();
      }
      if (hit(box)) node.classList.add("crowded");
      else placed.push(box);
    }
    this.root.dataset.labels = "placed";
  }

  drawMap() {
    const d = this.drawing;
    const lines = svg("g", { class: "connections" });
    for (const c of d.connections) {
      const style = d.connection_kinds[c.kind] || {};
      if (style.line === "none") continue;
      const a = this.positions.get(c.a);
      const b = this.positions.get(c.b);
      lines.append(
        svg("line", {
          x1: a[0], y1: a[1], x2: b[0], y2: b[1],
          class: `connection kind-${c.kind}`,
          stroke: style.colour, "stroke-width": style.width,
          "stroke-dasharray": dash(style.line, style.width),
          "stroke-linecap": style.line === "dotted" ? "round" : "butt",
        }),
      );
    }
    this.mapLayer.append(lines);
    if (d.hexes.length) {
      const style = d.space_kinds[d.hex_kind] || {};
      const hexes = svg("g", { class: "hexes" });
      for (const h of d.hexes) {
        const node = svg("polygon", {
          points: hexPoints(h.x, h.y, d.hex_size * 0.98),
          class: "space hex", fill: style.colour || "#cfe3f1",
          dataset: { space: h.id },
        }, svg("title", {}, h.id));
        hexes.append(node);
        hexes.append(svg("text", { x: h.x, y: h.y - d.hex_size * 0.55, class: "hex-label" }, h.id));
        this.nodes.set(h.id, node);
      }
      this.mapLayer.append(hexes);
      this.root.addEventListener("click", (event) => {
        const target = event.target.closest("[data-space]");
        if (target && target.classList.contains("target")) this.onPick(target.dataset.space);
      });
    }
    const spaces = svg("g", { class: "spaces" });
    const u = this.unit;
    this.labels = []; // each place's name: its node, where it may stand, how much it matters
    for (const s of d.spaces) {
      const mark = s.vp || s.number; // the VP, or the value the map data prints (a castle)
      const r = u * (mark ? 0.85 : 0.62);
      const group = svg("g", { class: `space kind-${s.kind}`, dataset: { space: s.id } });
      let marker;
      if (s.shape === "label") {
        marker = svg("ellipse", { cx: s.x, cy: s.y, rx: u * 2.4, ry: u * 0.9, class: "area-hit" });
        const label = svg("text", { x: s.x, y: s.y, class: "area-label", fill: s.colour, "font-size": u * 1.25 }, s.id);
        group.append(marker, label);
        this.labels.push({ node: label, above: null, below: null, rank: [1, 0] });
      } else {
        const common = { class: "marker", fill: s.colour, stroke: s.ring || "#5b4a33", "stroke-width": s.ring ? u * 0.22 : u * 0.08 };
        if (s.shape === "square") {
          marker = svg("rect", { x: s.x - r, y: s.y - r, width: 2 * r, height: 2 * r, rx: r * 0.2, ...common });
        } else if (s.shape === "diamond") {
          marker = svg("polygon", { points: `${s.x},${s.y - r * 1.3} ${s.x + r * 1.3},${s.y} ${s.x},${s.y + r * 1.3} ${s.x - r * 1.3},${s.y}`, ...common });
        } else {
          marker = svg("circle", { cx: s.x, cy: s.y, r, ...common });
        }
        group.append(marker);
        if (mark) {
          group.append(svg("text", { x: s.x, y: s.y, class: "vp", "font-size": u * 0.8 }, String(mark)));
        }
        const label = svg("text", { x: s.x, y: s.y - r - u * 0.25, class: "space-label", "font-size": u * 0.75 }, s.id);
        group.append(label);
        this.labels.push({ node: label, above: s.y - r - u * 0.25, below: s.y + r + u * 0.25, rank: [0, -(s.vp || 0)] });
      }
      const printed = s.number ? `, ${words(s.number_name)} ${s.number}` : "";
      group.append(svg("title", {}, `${s.id} (${words(s.kind)}${s.vp ? `, ${s.vp} VP` : ""}${printed})`));
      group.addEventListener("click", () => {
        if (group.classList.contains("target")) this.onPick(s.id);
      });
      spaces.append(group);
      this.nodes.set(s.id, group);
    }
    this.mapLayer.append(spaces);
    // The order labels are given room in (a stable sort keeps the map's order among equals).
    this.labels.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
  }

  /** Draw the pieces of ``view``; ``targets`` maps clickable values to their type. */
  render(view, targets, selection, log = []) {
    this.last = [view, targets, selection, log];
    if (this.mode === null) this.setMode(((view.parts || {}).stacks || []).length ? "stack" : "spread");
    this.pieceLayer.replaceChildren();
    this.view = view;
    this.drawMoves(log);
    this.scaleLabels();
    const pieces = [];
    for (const [id, p] of Object.entries(view.pieces.known)) pieces.push({ id, ...p, known: true });
    view.pieces.hidden.forEach((p, i) => pieces.push({ id: null, ...p, known: false, n: i }));
    const onMap = pieces.filter((p) => this.positions.has(p.at));
    if (this.drawing.hexes.length) this.drawCounters(onMap, view, targets, selection);
    else this.drawBlocks(onMap, view, targets, selection);
    for (const [id, node] of this.nodes) {
      node.classList.toggle("target", targets.has(id) && targets.get(id) !== "piece");
      node.classList.toggle("selected", selection.includes(id));
      node.classList.toggle("battle-here", Boolean(view.battle && view.battle.at === id));
    }
    const spaceTargets = [...targets.values()].some((t) => t !== "piece");
    this.root.classList.toggle("picking-places", spaceTargets);
  }

  pieceNode(p, view, targets, selection) {
    const side = sideInfo(this.drawing, p.side);
    const own = view.sides.includes(p.side);
    const classes = ["piece", p.known ? "known" : "hidden", own ? "own" : "enemy"];
    if (p.id && targets.has(p.id) && targets.get(p.id) === "piece") classes.push("target");
    if (p.id && selection.includes(p.id)) classes.push("selected");
    for (const flag of p.flags || []) classes.push(`flag-${flag}`);
    const group = svg("g", { class: classes.join(" "), dataset: p.id ? { piece: p.id } : {} });
    group.style.setProperty("--side", side.colour);
    if (p.id) {
      group.addEventListener("click", (event) => {
        if (group.classList.contains("target")) {
          event.stopPropagation();
          this.onPick(p.id);
        }
      });
    }
    return group;
  }

  /** What the inspector says of a piece, a line each. */
  pieceLines(p) {
    const side = sideInfo(this.drawing, p.side);
    if (!p.known) return [`an unknown ${side.name} piece`, `at ${p.at}`];
    const lines = [`${p.title || p.id} (${side.name})`];
    if (p.strength !== undefined) lines.push(`strength ${p.strength}${p.steps ? ` of ${p.steps}` : ""}`);
    if (p.rating) lines.push(`rating ${p.rating}${p.defending ? ` (defending ${p.defending})` : ""}`);
    for (const [k, v] of Object.entries(p.attrs || {})) lines.push(`${words(k)} ${Array.isArray(v) ? v.join(", ") : v}`);
    for (const [k, v] of Object.entries(p.stats || {})) lines.push(`${words(k)} ${v}`);
    if ((p.flags || []).length) lines.push(p.flags.map(words).join(", "));
    lines.push(`at ${p.at}`);
    return lines;
  }

  /** What the inspector says of a space: its kind and VP, and who stands there. */
  spaceLines(id) {
    const info = this.drawing.spaces.find((s) => s.id === id);
    const lines = [info ? `${id} (${words(info.kind)}${info.vp ? `, ${info.vp} VP` : ""})` : `hex ${id}`];
    const view = this.view;
    if (!view) return lines;
    const counts = new Map();
    for (const [pid, p] of Object.entries(view.pieces.known)) {
      if (p.at !== id) continue;
      const name = sideInfo(this.drawing, p.side).name;
      if (!counts.has(name)) counts.set(name, []);
      counts.get(name).push(p.title || pid);
    }
    for (const p of view.pieces.hidden) {
      if (p.at !== id) continue;
      const name = sideInfo(this.drawing, p.side).name;
      if (!counts.has(name)) counts.set(name, []);
      counts.get(name).push("?");
    }
    for (const [name, list] of counts) {
      const unknown = list.filter((x) => x === "?").length;
      const named = list.filter((x) => x !== "?");
      lines.push(`${name}: ${[...named, ...(unknown ? [`${unknown} unknown`] : [])].join(", ")}`);
    }
    if (!counts.size) lines.push("nobody");
    return lines;
  }

  /** Hover (or tap) a piece, a stack or a place: what it is, in a box over the map. */
  enableInspect() {
    const show = (target) => {
      let lines = null;
      const piece = target.closest(".piece, .stack");
      if (piece && piece.inspectText) lines = piece.inspectText;
      else {
        const space = target.closest("[data-space]");
        if (space) lines = this.spaceLines(space.dataset.space);
      }
      if (!lines) {
        this.inspect.hidden = true;
        return;
      }
      this.inspect.replaceChildren(el("b", {}, lines[0]), ...lines.slice(1).map((line) => el("div", {}, line)));
      this.inspect.hidden = false;
    };
    this.root.addEventListener("pointerover", (event) => {
      if (event.pointerType !== "touch") show(event.target);
    });
    this.root.addEventListener("pointerleave", () => { this.inspect.hidden = true; });
    this.root.addEventListener("pointerup", (event) => {
      if (event.pointerType === "touch") show(event.target);
    });
  }

  pieceTitle(p) {
    if (!p.known) return `an unknown ${p.side || ""} piece`;
    const parts = [p.title || p.id];
    if (p.strength !== undefined) parts.push(`strength ${p.strength}${p.steps ? ` of ${p.steps}` : ""}`);
    if (p.rating) parts.push(`rating ${p.rating}${p.defending ? ` (defending ${p.defending})` : ""}`);
    for (const [k, v] of Object.entries(p.attrs || {})) parts.push(`${words(k)} ${Array.isArray(v) ? v.join(", ") : v}`);
    for (const [k, v] of Object.entries(p.stats || {})) parts.push(`${words(k)} ${v}`);
    if ((p.flags || []).length) parts.push(p.flags.join(", "));
    return parts.join(" · ");
  }

  /** The last moves the log tells (entries whose data give a path), as arrows. */
  drawMoves(log) {
    this.moveLayer.replaceChildren();
    const moves = log.filter((e) => e.data && Array.isArray(e.data.path) && e.data.path.length > 1 && e.data.path.every((p) => this.positions.has(p)));
    const shown = moves.slice(-3);
    shown.forEach((entry, i) => {
      const points = entry.data.path.map((p) => this.positions.get(p).join(",")).join(" ");
      const line = svg("polyline", { points, class: `last-move${i === shown.length - 1 ? " latest" : ""}`, "stroke-width": this.unit * 0.35, "marker-end": "url(#arrow)" }, svg("title", {}, entry.text));
      line.dataset.path = entry.data.path.join(" ");
      this.moveLayer.append(line);
    });
  }

  /** An army (a game's stack) drawn as one counter: its title and lines. */
  drawStack(stack, x, y, view) {
    const u = this.unit;
    const side = sideInfo(this.drawing, stack.side);
    const lines = [stack.title, ...stack.lines];
    const w = u * 5.2;
    const h = u * (0.5 + 0.75 * lines.length);
    const group = svg("g", { class: `stack ${view.sides.includes(stack.side) ? "own" : "enemy"}`, dataset: { stack: `${stack.at}|${stack.side}` } });
    group.style.setProperty("--side", side.colour);
    group.append(svg("rect", { x: x - w / 2, y, width: w, height: h, rx: u * 0.2, class: "stack-box" }));
    lines.forEach((line, i) => {
      const text = svg("text", { x, y: y + u * (0.55 + 0.75 * i), class: i ? "stack-line" : "stack-title", "font-size": u * 0.62 }, line);
      if (String(tr(line)).length > 16) {
        text.setAttribute("textLength", (w * 0.92).toFixed(1));
        text.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
      group.append(text);
    });
    group.append(svg("title", {}, lines.join(" · ")));
    group.inspectText = [`${side.name}: ${stack.title}`, ...stack.lines];
    this.pieceLayer.append(group);
    return h;
  }

  drawBlocks(pieces, view, targets, selection) {
    if (this.mode === "stack") {
      pieces = this.drawGameStacks(pieces, view, targets, selection);
      this.drawPiles(pieces, view, targets, selection);
      return;
    }
    this.drawSpread(pieces, view, targets, selection);
  }

  /** The game's stacks whose pieces none is to be clicked; the pieces left to draw. */
  drawGameStacks(pieces, view, targets, selection) {
    const stacks = ((view.parts || {}).stacks || []).filter((st) => this.positions.has(st.at));
    const taken = new Set();
    const below = new Map();
    for (const st of stacks) {
      if (st.pieces.some((id) => targets.get(id) === "piece" || selection.includes(id))) continue;
      const [x, y] = this.positions.get(st.at);
      const top = below.get(st.at) || y + this.unit * 1.0;
      below.set(st.at, top + this.drawStack(st, x, top, view) + this.unit * 0.15);
      for (const id of st.pieces) taken.add(id);
    }
    return pieces.filter((p) => !p.id || !taken.has(p.id));
  }

  /** Each place's pieces of one side piled up, the top one readable, their number on it. */
  drawPiles(pieces, view, targets, selection) {
    const u = this.unit;
    const size = u * 1.55;
    const piles = new Map();
    for (const p of pieces) {
      const key = `${p.at}|${p.side}`;
      if (!piles.has(key)) piles.set(key, []);
      piles.get(key).push(p);
    }
    const perSpace = new Map();
    for (const [key, list] of piles) {
      const at = key.split("|")[0];
      const index = perSpace.get(at) || 0;
      perSpace.set(at, index + 1);
      const [x, y] = this.positions.get(at);
      list.sort((a, b) => Number(a.known) - Number(b.known));
      const bx = x - size / 2 + (index - 0.5) * (size + u * 0.8) + (index === 0 ? size * 0.2 : 0);
      const by = y + u * 1.0;
      list.forEach((p, i) => {
        const shift = Math.min(i, 4) * u * 0.14;
        this.drawBlock(p, bx + shift, by - shift, size, view, targets, selection);
      });
      if (list.length > 1) {
        const cx = bx + Math.min(list.length - 1, 4) * u * 0.14 + size;
        const cy = by - Math.min(list.length - 1, 4) * u * 0.14;
        this.pieceLayer.append(svg("circle", { cx, cy, r: u * 0.42, class: "pile-count" }), svg("text", { x: cx, y: cy, class: "pile-count-text", "font-size": u * 0.5 }, `${list.length}`));
      }
    }
  }

  drawBlock(p, bx, by, size, view, targets, selection) {
    const group = this.pieceNode(p, view, targets, selection);
    group.append(svg("rect", { x: bx, y: by, width: size, height: size, rx: size * 0.12, class: "block" }));
    if (p.known) {
      const short = shortName(tr(p.title || p.id));
      const name = svg("text", { x: bx + size / 2, y: by + size * 0.3, class: "block-name", "font-size": size * 0.3 }, short);
      if (short.length > 6) {
        name.setAttribute("textLength", (size * 0.9).toFixed(1));
        name.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
      group.append(name);
      if (p.rating) group.append(svg("text", { x: bx + size / 2, y: by + size * 0.6, class: "block-rating", "font-size": size * 0.28 }, p.rating));
      if (p.strength !== undefined) {
        group.append(svg("text", { x: bx + size / 2, y: by + size * 0.86, class: "block-strength", "font-size": size * 0.22 }, "●".repeat(p.strength)));
      }
    }
    group.append(svg("title", {}, this.pieceTitle(p)));
    group.inspectText = this.pieceLines(p);
    this.pieceLayer.append(group);
  }

  drawSpread(pieces, view, targets, selection) {
    const u = this.unit;
    const size = u * 1.55;
    const gap = u * 0.12;
    const perRow = 4;
    const bySpace = new Map();
    for (const p of pieces) {
      if (!bySpace.has(p.at)) bySpace.set(p.at, []);
      bySpace.get(p.at).push(p);
    }
    for (const [space, list] of bySpace) {
      const [x, y] = this.positions.get(space);
      const info = this.drawing.spaces.find((s) => s.id === space);
      const top = y + (info && info.shape === "label" ? u * 0.7 : u * 1.0);
      list.sort((a, b) => String(a.side).localeCompare(String(b.side)) || Number(b.known) - Number(a.known));
      list.forEach((p, i) => {
        const row = Math.floor(i / perRow);
        const inRow = Math.min(perRow, list.length - row * perRow);
        const col = i % perRow;
        const bx = x - (inRow * size + (inRow - 1) * gap) / 2 + col * (size + gap);
        const by = top + row * (size + gap);
        this.drawBlock(p, bx, by, size, view, targets, selection);
      });
    }
  }

  drawCounters(pieces, view, targets, selection) {
    const size = this.drawing.hex_size;
    const centres = new Map();
    const stacked = new Map();
    const links = [];
    const ships = pieces.filter((p) => p.facing);
    const others = pieces.filter((p) => !p.facing);
    for (const p of ships) {
      const cells = (p.cells && p.cells.length ? p.cells : [p.at]).filter((c) => this.positions.has(c));
      const points = cells.map((c) => this.positions.get(c));
      const mx = points.reduce((s, q) => s + q[0], 0) / points.length;
      const my = points.reduce((s, q) => s + q[1], 0) / points.length;
      const half = (Math.sqrt(3) * size * (cells.length - 1)) / 2 + size * 0.58;
      const w = size * 0.42;
      const angle = this.drawing.facings[p.facing] || 0;
      const group = this.pieceNode(p, view, targets, selection);
      const hull = svg("polygon", {
        points: `0,${-half - size * 0.3} ${w},${-half + size * 0.05} ${w},${half} ${-w},${half} ${-w},${-half + size * 0.05}`,
        transform: `translate(${mx} ${my}) rotate(${angle})`,
        class: "counter",
      });
      group.append(hull);
      const name = p.known ? String(p.title || p.id).split(" ").pop() : "?";
      group.append(svg("text", { x: mx, y: my, class: "counter-name" }, name.slice(0, 9)));
      const attrs = p.attrs || {};
      let badge = 0;
      const addBadge = (text, cls) => {
        group.append(svg("circle", { cx: mx + size * 0.55, cy: my - size * 0.45 + badge * size * 0.5, r: size * 0.24, class: `badge ${cls}` }));
        group.append(svg("text", { x: mx + size * 0.55, y: my - size * 0.45 + badge * size * 0.5, class: "badge-text" }, text));
        badge += 1;
      };
      for (const [key, value] of Object.entries(attrs)) {
        // A number worth showing on the counter: its initial and value (fatigue 2: F2).
        if (typeof value === "number" && value) addBadge(`${key[0].toUpperCase()}${value}`, `attr-${key}`);
      }
      for (const flag of p.flags || []) addBadge(flag.slice(0, 2).toUpperCase(), `flag-${flag}`);
      for (const value of Object.values(attrs)) {
        if (Array.isArray(value)) for (const other of value) links.push([p.id, other]);
      }
      group.append(svg("title", {}, this.pieceTitle(p)));
      centres.set(p.id, [mx, my]);
      this.pieceLayer.append(group);
    }
    for (const p of others) {
      const [x, y] = this.positions.get(p.at);
      const k = stacked.get(p.at) || 0;
      stacked.set(p.at, k + 1);
      const group = this.pieceNode(p, view, targets, selection);
      const cx = x - size * 0.5 + k * size * 0.3;
      const cy = y + size * 0.5;
      group.append(svg("circle", { cx, cy, r: size * 0.3, class: "commander" }));
      group.append(svg("text", { x: cx, y: cy, class: "badge-text" }, p.known ? String(p.title || p.id)[0] : "?"));
      group.append(svg("title", {}, this.pieceTitle(p)));
      this.pieceLayer.append(group);
    }
    const seen = new Set();
    for (const [a, b] of links) {
      const key = [a, b].sort().join("|");
      if (seen.has(key) || !centres.has(a) || !centres.has(b)) continue;
      seen.add(key);
      const [x1, y1] = centres.get(a);
      const [x2, y2] = centres.get(b);
      this.pieceLayer.append(svg("line", { x1, y1, x2, y2, class: "link" }, svg("title", {}, `${a} — ${b}`)));
    }
  }

  /** Zoom by ``scale`` (below 1: closer) about the centre of what is shown. */
  zoom(scale) {
    const b = this.root.viewBox.baseVal;
    const w = Math.min(Math.max(b.width * scale, this.width / 12), this.width * 1.5);
    const h = (b.height * w) / b.width;
    b.x += (b.width - w) / 2;
    b.y += (b.height - h) / 2;
    b.width = w;
    b.height = h;
    this.scaleLabels();
  }

  /** Show ``width`` map units around the point (x, y). */
  focus(x, y, width) {
    const b = this.root.viewBox.baseVal;
    const h = (this.extent[3] * width) / this.extent[2];
    b.x = x - width / 2;
    b.y = y - h / 2;
    b.width = width;
    b.height = h;
    this.scaleLabels();
  }

  fit() {
    const b = this.root.viewBox.baseVal;
    [b.x, b.y, b.width, b.height] = this.extent;
    this.scaleLabels();
  }

  enablePanZoom() {
    const root = this.root;
    const box = () => root.viewBox.baseVal;
    root.addEventListener("wheel", (event) => {
      event.preventDefault();
      const b = box();
      const rect = root.getBoundingClientRect();
      const fx = (event.clientX - rect.left) / rect.width;
      const fy = (event.clientY - rect.top) / rect.height;
      const scale = event.deltaY > 0 ? 1.15 : 1 / 1.15;
      const w = Math.min(Math.max(b.width * scale, this.width / 12), this.width * 1.5);
      const h = (b.height * w) / b.width;
      b.x += (b.width - w) * fx;
      b.y += (b.height - h) * fy;
      b.width = w;
      b.height = h;
      this.scaleLabels();
    }, { passive: false });
    let drag = null;
    // Two fingers on a touch screen: pinch to zoom about their middle.
    const touches = new Map();
    let pinch = null;
    const spread = () => {
      const [a, b] = [...touches.values()];
      return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    root.addEventListener("pointerdown", (event) => {
      drag = { x: event.clientX, y: event.clientY, moved: false };
      if (event.pointerType === "touch") {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (touches.size === 2) pinch = spread();
      }
    });
    const lift = (event) => {
      touches.delete(event.pointerId);
      if (touches.size < 2) pinch = null;
    };
    root.addEventListener("pointercancel", lift);
    root.addEventListener("pointerup", lift);
    root.addEventListener("pointermove", (event) => {
      if (event.pointerType === "touch" && touches.has(event.pointerId)) {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pinch && touches.size === 2) {
          const now = spread();
          const b = box();
          const rect = root.getBoundingClientRect();
          const scale = pinch.d / Math.max(now.d, 1);
          const w = Math.min(Math.max(b.width * scale, this.width / 12), this.width * 1.5);
          const h = (b.height * w) / b.width;
          const fx = (now.x - rect.left) / rect.width;
          const fy = (now.y - rect.top) / rect.height;
          b.x += (b.width - w) * fx - ((now.x - pinch.x) * w) / rect.width;
          b.y += (b.height - h) * fy - ((now.y - pinch.y) * h) / rect.height;
          b.width = w;
          b.height = h;
          pinch = now;
          if (drag) drag.moved = true;
          this.scaleLabels();
          return;
        }
      }
      if (!drag || event.buttons !== 1) return;
      const b = box();
      const rect = root.getBoundingClientRect();
      const dx = ((event.clientX - drag.x) * b.width) / rect.width;
      const dy = ((event.clientY - drag.y) * b.height) / rect.height;
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) > 3) drag.moved = true;
      b.x -= dx;
      b.y -= dy;
      drag.x = event.clientX;
      drag.y = event.clientY;
    });
    root.addEventListener("pointerup", () => {
      setTimeout(() => { drag = null; }, 0);
    });
    root.addEventListener("click", (event) => {
      if (drag && drag.moved) event.stopPropagation();
    }, true);
  }
}
