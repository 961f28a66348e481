"""The kit's turn records in words: a block game's terminal screen and browser page.

The card-driven turn of the Columbia block games writes the same public records through the
kit (:mod:`legatus.framework.kit.cards`, :mod:`legatus.framework.kit.battle`): the card each
side played (``cards``), Player 1 (``player1``), the orders the cards give (``orders``), the
event played (``event``), the battles to fight (``battles``) and the one under way
(``battle``). This module writes them, and the game's score, for the player: as lines at the
top of the terminal screen (:func:`render_view`) and as the browser page's status and panels
(:func:`page_parts`). What differs between games is :class:`Pages`: the words of each kind
of decision's phase (citing the game's sections), the score and its name, and which records
are the calendar. Built from a side's view alone, like the generic renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from legatus.framework.engine.render import render_cards, render_pieces, words
from legatus.framework.engine.textboard import TextBoard
from legatus.framework.kit.borders import border_key
from legatus.framework.model.gamedef import GameDef

#: A side's score counted from a view: ``(definition, view, side) -> number``.
Score = Callable[[GameDef, Mapping[str, Any], str], int]


@dataclass(frozen=True)
class Pages:
    """A game's words for the kit's records: the phase each kind of decision belongs to,
    its score (``score_label``: what it counts), the records that date the turn (shown
    with the status; the sequence's own counters otherwise) and other records to show."""

    phases: Mapping[str, str] = field(default_factory=dict)
    score: Score | None = None
    score_label: str = "score"
    calendar: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()


def card_words(definition: GameDef, card: str) -> str:
    """A card with the values it prints: ``2 (moves 2)``; an event by its name."""
    found = definition.cards.get(card)
    if found is None or not found.values:
        return card
    return f"{card} ({', '.join(f'{k} {v}' for k, v in found.values.items())})"


def _name(definition: GameDef, side: Any) -> str:
    return definition.side_name(str(side)) if side in definition.side_ids else str(side)


def status(definition: GameDef, view: Mapping[str, Any], pages: Pages) -> list[dict[str, str]]:
    """The short facts of the header: the calendar, the phase, the score, Player 1."""
    records = view["records"]
    found = [{"label": k, "text": words(records[k])} for k in pages.calendar if k in records]
    if not found:
        found = [{"label": k, "text": words(v)} for k, v in view["vars"].items()]
    prompt = view.get("prompt")
    if prompt is not None:
        kind = str(prompt.get("kind", ""))
        found.append({"label": "phase", "text": pages.phases.get(kind, kind.replace("_", " "))})
    if pages.score is not None:
        text = " · ".join(
            f"{_name(definition, s)} {pages.score(definition, view, s)}"
            for s in definition.side_ids
        )
        found.append({"label": pages.score_label, "text": text})
    if records.get("player1"):
        found.append({"label": "Player 1", "text": _name(definition, records["player1"])})
    return found


def panels(definition: GameDef, view: Mapping[str, Any], pages: Pages) -> list[dict[str, Any]]:
    """The turn's records as panels: the cards played and their orders, the event, the
    battle under way and those to fight, then the game's other records (``shown``)."""
    records = view["records"]

    def name(side: Any) -> str:
        return _name(definition, side)

    found: list[dict[str, Any]] = []
    cards = records.get("cards") or {}
    if any(cards.values()):
        lines = [f"{name(s)}: {card_words(definition, c)}" for s, c in cards.items() if c]
        found.append({"title": "Cards played", "lines": lines})
    orders = records.get("orders") or {}
    if orders:
        lines = [f"{name(s)}: {words(o)}" for s, o in orders.items()]
        found.append({"title": "Orders", "lines": lines})
    event = records.get("event")
    if isinstance(event, dict) and event.get("card"):
        found.append({"title": "Event", "lines": [f"{event['card']} for {name(event['side'])}"]})
    battle = records.get("battle")
    if isinstance(battle, dict) and {"location", "round", "attacker", "defender"} <= set(battle):
        line = f"round {battle['round']}: {name(battle['attacker'])} attacks {name(battle['defender'])}"
        found.append({"title": f"Battle at {battle['location']}", "lines": [line]})
    if records.get("battles"):
        found.append({"title": "Battles to fight", "lines": [words(records["battles"])]})
    for key in pages.shown:
        if records.get(key) not in (None, [], {}, "", False):
            found.append(
                {"title": key.replace("_", " ").capitalize(), "lines": [words(records[key])]}
            )
    return found


def page_parts(definition: GameDef, view: Mapping[str, Any], pages: Pages) -> dict[str, Any]:
    """The browser page's parts (:meth:`GamePlugin.page_parts`): status, panels, card words."""
    labels = {card: card_words(definition, card) for card in definition.cards}
    return {
        "status": status(definition, view, pages),
        "panels": panels(definition, view, pages),
        "cards": labels,
    }


def render_view(definition: GameDef, view: Mapping[str, Any], pages: Pages) -> str:
    """The terminal's screen: the status in one line, each panel in a line, the pieces and
    the cards (cards with their values)."""
    you = _name(definition, view["side"])
    facts = ", ".join(f"{f['label']} {f['text']}" for f in status(definition, view, pages))
    lines = [f"== {definition.title} — you are {you} ==  ({facts})"]
    for panel in panels(definition, view, pages):
        lines.append(f"   {panel['title'].lower()}: {'; '.join(panel['lines'])}")
    lines.extend(render_pieces(definition, dict(view)))
    lines.extend(render_cards(dict(view), lambda card: card_words(definition, card)))
    return "\n".join(lines)


class LimitBoard(TextBoard):
    """The terminal's board with each border's limit, from the rules' parameters
    ``{limits}.{kind}`` (blocks of a side per turn across a border of that kind), and
    what crossed it this turn (the kit's public ``road_use`` of the ``command`` record)."""

    limits = "border_limit"

    def connection_note(
        self, view: Mapping[str, Any], here: str, there: str, kinds: Sequence[str]
    ) -> str:
        notes = [
            f"{kind}, {self.params[f'{self.limits}.{kind}']} blocks a turn"
            for kind in kinds
            if f"{self.limits}.{kind}" in self.params
        ]
        used = (view["records"].get("command") or {}).get("road_use") or {}
        key = border_key(here, there)
        moved = [
            f"{_name(self.definition, side)} {crossed[key]}"
            for side, crossed in sorted(used.items())
            if isinstance(crossed, dict) and crossed.get(key)
        ]
        if moved:
            notes.append("crossed this turn: " + ", ".join(moved))
        return "; ".join(notes)
