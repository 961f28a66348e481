"""The naval module's combat as a board for the browser (GBoJC 5.4, 7.1, 8.1-8.6), from a
side's view alone.

A combat is read off the procedures' frames as the side may read them (every field the
naval procedures keep is open to both sides: the game has no hidden pieces):

* a ``reaction`` frame: a ship fires at another (8.4), sets fire to it (8.51) or tries to
  grapple it (8.1); the ship fired upon decides whether to fire back (8.42);
* a ``ship_move`` frame at its ``combat`` stage: the ship chooses to fire, grapple or cut
  sails (8.41, 8.1, 7.1), and the enemy ships in its reach stand beside it; at its
  ``grappled`` stage it tries to break free of the ships grappled to it (8.31);
* a ``squadron_turn`` frame in its boarding segment (3.0 E/2, 8.2): the squadron's ships
  grappled to enemies, with the marines each has left to send this turn (8.22), and the
  enemy ships they may board.

Each ship shows the numbers a player weighs (C#, M# now and the marines left to board,
depletion, fatigue, the ships it is grappled to, captured, burning, sails cut); the ship
whose decision it is is highlighted; the activation's log gives the rolls (the die or
the two dice's total, as the naval module logs them) and their results, and the ships
sunk or captured in this activation stand apart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from legatus import GameDef
from legatus.games.gbojc_naval.fleet import COMMANDER, GALLEY

#: A log entry that opens an activation (``activation.ActivateSquadrons``).
ACTIVATES = re.compile(r"^\S+ activates ")
#: A roll as the naval module writes it in the log: ``roll 4``, ``roll 3-1``, ``(5)``.
ROLL = re.compile(r"\broll (\d+)|\((\d+)\)")
#: A boarding that took its target (``combat.board``).
CAPTURED = re.compile(r" board (.+?) \(.*\): captured$")
#: A ship lost to fire (``phases.fight_fires``).
SUNK = re.compile(r"^(.+?) burns and sinks")

_FRAMES = ("reaction", "ship_move", "squadron_turn", "place_commander")


def _frames(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The innermost frame of each of the naval combat's procedures on the view's stack."""
    found: dict[str, dict[str, Any]] = {}
    for frame in view.get("stack") or ():
        if frame.get("p") in _FRAMES:
            found[str(frame["p"])] = frame
    return found


def _activation_log(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    log = view.get("log") or ()
    start = 0
    for index in range(len(log) - 1, -1, -1):
        if ACTIVATES.match(str(log[index].get("text", ""))):
            start = index
            break
    return [dict(entry) for entry in log[start:]]


class _Fleet:
    """The ships as the view shows them."""

    def __init__(self, definition: GameDef, view: Mapping[str, Any]) -> None:
        self.definition = definition
        self.known: Mapping[str, Any] = view["pieces"]["known"]
        turn = (view.get("records") or {}).get("turn") or {}
        self.used: Mapping[str, int] = turn.get("marines_used") or {}
        self.repelled = {tuple(pair) for pair in turn.get("repelled_by") or ()}
        self.grid = definition.board.hex_grid

    def entry(self, ship: str) -> Mapping[str, Any]:
        found: Mapping[str, Any] = self.known.get(ship) or {}
        return found

    def afloat(self, ship: str) -> bool:
        return self.entry(ship).get("at") not in (None, "out", "pool", "")

    def side(self, ship: str) -> str:
        return str(self.entry(ship).get("side", ""))

    def attrs(self, ship: str) -> Mapping[str, Any]:
        found: Mapping[str, Any] = self.entry(ship).get("attrs") or {}
        return found

    def flags(self, ship: str) -> list[str]:
        return list(self.entry(ship).get("flags") or ())

    def taken(self, ship: str) -> bool:
        return bool({"captured", "recaptured"} & set(self.flags(ship)))

    def crew(self, ship: str) -> int:
        return 0 if self.taken(ship) else int(self.definition.pieces[ship].stats["crew"])

    def marines(self, ship: str) -> int:
        if self.taken(ship):
            return 0
        printed = int(self.definition.pieces[ship].stats["marines"])
        return max(0, printed - int(self.attrs(ship).get("depletion", 0)))

    def marines_left(self, ship: str) -> int:
        return max(0, self.marines(ship) - int(self.used.get(ship, 0)))

    def grappled(self, ship: str) -> list[str]:
        return [str(s) for s in self.attrs(ship).get("grappled") or ()]

    def hexes(self, ship: str) -> tuple[str, ...]:
        entry = self.entry(ship)
        at, facing = entry.get("at"), entry.get("facing")
        if self.grid is None or at not in self.grid or facing is None:
            return ()
        length = self.definition.piece_types[self.definition.pieces[ship].type].length
        return tuple(h for h in self.grid.footprint(str(at), str(facing), length) if h)

    def within(self, a: str, b: str, reach: int) -> bool:
        if self.grid is None:
            return False
        grid = self.grid
        return any(grid.hex_distance(x, y) <= reach for x in self.hexes(a) for y in self.hexes(b))

    def enemies_near(self, ship: str, reach: int = 2) -> list[str]:
        side = self.side(ship)
        return sorted(
            other
            for other, entry in self.known.items()
            if other in self.definition.pieces
            and self.definition.pieces[other].type != COMMANDER
            and entry.get("side") != side
            and self.afloat(other)
            and self.within(ship, other, reach)
        )

    def commanders_on(self, ship: str) -> list[str]:
        return sorted(
            pid
            for pid, entry in self.known.items()
            if (entry.get("attrs") or {}).get("ship") == ship and entry.get("at") not in ("out",)
        )

    def card(self, ship: str, status: str, boarding: bool = False) -> dict[str, Any]:
        """A ship as the board shows it: C# and M# now, then its marks."""
        printed = self.definition.pieces[ship]
        attrs = self.attrs(ship)
        flags = self.flags(ship)
        marks = []
        left = self.marines_left(ship)
        if boarding or left != self.marines(ship):
            marks.append(f"M{left} left")
        if int(attrs.get("depletion", 0)):
            marks.append(f"depletion {attrs['depletion']}")
        if int(attrs.get("fatigue", 0)):
            marks.append(f"fatigued {attrs['fatigue']}")
        if printed.type == GALLEY and attrs.get("speed") == "max":
            marks.append("maximum speed")
        grappled = self.grappled(ship)
        if grappled:
            marks.append("grappled to " + ", ".join(grappled))
        for flag, words in (
            ("captured", "captured"),
            ("recaptured", "recaptured"),
            ("burning", "burning"),
            ("immobilised", "sails cut"),
        ):
            if flag in flags:
                marks.append(words)
        aboard = self.commanders_on(ship)
        if aboard:
            marks.append("aboard: " + ", ".join(aboard))
        return {
            "piece": ship,
            "known": True,
            "title": printed.title or ship,
            "side": self.side(ship),
            "rating": f"C{self.crew(ship)} M{self.marines(ship)}",
            "strength": None,
            "steps": None,
            "hits": 0,
            "status": status,
            "marks": marks,
        }


def _events(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    shown = []
    for entry in entries:
        text = str(entry.get("text", ""))
        item: dict[str, Any] = {"text": text}
        rolled = [int(a or b) for a, b in ROLL.findall(text)]
        if rolled:
            item["dice"] = rolled
        shown.append(item)
    return shown


def battle_board(
    definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
) -> dict[str, Any] | None:
    frames = _frames(view)
    squadron = frames.get("squadron_turn")
    if squadron is None:
        return None
    ships = _Fleet(definition, view)
    name = definition.side_name
    reaction = frames.get("reaction")
    move = frames.get("ship_move")
    # involved: side -> (line label, ships); deciding: the ships whose decision it is
    acting: list[str] = []
    facing: list[str] = []
    labels = ("", "")
    deciding: list[str] = []
    boarding = False
    if reaction is not None:
        args = reaction["args"]
        shooter, target = str(args["shooter"]), str(args["target"])
        if args.get("grappling"):
            action = f"{shooter} tries to grapple {target} (8.1)"
        elif args.get("incendiary"):
            action = f"{shooter} fires incendiary missiles at {target} (8.51)"
        else:
            action = f"{shooter} fires at {target} with M{args.get('strength')} (8.4)"
        acting, facing = [shooter], [target]
        labels = ("grapples" if args.get("grappling") else "fires", "fired upon")
        if args.get("grappling"):
            labels = ("grapples", "grappled at")
        if not reaction.get("asked"):
            deciding = [target]
            stage = (
                f"{action}: {name(ships.side(target))} decides whether {target} fires back (8.42)"
            )
        else:
            stage = action
        at = target
    elif move is not None and move.get("stage") in ("combat", "grappled") and not move.get("over"):
        ship = str(move["args"]["ship"])
        if not ships.afloat(ship):
            return None
        acting = [ship]
        if move.get("stage") == "grappled":
            facing = ships.grappled(ship)
            labels = ("grappled", "grappled to it")
            stage = f"{name(ships.side(ship))}: {ship} tries to ungrapple or stays grappled (8.31)"
        else:
            facing = sorted(
                {*ships.enemies_near(ship), *(str(t) for t in move.get("fired_at") or ())} - {ship}
            )
            facing = [s for s in facing if ships.afloat(s)]
            if not facing:
                return None
            labels = ("acts", "in reach")
            stage = (
                f"{name(ships.side(ship))}: {ship} fires, grapples or cuts sails (8.4, 8.1, 7.1)"
            )
        deciding = [ship]
        at = ship
    elif squadron.get("boarding"):
        side = str(squadron["args"]["side"])
        own = [
            s
            for s in squadron["args"]["ships"]
            if ships.afloat(str(s)) and ships.side(str(s)) == side
        ]
        pairs = [(str(s), t) for s in own for t in ships.grappled(str(s)) if ships.side(t) != side]
        acting = sorted({s for s, _ in pairs})
        facing = sorted({t for _, t in pairs})
        if not pairs and not any(
            CAPTURED.search(str(e.get("text", ""))) for e in _activation_log(view)
        ):
            return None
        boarding = True
        labels = ("boards", "grappled")
        deciding = [
            s for s, t in pairs if ships.marines_left(s) >= 1 and (s, t) not in ships.repelled
        ]
        deciding = sorted(set(deciding))
        if squadron.get("closed") or not deciding:
            stage = f"{name(side)}'s boarding segment ends (8.2)"
        else:
            stage = f"{name(side)}: board a grappled ship or end the boarding segment (8.2)"
        at = facing[0] if facing else (acting[0] if acting else "")
    else:
        return None
    placing = frames.get("place_commander")
    if placing is not None and not placing.get("done"):
        commander = str(placing["args"]["commander"])
        stage += f"; {commander} is placed aboard one of " + ", ".join(placing["args"]["choices"])
    entries = _activation_log(view)
    lost: list[tuple[str, str]] = []  # (ship, how)
    for entry in entries:
        text = str(entry.get("text", ""))
        found = CAPTURED.search(text)
        if found:
            lost.append((found.group(1), "captured"))
        found = SUNK.match(text)
        if found:
            lost.append((found.group(1), "sunk"))
    gone_ids = {s for s, _ in lost}
    acting = [s for s in acting if s not in gone_ids]
    facing = [s for s in facing if s not in gone_ids]
    first_side = ships.side(acting[0]) if acting else str(squadron["args"]["side"])
    other_side = definition.opponent(first_side)
    sides = []
    for side, role, label, group in (
        (first_side, "attacker", labels[0], acting),
        (other_side, "defender", labels[1], facing),
    ):
        cards = [
            ships.card(s, "firing" if s in deciding else "waiting", boarding and side == first_side)
            for s in group
            if ships.side(s) == side
        ]
        gone = []
        for ship, how in lost:
            if ship not in definition.pieces:
                continue
            loser = definition.opponent(ships.side(ship)) if how == "captured" else ships.side(ship)
            if loser == side:
                card = ships.card(ship, how)
                if how == "captured":
                    card["to"] = f"captured by {name(ships.side(ship))}"
                gone.append(card)
        facts = []
        if boarding and side == first_side:
            facts.append(
                "marines left to board this turn: "
                + ", ".join(f"{s} M{ships.marines_left(s)}" for s in group)
                if group
                else "no ship left grappled to an enemy"
            )
        sides.append(
            {
                "side": side,
                "role": role,
                "lines": [{"label": label, "pieces": cards}] if cards else [],
                "reserves": [],
                "gone": gone,
                "facts": facts,
            }
        )
    title = "Boarding" if boarding else "Combat at sea"
    return {
        "at": ships.hexes(at)[0] if at and ships.hexes(at) else "",
        "title": title,
        "round": None,
        "rounds": None,
        "stage": stage,
        "sides": sides,
        "order": [],
        "current": deciding,
        "events": _events(entries[-30:]),
        "notes": [],
    }
