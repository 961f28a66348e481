"""Julius Caesar's battle as a board for the browser (JC 7.0-7.7), from a side's view alone.

The variables of the rules' procedure ``battle`` (``julius_caesar.rules``), in its frame as
the side may read it, say who attacks, the round, which blocks have had their turn, the
block whose hits are being taken and the reserves (tokens for those the side may not
identify); the view says each block's
strength; the battle's log says the hits each block took, who retreated and who was
eliminated. Each side's blocks are drawn in lines by initiative (A fires first, the
defender first on equal letters, JC 7.2), the reserves apart until they arrive (JC 7.3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from legatus import GameDef, Rating, battleboard, kit, natural_key


def _rating(definition: GameDef, pid: str, attacking: bool) -> Rating:
    return kit.combat_rating(definition, pid, attacking)


def battle_board(
    definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
) -> dict[str, Any] | None:
    found = battleboard.frame_of(view, "battle")
    frame = (found or {}).get("env") or {}
    if not frame.get("attacker"):
        return None
    location = str(frame["location"])
    attacker, defender = str(frame["attacker"]), str(frame["defender"])
    round_ = int(frame.get("round") or 1)
    arrival = int(params.get("reserve_arrival_round", 2))
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
    reserves = set(frame.get("reserves") or ()) if round_ < arrival else set()
    present = [b for b in blocks if known[b].get("at") == location]
    acted = set(frame.get("acted") or ())
    special = frame.get("first_fire") or None

    def key(block: str) -> tuple[int, str, int]:
        attacking = known[block].get("side") == attacker
        early = bool(
            special
            and round_ == 1
            and attacking
            and (
                special.get("mode") == "mars"
                or special.get("all_attackers")
                or block in (special.get("blocks") or ())
            )
        )
        return kit.turn_key(_rating(definition, block, attacking).initiative, attacking, early)

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
            rating = _rating(definition, block, attacking)
            status = "firing" if block in current else "acted" if block in acted else "waiting"
            card = battleboard.piece_card(
                definition, view, block, rating=str(rating), hits=hits[block], status=status
            )
            lines.setdefault(rating.initiative, []).append(card)
        held = [
            battleboard.piece_card(
                definition,
                view,
                b,
                rating=str(_rating(definition, b, attacking)),
                status="reserve",
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
            facts.append("its reserves are disrupted (JC 7.31)")
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
    rounds = int(params.get("battle_rounds", 4))
    if "winner" in frame:
        winner = frame["winner"]
        stage = (
            f"{name(str(winner[0]))} wins and may regroup (JC 7.7)" if winner else "no one is left"
        )
    elif pending:
        firer = str(pending[0])
        target = defender if known.get(firer, {}).get("side") == attacker else attacker
        stage = f"{name(target)} takes the hits of {firer} (JC 7.4)"
    elif current:
        owner = str(known[current[0]].get("side"))
        letter = keys[current[0]][1]
        verb = "must retreat" if round_ >= rounds and owner == attacker else "fire, pass or retreat"
        if round_ == 1:
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
        "rounds": rounds,
        "stage": stage,
        "sides": sides,
        "order": order,
        "current": current,
        "events": battleboard.events(entries[-30:]),
        "notes": notes,
    }
