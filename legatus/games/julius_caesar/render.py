"""Julius Caesar's view at the terminal: VP, the cards and orders in words, cards explained.

A command card's name is explained once per screen, where it first appears (``2/1 (2 moves,
1 levy)``); later mentions are the bare name, so a hand of five cards stays one line.

Built from a side's view only (never the state), like the generic renderer it extends: the
VP are counted from what the view shows (who stands where is public, JC 3.0; the leaders
killed are public trophies, JC 1.2), so they are what a player could count at the table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from legatus import GameDef, Style, TextBoard, render_cards, render_pieces, words
from legatus.games.julius_caesar import model


def _name(definition: GameDef, side: str | None) -> str:
    return next((s.name for s in definition.sides if s.id == side), str(side))


def card_words(definition: GameDef, card: str) -> str:
    """A card with what it means: ``2/1 (2 moves, 1 levy)``; an event by its name."""
    found = definition.cards.get(card)
    if found is None or not found.values:
        return card
    move, levy = found.values.get("move", 0), found.values.get("levy", 0)
    return f"{card} ({move} move{'s' * (move != 1)}, {levy} lev{'ies' if levy != 1 else 'y'})"


def view_vp(definition: GameDef, view: dict[str, Any], side: str) -> int:
    """JC 1.2 VP counted from a view: friendly cities and enemy leaders killed."""
    pieces: dict[str, dict[str, Any]] = {}
    for pid, piece in view["pieces"]["known"].items():
        if "at" in piece and "side" in piece:
            pieces[pid] = {"at": piece["at"], "side": piece["side"]}
    for number, piece in enumerate(view["pieces"]["hidden"]):
        if "at" in piece and "side" in piece:
            pieces[f"hidden {number}"] = {"at": piece["at"], "side": piece["side"]}
    return model.vp(definition, {"pieces": pieces, "records": view["records"]}, side)


def render_view(definition: GameDef, view: dict[str, Any], vp_to_win: int | None = None) -> str:
    side = view["side"]
    public = view["records"]
    calendar = view["vars"]
    when = ", ".join(f"{key} {value}" for key, value in calendar.items())
    lines = [f"== {definition.title} — you are {_name(definition, side)} ==" + (
        f"  ({when})" if when else "")]  # fmt: skip
    vps = ", ".join(f"{_name(definition, s)} {view_vp(definition, view, s)}" for s in model.SIDES)
    target = f" ({vp_to_win} win at a winter check, JC 1.2)" if vp_to_win else ""
    lines.append(f"   VP: {vps}{target}")
    if public.get("player1"):
        lines.append(f"   Player 1 this turn: {_name(definition, public['player1'])}")
    explained: set[str] = set()

    def once(card: str) -> str:
        if card in explained:
            return card
        explained.add(card)
        return card_words(definition, card)

    cards = public.get("cards") or {}
    if cards:
        shown = ", ".join(f"{_name(definition, s)} {once(c)}" for s, c in cards.items())
        lines.append(f"   cards played: {shown}")
    orders = public.get("orders") or {}
    if orders:
        shown = "; ".join(
            f"{_name(definition, s)} {o.get('move', 0)} move(s), {o.get('levy', 0)} levy"
            for s, o in orders.items()
        )
        lines.append(f"   orders: {shown}")
    event = public.get("event")
    if event:
        lines.append(f"   event: {event['card']} for {_name(definition, event['side'])}")
    lines.extend(_battles_and_trophies(definition, public))
    lines.extend(render_pieces(definition, view))
    lines.extend(render_cards(view, once))
    return "\n".join(lines)


def _battles_and_trophies(definition: GameDef, public: dict[str, Any]) -> list[str]:
    """The battles to fight and the one in progress (JC 7.1), blocks that defected (Jupiter)
    and the enemy leaders each side killed (JC 1.2), in words; a record of another shape
    than these is still shown, as :func:`words` writes it."""
    lines = []
    battles = public.get("battles")
    if battles:
        lines.append(f"   battles to fight: {words(battles)}")
    battle = public.get("battle")
    if isinstance(battle, dict) and {"location", "round", "attacker", "defender"} <= set(battle):
        lines.append(
            f"   battle at {battle['location']}, round {battle['round']}: "
            f"{_name(definition, battle['attacker'])} attacks "
            f"{_name(definition, battle['defender'])}"
        )
    elif battle:
        lines.append(f"   battle: {words(battle)}")
    defected = public.get("defected")
    if isinstance(defected, dict) and defected:
        shown = ", ".join(f"{b} (from {_name(definition, s)})" for b, s in defected.items())
        lines.append(f"   defected: {shown}")
    trophies = public.get("trophies")
    if isinstance(trophies, dict) and any(trophies.values()):
        shown = "; ".join(
            f"{_name(definition, s)} {words(killed)}" for s, killed in trophies.items() if killed
        )
        lines.append(f"   enemy leaders killed: {shown}")
    return lines


#: The phase of the turn each kind of decision belongs to (JC 2.0's sequence of play).
PHASES = {
    "deploy": "set-up (JC 5.3)",
    "discard": "card phase (JC 2.1)",
    "play": "card phase (JC 2.1)",
    "group": "command phase: moves (JC 6.1)",
    "move": "command phase: moves (JC 6.1)",
    "main": "command phase: moves (JC 7.3)",
    "levy": "command phase: levies (JC 6.4)",
    "battle": "battle phase (JC 7.0)",
    "battle_turn": "battle phase (JC 7.2)",
    "hit": "battle phase (JC 7.4)",
    "retreat": "battle phase (JC 7.6)",
    "regroup": "battle phase: regroup (JC 7.7)",
    "navis_to_port": "winter (JC 8.2)",
    "remove": "winter supply (JC 8.3)",
    "disband": "winter: disband (JC 8.5)",
    "choose": "event (JC 2.1)",
}


def page_parts(definition: GameDef, view: dict[str, Any]) -> dict[str, Any]:
    """The browser page's Julius Caesar parts, from the view only: year, turn and phase, VP
    as a player would count them, Player 1, the cards played, the orders, the battle."""
    public = view["records"]
    calendar = view["vars"]
    status = []
    if "year" in calendar:
        status.append({"label": "year", "text": str(calendar["year"])})
    if "turn" in calendar:
        status.append({"label": "turn", "text": str(calendar["turn"])})
    prompt = view.get("prompt")
    if prompt is not None:
        kind = str(prompt.get("kind", ""))
        status.append({"label": "phase", "text": PHASES.get(kind, kind.replace("_", " "))})
    vps = " · ".join(f"{_name(definition, s)} {view_vp(definition, view, s)}" for s in model.SIDES)
    status.append({"label": "VP", "text": vps})
    if public.get("player1"):
        status.append({"label": "Player 1", "text": _name(definition, public["player1"])})
    panels = []
    cards = public.get("cards") or {}
    if cards:
        panels.append(
            {
                "title": "Cards played",
                "lines": [
                    f"{_name(definition, s)}: {card_words(definition, c)}" for s, c in cards.items()
                ],
            }
        )
    orders = public.get("orders") or {}
    if orders:
        panels.append(
            {
                "title": "Orders",
                "lines": [
                    f"{_name(definition, s)}: {o.get('move', 0)} move(s), {o.get('levy', 0)} levy"
                    for s, o in orders.items()
                ],
            }
        )
    battle = public.get("battle")
    if battle:
        panels.append(
            {
                "title": f"Battle at {battle['location']}",
                "lines": [
                    f"round {battle['round']}: {_name(definition, battle['attacker'])} "
                    f"attacks {_name(definition, battle['defender'])}"
                ],
            }
        )
    if public.get("battles"):
        panels.append({"title": "Battles to fight", "lines": [words(public["battles"])]})
    event = public.get("event")
    if event:
        panels.append(
            {"title": "Event", "lines": [f"{event['card']} for {_name(definition, event['side'])}"]}
        )
    for key in ("defected", "trophies"):
        if public.get(key):
            panels.append({"title": key.capitalize(), "lines": [words(public[key])]})
    labels = {card: card_words(definition, card) for card in definition.cards}
    return {"status": status, "panels": panels, "cards": labels}


#: The strengths of a block as the logs of battles write them (JC prints them in Roman).
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
_REVEALED = re.compile(r"\(([A-D]\d(?:/[A-D]\d)?), (IV|I{1,3})\)")
_STRENGTH = re.compile(
    r"(?<=strength )(IV|I{1,3})\b|(?<=step: )(IV|I{1,3}) -> (IV|I{1,3})\b|(?<=block at )(IV|I{1,3})\b"
)
#: The words for each kind of connection (the map's kinds).
ROADS = {"major": "major road", "minor": "minor road", "strait": "strait", "sea": "sea"}


class CaesarBoard(TextBoard):
    """Julius Caesar at the terminal: each road's limit and what moved along it this turn
    (JC 6.11, from the public record of the turn's moves), VP and winter supply of each city
    (JC 1.2, 8.3), ratings and strengths explained, and a strength written one way: ``[3]``,
    in the logs of battles too (the rules' log writes the printed Roman numerals)."""

    def connection_note(
        self, view: Mapping[str, Any], here: str, there: str, kinds: Sequence[str]
    ) -> str:
        notes = []
        for kind in kinds:
            if kind == "sea":
                continue
            limit = self.params.get(f"road_limit.{kind}")
            if limit is None:
                continue
            text = f"{ROADS.get(kind, kind)}, {limit} blocks a turn"
            if kind == "strait":
                attack = self.params.get("road_limit.strait_attack")
                text += f" ({attack} attacking a defended city)" if attack is not None else ""
            notes.append(text)
        record = view["records"].get("command") or {}
        used = record.get("road_use") or {}
        key = model.road_key(here, there)
        moved = [
            f"{_name(self.definition, side)} {roads[key]}"
            for side, roads in sorted(used.items())
            if isinstance(roads, dict) and roads.get(key)
        ]
        if moved:
            notes.append("moved along it this turn: " + ", ".join(moved))
        return "; ".join(notes)

    def space_facts(self, view: Mapping[str, Any], space: str) -> list[str]:
        lines = super().space_facts(view, space)
        found = self.board.spaces[space]
        base = self.params.get("winter_supply_base")
        if found.category == "land" and base is not None:
            lines.insert(
                1,
                f"supplies {int(base) + found.vp} blocks in winter ({base} + its VP, JC 8.3)",
            )
        return lines

    def legend_notes(self, view: Mapping[str, Any], style: Style) -> list[str]:
        return [
            "a block: Legio 8 [3] is its strength now, 3 steps (JC 3.11); `blocks` adds its "
            "full strength (of 4) and its rating: C3 fires in the C turn of a battle round "
            "(A first, then B, C, D) and hits on a d6 of 1 to 3 (JC 3.12, 7.4)",
            "a card 3/2: 3 move points, then 2 levy points (JC 2.1)",
            "road limits: how many blocks of one side may move along a road in a turn "
            "(JC 6.11); `where PLACE` gives each road's and what moved along it",
        ]

    def words(self, text: str) -> str:
        """Strengths in brackets: ``reveals Legio 8 (C3, III)`` reads ``reveals Legio 8 [3]
        (C3)``, ``loses a step: III -> II`` reads ``loses a step: [3] -> [2]``."""
        text = _REVEALED.sub(lambda m: f"[{_ROMAN[m.group(2)]}] ({m.group(1)})", text)

        def bracket(found: re.Match[str]) -> str:
            if found.group(2):
                return f"[{_ROMAN[found.group(2)]}] -> [{_ROMAN[found.group(3)]}]"
            return f"[{_ROMAN[found.group(1) or found.group(4)]}]"

        return _STRENGTH.sub(bracket, text)
