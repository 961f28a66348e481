"""A side's view of Hannibal Barkas as text for the terminal.

Built from the view only (:func:`legatus.framework.engine.view.observe`), so it shows nothing the
side may not see: its own treasury, its nation's victory points, its own hand, and what
every player sees (the board, the cities, the tracks, the order of play, the hands' sizes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus import GameDef
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER, MOVED, SHORT, UNITS

TRACK = {
    -2: "allied with Rome",
    -1: "friendly to Rome",
    0: "neutral",
    1: "friendly to Carthage",
    2: "allied with Carthage",
}


def _name(definition: GameDef, side: str) -> str:
    return model.name(definition, side)


def _army(definition: GameDef, pids: list[str], pieces: Mapping[str, Any]) -> str:
    counts: dict[str, int] = {}
    moved = 0
    for pid in pids:
        kind = definition.pieces[pid].type
        if kind != LEADER:
            counts[kind] = counts.get(kind, 0) + 1
            moved += MOVED in pieces[pid].get("flags", ())
    leaders = []
    for pid in sorted(p for p in pids if definition.pieces[p].type == LEADER):
        stats = definition.pieces[pid].stats
        mark = f"{stats['command']}{'A' if stats['active'] else ''}"
        leaders.append(f"{pid} [{mark}]")
    units = [f"{counts[k]} {SHORT[k]}" for k in UNITS if counts.get(k)]
    text = ", ".join(leaders + units)
    if moved:
        text += f" ({moved} moved)"
    return text


def render_view(definition: GameDef, view: Mapping[str, Any]) -> str:
    """The board, the tracks, the player's secrets and the decision, as text."""
    records = view["records"]
    side = view["side"]
    lines: list[str] = []
    stage = view["vars"].get("stage")
    year = view["vars"].get("year")
    seen = view.get("sides", [side])
    title = f"Hannibal Barkas - year {year}, stage {stage}" if stage else "Hannibal Barkas"
    lines.append(f"{title}   (you: {', '.join(_name(definition, s) for s in seen)})")
    order = records.get("order") or []
    passed = set(records.get("passed") or [])
    ip = records.get("ip", {})
    if order:
        shown = [
            f"{n}. {_name(definition, p)} {ip.get(p, 0)} IP{' (passed)' if p in passed else ''}"
            for n, p in enumerate(order, 1)
        ]
        lines.append("Order of play: " + "; ".join(shown))
    gold = records.get("gold", {})
    if gold:
        lines.append(f"Your treasury: {sum(g for s, g in gold.items() if s in seen)} talents")
    vp = records.get("vp", {})
    if vp:
        lines.append(
            "Victory points: " + ", ".join(f"{_name(definition, s)} {v}" for s, v in vp.items())
        )
    political = records.get("political", {})
    if political:
        lines.append(
            "Political track: "
            + ", ".join(f"{_name(definition, s)} {TRACK.get(p, p)}" for s, p in political.items())
        )
    gauls = records.get("gauls", {})
    if gauls:
        lines.append(
            "Gauls: "
            + ", ".join(
                f"{tribe} {m['attitude']} {'to' if m['attitude'] == 'friendly' else 'with'} "
                f"{m['team'].capitalize()}"
                for tribe, m in sorted(gauls.items())
            )
        )
    zones = view["zones"]
    mine = [
        card
        for key, cards in zones.items()
        if key.startswith("hand:") and isinstance(cards, list) and key.partition(":")[2] in seen
        for card in cards
    ]
    texts = [
        f"{c} ({definition.cards[c].values['ip']} IP / {definition.cards[c].values['gold']} t)"
        for c in sorted(mine)
    ]
    lines.append(f"Your hand ({len(mine)}): " + ("; ".join(texts) or "empty"))
    hands = [
        f"{_name(definition, k.partition(':')[2])} {len(c) if isinstance(c, list) else c}"
        for k, c in zones.items()
        if k.startswith("hand:") and (c if isinstance(c, int) else len(c))
    ]
    if hands:
        lines.append("Cards in hand: " + ", ".join(hands))
    lines.append("Cities:")
    for key, cards in zones.items():
        if key.startswith("cities:") and isinstance(cards, list) and cards:
            total = sum(int(definition.cards[c].values["income"]) for c in cards)
            lines.append(
                f"  {_name(definition, key.partition(':')[2])} (income {total}): {', '.join(cards)}"
            )
    known = view["pieces"]["known"]
    by_space: dict[str, dict[str, list[str]]] = {}
    for pid, piece in known.items():
        at = piece.get("at")
        if at in (None, "pool", "out"):
            continue
        by_space.setdefault(at, {}).setdefault(piece.get("side", "?"), []).append(pid)
    board = definition.board
    land = sorted(s for s in by_space if board.spaces[s].category != "sea")
    sea = sorted(s for s in by_space if board.spaces[s].category == "sea")
    lines.append("Armies:")
    for space in land:
        for owner, pids in sorted(by_space[space].items()):
            ships = [p for p in pids if definition.pieces[p].type == "ships"]
            rest = [p for p in pids if p not in ships]
            text = _army(definition, rest, known) if rest else ""
            port = f"{len(ships)} Sh in port" if ships else ""
            lines.append(
                f"  {space}: {_name(definition, owner)}: {', '.join(t for t in (text, port) if t)}"
            )
    if sea:
        lines.append("Fleets at sea:")
        for space in sea:
            aliases = board.spaces[space].aliases
            label = f"{space} {aliases[0]}" if aliases else space
            for owner, pids in sorted(by_space[space].items()):
                lines.append(
                    f"  {label}: {_name(definition, owner)}: {_army(definition, pids, known)}"
                )
    log = view.get("log") or []
    if log:
        lines.append("Last events:")
        lines.extend(f"  {entry['text']}" for entry in log[-8:])
    prompt = view.get("prompt")
    if view.get("result"):
        lines.append(f"Game over: {view['result'].get('reason', '')}")
    elif prompt is not None:
        asked = _name(definition, prompt["side"])
        lines.append(f"Waiting for {asked}: {prompt.get('text', prompt['kind'])}")
    return "\n".join(lines)
