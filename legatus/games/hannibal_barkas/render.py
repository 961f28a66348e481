"""A side's view of Hannibal Barkas as text for the terminal.

Built from the view only (:func:`legatus.framework.engine.view.observe`), so it shows nothing the
side may not see: its own treasury, its nation's victory points, its own hand, and what
every player sees (the board, the cities, the tracks, the order of play, the hands' sizes).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from legatus import OFF_MAP, Action, GameDef, Style, TextBoard, natural_key
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
    return definition.side_name(side)


def _army(definition: GameDef, pids: list[str], pieces: Mapping[str, Any]) -> str:
    counts: dict[str, int] = {}
    moved = 0
    for pid in pids:
        kind = definition.pieces[pid].type
        if kind != LEADER:
            counts[kind] = counts.get(kind, 0) + 1
            moved += MOVED in pieces[pid].get("flags", ())
    leaders = [
        f"{pid} ({leader_mark(definition, pid)})"
        for pid in sorted((p for p in pids if definition.pieces[p].type == LEADER), key=natural_key)
    ]
    units = [f"{counts[k]} {SHORT[k]}" for k in UNITS if counts.get(k)]
    text = ", ".join(leaders + units)
    if moved:
        text += f" ({moved} moved)"
    return text


def attitude(marker: Any) -> str:
    """A tribe's attitude marker in words (HB 8.1): ``friendly to Carthage``, ``allied with
    Rome``; a tribe without one is neutral."""
    if not isinstance(marker, dict):
        return "neutral"
    word = "to" if marker["attitude"] == "friendly" else "with"
    return f"{marker['attitude']} {word} {str(marker['team']).capitalize()}"


def leader_mark(definition: GameDef, pid: str) -> str:
    """A leader's counter as printed: his command, and A for an active leader (``3A``)."""
    stats = definition.pieces[pid].stats
    return f"{stats['command']}{'A' if stats['active'] else ''}"


#: The unit abbreviations and the leaders' marks, in words (the legend and the view say it).
UNITS_KEY = (
    "LI light infantry, HI heavy infantry, Cav cavalry, GI Gallic infantry, GC Gallic "
    "cavalry, El elephants, Sh ships; a leader (3A): command 3, A an active leader"
)


def card_line(definition: GameDef, card: str) -> str:
    """An event card as a player reads it in his hand: what it gives played for initiative or
    for gold, and its event (the card's text, its name left off the front)."""
    found = definition.cards[card]
    text = found.text
    head, colon, rest = text.partition(": ")
    if colon and len(head) < 60:
        note = head.partition(" (")[2].rstrip(")") if " (" in head else ""
        text = f"{note}: {rest}" if note else rest
    return f"{card}: {found.values['ip']} IP or {found.values['gold']} talents; {text}"


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
            "Gauls: " + ", ".join(f"{tribe} {attitude(m)}" for tribe, m in sorted(gauls.items()))
        )
    zones = view["zones"]
    mine = [
        card
        for key, cards in zones.items()
        if key.startswith("hand:") and isinstance(cards, list) and key.partition(":")[2] in seen
        for card in cards
    ]
    lines.append(f"Your hand ({len(mine)}):" + ("" if mine else " empty"))
    lines.extend(f"  {card_line(definition, c)}" for c in sorted(mine, key=natural_key))
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
    lines.append(f"Armies ({UNITS_KEY}):")
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
    elif prompt is not None and prompt["side"] not in seen:
        asked = _name(definition, prompt["side"])
        lines.append(f"Waiting for {asked}: {prompt.get('text', prompt['kind'])}")
    return "\n".join(lines)


#: The results of Tabela 2 (HB 8.2), as the rules file keeps them (the rulebook's Polish), in
#: English.
ATTITUDES_EN = {
    "Sojusz": "alliance",
    "Przyjazne": "friendly",
    "Neutralne": "neutral",
    "Nieprzyjazne": "unfriendly",
    "Wrogie": "hostile",
}
_ATTITUDE_WORDS = re.compile(r"(?<![\w])(" + "|".join(ATTITUDES_EN) + r")(?![\w])")


class HannibalBoard(TextBoard):
    """Hannibal Barkas at the terminal: armies counted by unit (``6 LI, 12 HI``) with their
    leaders' marks, each region's cities (income, defence, VP, port, holder, siege), a
    tribe's levy and attitude, where a step leads, and a warning before crossing the Alps
    (HB 4.3). Counters stand face up (HB I): a view shows every army; a hand is its
    holder's only, and only the holder reads what his cards do."""

    def standing(self, view: Mapping[str, Any], space: str) -> str:
        known, _ = self.pieces_at(view, space)
        by_owner: dict[str, list[str]] = {}
        for pid, entry in known.items():
            by_owner.setdefault(entry.get("side", "?"), []).append(pid)
        parts = [
            f"{_name(self.definition, owner)}: {_army(self.definition, pids, known)}"
            for owner, pids in sorted(by_owner.items())
        ]
        return "; ".join(parts) if parts else "no army"

    def space_facts(self, view: Mapping[str, Any], space: str) -> list[str]:
        lines = super().space_facts(view, space)
        definition = self.definition
        zones = view["zones"]
        sieges = view["records"].get("sieges") or {}
        for city in model.cities_in(definition, space):
            values = definition.cards[city].values
            holder = next(
                (k.partition(":")[2] for k, cards in zones.items()
                 if k.startswith("cities:") and isinstance(cards, list) and city in cards),
                None,
            )  # fmt: skip
            text = (
                f"city {city}: income {values['income']}, defence {values['defence']}, "
                f"{values['vp']} VP" + (", a port" if values.get("port") else "")
                + (", elephants" if values.get("elephants") else "")
                + (f"; held by {_name(definition, holder)}" if holder else "")
            )  # fmt: skip
            siege = sieges.get(city)
            if isinstance(siege, dict):
                text += f"; besieged by {_name(definition, siege['by'])}, level {siege['level']}"
            lines.append(text)
        gauls = view["records"].get("gauls") or {}
        if model.is_tribe(definition, space):
            lines.append(f"a Gallic tribe, {attitude(gauls.get(space))} (HB 8.1)")
        nation = model.territory(definition, space)
        if nation is not None:
            lines.append(f"territory of {nation.capitalize()}")
        return lines

    def blocks(self, view: Mapping[str, Any]) -> str:
        """Your armies by place, units counted by type and leaders with their marks."""
        mine = set(self.viewers(view))
        known = view["pieces"]["known"]
        by_space: dict[str, list[str]] = {}
        for pid, entry in known.items():
            if entry.get("side") in mine and entry.get("at") not in (None, "pool", "out"):
                by_space.setdefault(str(entry["at"]), []).append(pid)
        if not by_space:
            return "you have no army on the map"
        names = ", ".join(_name(self.definition, s) for s in sorted(mine))
        lines = [f"== your armies ({names}) =="]
        for space in sorted(by_space, key=natural_key):
            lines.append(
                f"   {self.space_name(space)}: {_army(self.definition, by_space[space], known)}"
            )
        lines.append(f"   ({UNITS_KEY})")
        return "\n".join(lines)

    def legend_notes(self, view: Mapping[str, Any], style: Style) -> list[str]:
        definition = self.definition
        units = []
        for kind in UNITS:
            sample = next((p for p in definition.pieces.values() if p.type == kind), None)
            if sample is None:
                continue
            stats = sample.stats
            fires = "a hit without a roll" if kind == "elephants" else f"hits on {stats['attack']}+"
            units.append(
                f"{SHORT[kind]} {kind.replace('_', ' ')} ({fires}, {stats['move']} MP, "
                f"{stats['cost']} talents)"
            )
        return [
            "units: " + "; ".join(units),
            "a leader (3A): command 3 (rerolls a battle round, HB 1.2.8); A: an active leader, "
            "whose region is activated free (HB 4.2)",
            "a Gallic tribe friendly to one nation is unfriendly to the other; allied, hostile "
            "(HB 8.1); the political track: a state leaning to a nation allies with it one "
            "space further (HB VII)",
        ]

    def words(self, text: str) -> str:
        """The results of Tabela 2 (a tribe's attitude, HB 8.2) in the player's language: the
        rules file keeps the rulebook's Polish words."""
        if self.language == "pl":
            return text
        return _ATTITUDE_WORDS.sub(lambda found: ATTITUDES_EN[found.group(1)], text)

    # -- choices ---------------------------------------------------------------------------------
    def _activation(self, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The activation under way, as the side reads it (its frame on the stack)."""
        for frame in reversed(view.get("stack") or []):
            if frame.get("p") == "activation" and frame.get("at"):
                found: Mapping[str, Any] = frame
                return found
        return None

    def describe(self, view: Mapping[str, Any], action: Action) -> str:
        definition = self.definition
        kind, args = action.kind, action.args
        if kind in ("event", "gold", "ip") and args and str(args[0]) in definition.cards:
            card = definition.cards[str(args[0])]
            if kind == "gold":
                return f"+{card.values.get('gold', 0)} talents"
            if kind == "ip":
                return f"+{card.values.get('ip', 0)} IP"
            return card.text.partition(": ")[2] or card.text
        if kind in ("step", "activate") and args and str(args[0]) in self.board.spaces:
            space = str(args[0])
            text = f"{self.space_name(space)}: {self.standing(view, space)}"
            if kind == "step":
                frame = self._activation(view)
                if frame is not None:
                    kinds = self.board.connection_kinds_between(str(frame["at"]), space)
                    if "alps" in kinds:
                        text += "; over the Alps (HB 4.3)"
                if model.is_tribe(definition, space):
                    marker = (view["records"].get("gauls") or {}).get(space)
                    text += f"; a tribe, {attitude(marker)}"
            return text
        if kind == "politics" and args:
            lean = (view["records"].get("political") or {}).get(str(args[0]))
            return f"now {TRACK.get(lean, lean)}" if lean is not None else ""
        return ""

    def warning(self, view: Mapping[str, Any], action: Action) -> str:
        """Crossing the Alps (HB 4.3): every unit rolls a d10 and dies on the deadly roll,
        and the move ends there (leaders die with their army, A.23 #32)."""
        if action.kind != "step" or not action.args:
            return ""
        frame = self._activation(view)
        if frame is None:
            return ""
        here, there = str(frame["at"]), str(action.args[0])
        if there not in self.board.spaces or "alps" not in self.board.connection_kinds_between(
            here, there
        ):
            return ""
        group = [p for p in frame.get("group") or [] if p in self.definition.pieces]
        units = [p for p in group if self.definition.pieces[p].type != LEADER]
        deadly = self.params.get("alps.deadly_roll", 8)
        return (
            f"stepping from {here} to {there} crosses the Alps (HB 4.3): each of the "
            f"{len(units)} unit{'s' * (len(units) != 1)} of the group rolls a d10 and dies on "
            f"{deadly} or more (about {round(len(units) * (11 - int(deadly)) / 10)} lost), "
            f"and the move ends in {there}; leaders die if their whole army does"
        )


def map_stacks(definition: GameDef, view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each army on the map as one stack the page draws (``page_parts``' ``stacks``): its
    leaders with their marks, its units counted by kind, its ships, the units inside a
    city's walls apart (HB VI), from the view alone (counters stand face up, HB I)."""
    armies: dict[tuple[str, str, str], list[str]] = {}
    for pid, entry in view["pieces"]["known"].items():
        at, side = entry.get("at"), entry.get("side")
        if not isinstance(at, str) or at in OFF_MAP or not isinstance(side, str):
            continue
        city = model.in_city(entry) or ""
        armies.setdefault((at, side, city), []).append(pid)
    stacks = []
    for (at, side, city), pids in sorted(armies.items()):
        counts: dict[str, int] = {}
        for pid in pids:
            kind = definition.pieces[pid].type
            if kind != LEADER:
                counts[kind] = counts.get(kind, 0) + 1
        leaders = [
            f"{pid} ({leader_mark(definition, pid)})"
            for pid in sorted(
                (p for p in pids if definition.pieces[p].type == LEADER), key=natural_key
            )
        ]
        land = [f"{counts[k]} {SHORT[k]}" for k in UNITS if k != "ships" and counts.get(k)]
        lines = [" ".join(land)] if land else []
        if counts.get("ships"):
            lines.append(f"{counts['ships']} {SHORT['ships']}")
        stacks.append(
            {
                "at": at,
                "side": side,
                "title": ", ".join(leaders) or _name(definition, side),
                "lines": lines + ([f"inside {city}"] if city else []),
                "pieces": sorted(pids, key=natural_key),
            }
        )
    return stacks
