"""A block battle as a board for the browser, from one side's view alone.

The variables of the rules file's battle procedure, in its frame as the side may read them
(``location``, ``attacker``, ``defender``, ``round``, ``blocks``, ``reserves``, ``acted``,
``firing``, ``first_fire``, ``disrupted_sides``, ``winner``), say who attacks, the round, which
blocks have had their turn, the block whose hits are being taken and the reserves (tokens for
those the side may not identify); the view says each block's strength; the battle's log says
the hits each block took (``hit``), who retreated (``retreat``) and who was eliminated
(``eliminated``). Each side's blocks are drawn in lines by initiative (A first, the defender
first on equal letters: Julius Caesar 7.2, Hammer of the Scots 5.31), the reserves apart until
they arrive (Julius Caesar 7.3, Hammer of the Scots 5.33). What differs between games is
:class:`BoardRules`: the procedure's name, the rounds, which blocks an event puts first, and
the words (a game cites its sections there).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from legatus.framework.engine import battleboard
from legatus.framework.engine.render import natural_key
from legatus.framework.kit.combat import combat_rating, rating_at, turn_key
from legatus.framework.model.gamedef import GameDef

#: An event's first fire: (the grant in the frame, a block of the attacker) -> it fires first.
Early = Callable[[Mapping[str, Any], str], bool]


@dataclass(frozen=True)
class BoardRules:
    """A game's battle board: its procedure, its rounds (reserves arrive in ``arrival_round``,
    the attacker must retreat in ``last_round``, a block may retreat from ``retreat_from``),
    the blocks an event puts first in round 1 (``early``), the fire of a block defending one
    of its homes (``home_fire``, 0 for none: :func:`~legatus.framework.kit.combat.rating_at`)
    and its words."""

    procedure: str = "battle"
    arrival_round: int = 2
    last_round: int = 4
    retreat_from: int = 2
    early: Early | None = None
    home_fire: int = 0
    disrupted: str = "its reserves are disrupted"
    regroup: str = "wins and may regroup"
    hits: str = "takes the hits of {firer}"


def battle_board(
    definition: GameDef, view: Mapping[str, Any], rules: BoardRules
) -> dict[str, Any] | None:
    """The board of the battle under way in ``view``, or None between battles."""
    found = battleboard.frame_of(view, rules.procedure)
    frame = (found or {}).get("env") or {}
    if not frame.get("attacker"):
        return None
    location = str(frame["location"])
    attacker = str(frame["attacker"])
    # A two-sided game's procedure may keep the attacker alone: the defender is the other.
    defender = str(frame.get("defender") or next(s for s in definition.side_ids if s != attacker))
    round_ = int(frame.get("round") or 1)
    known = view["pieces"]["known"]
    name = definition.side_name

    def opens(entry: Mapping[str, Any]) -> bool:
        data = entry.get("data") or {}
        return data.get("event") == "battle" and data.get("at") == location

    entries = battleboard.battle_log(view, opens, keep=400)
    hits: Counter[str] = Counter()
    gone: dict[str, tuple[str, str]] = {}
    for entry in entries:
        data = entry.get("data") or {}
        block = data.get("block")
        if not isinstance(block, str) or block not in known:
            continue
        if data.get("event") == "hit":
            hits[block] += 1
        elif data.get("event") in ("retreat", "eliminated"):
            gone[block] = (
                "retreated" if data["event"] == "retreat" else "eliminated",
                str(data.get("at", "")),
            )
    blocks = [b for b in frame.get("blocks") or () if b in known]
    reserves = set(frame.get("reserves") or ()) if round_ < rules.arrival_round else set()
    present = [b for b in blocks if known[b].get("at") == location]
    acted = set(frame.get("acted") or ())
    special = frame.get("first_fire") or None

    def rating(block: str, attacking: bool) -> str:
        return str(rating_at(definition, block, attacking, location, rules.home_fire))

    def key(block: str) -> tuple[int, str, int]:
        attacking = known[block].get("side") == attacker
        early = bool(
            special and round_ == 1 and attacking and rules.early and rules.early(special, block)
        )
        return turn_key(combat_rating(definition, block, attacking).initiative, attacking, early)

    fighting = [b for b in present if b not in reserves]
    waiting = [b for b in fighting if b not in acted]
    keys = {b: key(b) for b in waiting}
    order = [
        sorted((b for b in waiting if keys[b] == k), key=natural_key)
        for k in sorted(set(keys.values()))
    ]
    prompt = view.get("prompt") or {}
    pending = frame.get("firing") or None
    current = order[0] if order and prompt.get("kind") == "battle_turn" and not pending else []
    sides = []
    for side, role in ((attacker, "attacker"), (defender, "defender")):
        attacking = side == attacker
        lines: dict[str, list[dict[str, Any]]] = {}
        for block in sorted((b for b in fighting if known[b].get("side") == side), key=natural_key):
            status = "firing" if block in current else "acted" if block in acted else "waiting"
            shown = rating(block, attacking)
            card = battleboard.piece_card(
                definition, view, block, rating=shown, hits=hits[block], status=status
            )
            lines.setdefault(shown[0], []).append(card)
        held = [
            battleboard.piece_card(
                definition, view, b, rating=rating(b, attacking), status="reserve"
            )
            for b in sorted(reserves, key=natural_key)
            if b in present and known[b].get("side") == side
        ]
        unknown = battleboard.unknown_at(view, location).get(side, 0)
        if unknown:
            held.append(battleboard.unknown_card(side, unknown))
        out = [
            battleboard.piece_card(definition, view, b, hits=hits[b], status=how)
            | {"to": to if how == "retreated" else ""}
            for b, (how, to) in sorted(gone.items(), key=lambda item: natural_key(item[0]))
            if known[b].get("side") == side
        ]
        facts = [f"{'attacks' if attacking else 'defends'} {location}"]
        taken = sum(hits[b] for b in blocks if known[b].get("side") == side)
        if taken:
            facts.append(f"{taken} hit{'s' * (taken != 1)} taken")
        if side in (frame.get("disrupted_sides") or ()):
            facts.append(rules.disrupted)
        sides.append(
            {
                "side": side,
                "role": role,
                "lines": [{"label": letter, "pieces": lines[letter]} for letter in sorted(lines)],
                "reserves": held,
                "gone": out,
                "facts": facts,
            }
        )
    if "winner" in frame:
        winner = frame["winner"]
        stage = f"{name(str(winner[0]))} {rules.regroup}" if winner else "no one is left"
    elif pending:
        firer = str(pending[0])
        target = defender if known.get(firer, {}).get("side") == attacker else attacker
        stage = f"{name(target)} {rules.hits.format(firer=firer)}"
    elif current:
        owner = str(known[current[0]].get("side"))
        letter = keys[current[0]][1]
        must = round_ >= rules.last_round and owner == attacker
        verb = "must retreat" if must else "fire, pass or retreat"
        if round_ < rules.retreat_from:
            verb = "fire or pass"
        stage = f"{name(owner)}'s {letter} block{'s' * (len(current) > 1)} {verb}"
    else:
        stage = f"round {round_}"
    notes = []
    if special and round_ == 1:
        notes.append(f"{str(special.get('mode', '')).capitalize()}: the attack fires first")
    return {
        "at": location,
        "title": f"Battle at {location}",
        "round": round_,
        "rounds": rules.last_round,
        "stage": stage,
        "sides": sides,
        "order": order,
        "current": current,
        "events": battleboard.events(entries[-30:]),
        "notes": notes,
    }
