"""Phases A to D and G of the turn (3.0): wind, squadrons, initiative, speeds, status."""

from __future__ import annotations

from typing import Any

from legatus import (
    FACINGS,
    OFF_MAP,
    PIECES,
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    Slot,
    make_prompt,
    piece,
    rotate,
)
from legatus.games.gbojc_naval import fleet
from legatus.games.gbojc_naval.losses import sink

# -- A. wind (6.21-6.24) -----------------------------------------------------------------


def set_wind(ctx: Context) -> None:
    """6.21: the scenario gives the wind's strength and direction at the start."""
    strength = int(ctx.param("wind.initial_strength"))
    direction = str(ctx.param("wind.initial_direction"))
    if direction not in FACINGS:
        raise ValueError(f"wind.initial_direction {direction!r} is not one of {FACINGS}")
    fleet.records(ctx.state).wind = {
        "strength": strength,
        "direction": direction,
        "calm": strength == 0,
    }
    ctx.log(f"Wind {strength} towards {direction}")


def shift_of(text: str) -> int:
    """'2 kraw. heksu w lewo' -> -2 (left: anticlockwise), '1 kraw. heksu w prawo' -> +1."""
    steps = int(text.split()[0])
    return -steps if text.endswith("lewo") else steps


def changed_strength(strength: int, change: int, least: int, most: int) -> int:
    """The wind's strength after a change from the table (6.24), within ``least``..``most``.

    A change never carries the wind past a bound, nor moves it the other way: a wind
    already below ``least`` (a calm, when ``wind.least`` is above 0) or above ``most``
    (a scenario's strong start) stays where it is until a change brings it back.

    >>> changed_strength(3, -2, 0, 6), changed_strength(1, -2, 0, 6), changed_strength(5, 2, 0, 6)
    (1, 0, 6)
    >>> changed_strength(0, 0, 1, 6), changed_strength(0, -1, 1, 6), changed_strength(0, 1, 1, 6)
    (0, 0, 1)
    """
    moved = strength + change
    if change < 0:
        return max(moved, min(strength, least))
    if change > 0:
        return min(moved, max(strength, most))
    return strength


def roll_wind(ctx: Context) -> None:
    """6.21, 6.23, 6.24: roll 2d6 on the wind table for the turn's strength; on a 7 roll
    again, and that roll's direction column turns the wind.

    The table's strengths are changes to the current strength (kept within
    ``wind.least``..``wind.most``, :func:`changed_strength`). "Martwa cisza" is
    strength 0: 6.21 says "Wynik „martwa cisza” oznacza wiatr o sile zerowej" and
    the table's legend "„Martwa cisza” = Siła wiatru wynosi 0", so the next turn's
    change counts from 0, and a calm lasts until a roll of 3 or 4 (+2, +1) raises
    the wind (the 0 of a 5-9 and the -1, -2 of a 10-11 leave it at 0). Any strength
    0 is a calm, however reached. The engine once kept the strength under a calm
    for the next change, so that a calm lasted its turn only (with the floor of 1
    it had, the wind reached 0 only through a calm); that reading, which no text
    supports, is the parameter ``wind.calm_keeps_strength`` and
    ``variants/calm_keeps_strength.variant``.
    """
    wind = fleet.wind(ctx.state)
    result = ctx.roll_on("wind", column="strength")
    cell = result.cell
    if cell.number is None:  # "Martwa cisza"
        wind["calm"] = True
        if not ctx.param("wind.calm_keeps_strength"):
            wind["strength"] = 0
        ctx.log(f"Wind roll {result.roll}: dead calm")
    else:
        low, high = int(ctx.param("wind.least")), int(ctx.param("wind.most"))
        wind["strength"] = changed_strength(int(wind["strength"]), cell.number, low, high)
        wind["calm"] = wind["strength"] == 0
        ctx.log(f"Wind roll {result.roll}: strength {cell.text} -> {wind['strength']}")
    if result.roll == 7:
        again = ctx.roll_on("wind", column="direction")
        wind["direction"] = rotate(wind["direction"], shift_of(again.cell.text))
        ctx.log(f"Wind direction roll {again.roll}: now towards {wind['direction']}")


# -- B. squadrons (5.2) --------------------------------------------------------------------


def in_command(ctx: Context, commander: str) -> list[str]:
    """5.21, 5.23: the ships within command range of the commander's ship."""
    d, state = ctx.definition, ctx.state
    ship = fleet.attr(state, commander, "ship", None)
    if ship is None or piece(state, ship).at in OFF_MAP:
        return []
    side = piece(state, ship).side
    reach = fleet.hex_reach(
        d, state, fleet.hexes(d, state, ship), side, fleet.command_range(d, state, commander)
    )
    found = []
    for other in fleet.ships_of(d, state, side):
        if other == ship or any(h in reach for h in fleet.hexes(d, state, other)):
            found.append(other)
    return found


def follows(ctx: Context, behind: str, ahead: str) -> bool:
    """5.22: ``behind`` sails astern of ``ahead`` in a line: its bow points straight at the
    stern of ``ahead`` (form 1), or, facing the same way, its bow touches the stern hex of
    ``ahead`` across a bow-quarter edge (form 2, echelon)."""
    d, state = ctx.definition, ctx.state
    grid = fleet.grid(d)
    bow, facing = piece(state, behind).at, fleet.facing(state, behind)
    stern = fleet.hexes(d, state, ahead)[-1]
    if grid.neighbour(bow, facing) == stern:
        return True
    if fleet.facing(state, ahead) != facing:
        return False
    return stern in (
        grid.neighbour(bow, rotate(facing, 1)),
        grid.neighbour(bow, rotate(facing, -1)),
    )


def line_astern(ctx: Context, ship: str) -> list[str]:
    """5.22: the line a command ship leads or is second in, front to back: single file only
    (a ship followed by two is where the line ends)."""
    d, state = ctx.definition, ctx.state
    side = piece(state, ship).side
    friends = [s for s in fleet.ships_of(d, state, side) if s != ship]
    ahead = [a for a in friends if follows(ctx, ship, a)]
    line = [ahead[0], ship] if len(ahead) == 1 else [ship]
    while True:
        behind = [b for b in friends if b not in line and follows(ctx, b, line[-1])]
        if len(behind) != 1:
            return line
        line.append(behind[0])


class SquadronForming(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    reach = Slot[dict[str, list[str]]](PIECES)  # commander -> the ships in its range (5.23)
    lines = Slot[dict[str, list[str]]](PIECES)  # commander -> its line astern (5.22)
    ask = Slot[list[str]](PIECES)  # the commanders still to choose range or line
    choices = Slot["dict[str, list[str]] | None"](PIECES)  # ship -> the commanders it may join


class FormSquadrons(Procedure):
    """5.24: every ship within range of a command ship (5.23) joins its squadron; a commander
    whose ship leads a line astern, or is second in it, may form its squadron of that line
    instead (5.22: then of the line's ships only); the player picks for a ship in several
    squadrons; the rest are individual squadrons (5.3)."""

    fields = SquadronForming.declaration()

    rule = "GBoJC 5.24"

    def start(self, ctx: Context, frame: Frame) -> None:
        forming = SquadronForming(frame)
        d, state = ctx.definition, ctx.state
        reach: dict[str, list[str]] = {}
        lines: dict[str, list[str]] = {}
        for side in d.side_ids:
            for commander in fleet.commanders(d, state, side):
                reach[commander] = in_command(ctx, commander)
                ship = fleet.attr(state, commander, "ship", None)
                if ship is None:
                    continue
                line = line_astern(ctx, ship)
                if len(line) > 1 and any(s not in reach[commander] for s in line):
                    lines[commander] = line
        forming.reach = reach
        forming.lines = lines
        forming.ask = sorted(lines)
        forming.choices = None

    def _assign(self, ctx: Context, forming: SquadronForming) -> None:
        d, state = ctx.definition, ctx.state
        members = {c: forming.lines.get(c) or ships for c, ships in forming.reach.items()}
        squadrons: dict[str, list[str]] = {c: [] for c in members}
        choices: dict[str, list[str]] = {}
        for ship in fleet.afloat(d, state):
            carriers = fleet.commanders_on(d, state, ship)
            options = carriers or [c for c, ships in members.items() if ship in ships]
            if len(options) == 1:
                squadrons[options[0]].append(ship)
            elif options:
                choices[ship] = sorted(options)
        fleet.records(state).squadrons = squadrons
        forming.choices = choices

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        forming = SquadronForming(frame)
        state = ctx.state
        if forming.ask:
            commander = forming.ask[0]
            side = piece(state, commander).side
            actions = [Action("by_range", (commander,)), Action("line_astern", (commander,))]
            return make_prompt(side, "squadron", f"form {commander}'s squadron", actions)
        if forming.choices is None:
            self._assign(ctx, forming)
        if not forming.choices:
            self._individuals(ctx)
            return None
        ship = min(forming.choices)
        side = piece(state, ship).side
        actions = [Action("assign", (ship, c)) for c in forming.choices[ship]]
        return make_prompt(side, "squadron", f"{ship} is in range of several commanders", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        forming = SquadronForming(frame)
        if action.kind in ("by_range", "line_astern"):
            commander = str(action.args[0])
            forming.ask.remove(commander)
            if action.kind == "by_range":
                del forming.lines[commander]
            else:
                ctx.log(f"{commander} forms a line astern: {', '.join(forming.lines[commander])}")
            return
        ship, commander = str(action.args[0]), str(action.args[1])
        assert forming.choices is not None, "a ship is assigned once the squadrons are formed"
        del forming.choices[ship]
        squadrons = fleet.records(ctx.state).squadrons
        squadrons[commander] = sorted([*squadrons[commander], ship])

    def _individuals(self, ctx: Context) -> None:
        d, state = ctx.definition, ctx.state
        squadrons = fleet.records(state).squadrons
        for commander in squadrons:
            squadrons[commander].sort()
        assigned = {s for ships in squadrons.values() for s in ships}
        fleet.records(state).individual = sorted(
            s for s in fleet.afloat(d, state) if s not in assigned
        )


# -- C. initiative (3.2) -------------------------------------------------------------------


class InitiativeFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    winner = Slot["str | None"](PUBLIC, default=None)


class Initiative(Procedure):
    """3.2: each player rolls 1d6 plus the admiral's initiative; ties roll again; the higher
    chooses to go first or second in phases D-F."""

    fields = InitiativeFrame.declaration()

    rule = "GBoJC 3.2"

    def start(self, ctx: Context, frame: Frame) -> None:
        roll = InitiativeFrame(frame)
        d, state = ctx.definition, ctx.state
        fleet.records(state).turn = {}
        while True:
            totals = {}
            for side in d.side_ids:
                boss = fleet.admiral(d, state, side)
                bonus = int(d.pieces[boss].stats["initiative"]) if boss else 0
                totals[side] = ctx.roll(1, what=f"the initiative of {side}")[0] + bonus
            ctx.log("Initiative: " + ", ".join(f"{s} {t}" for s, t in totals.items()))
            best = max(totals.values())
            winners = [s for s, t in totals.items() if t == best]
            if len(winners) == 1:
                roll.winner = winners[0]
                return

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        roll = InitiativeFrame(frame)
        if roll.winner is None:
            return None
        actions = [Action("go_first"), Action("go_second")]
        return make_prompt(roll.winner, "initiative", "you won the initiative", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        roll = InitiativeFrame(frame)
        winner = roll.winner
        assert winner is not None, "the initiative is asked only of its winner"
        del roll.winner
        first = winner if action.kind == "go_first" else ctx.definition.opponent(winner)
        fleet.records(ctx.state).first = first
        ctx.log(f"{first} goes first this turn")


# -- D. speeds (6.11-6.12) -----------------------------------------------------------------


def may_use_maximum(ctx: Context, ship: str) -> bool:
    """6.12, 6.44, 8.64, 5.52: fatigued, captured, grappled or C0 galleys, and galleys whose
    commander came aboard by transfer and still shows the reduced side, stay at cruise."""
    d, state = ctx.definition, ctx.state
    if not fleet.is_galley(d, ship) or fleet.taken_ship(state, ship):
        return False
    if fleet.attr(state, ship, "fatigue") > 0 or fleet.grappled_to(state, ship):
        return False
    if fleet.crew(d, state, ship) == 0:
        return False
    return not any(
        fleet.attr(state, c, "transferred", False) for c in fleet.commanders_on(d, state, ship)
    )


class SpeedsFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    eligible = Slot[list[str]](PIECES)  # the galleys that may still change speed


class ChooseSpeeds(Procedure):
    """Phase D (6.11-6.12): the Roman player turns each galley's counter to cruise or maximum
    speed, one galley at a time, then ends the phase."""

    fields = SpeedsFrame.declaration()

    rule = "GBoJC 6.12"

    def start(self, ctx: Context, frame: Frame) -> None:
        speeds = SpeedsFrame(frame)
        d, state = ctx.definition, ctx.state
        eligible = []
        for ship in fleet.afloat(d, state):
            if not fleet.is_galley(d, ship):
                continue
            if may_use_maximum(ctx, ship):
                eligible.append(ship)
            else:
                fleet.set_attr(state, ship, "speed", "cruise")
        speeds.eligible = sorted(eligible)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        speeds = SpeedsFrame(frame)
        if not speeds.eligible:
            return None
        state = ctx.state
        side = piece(state, speeds.eligible[0]).side
        actions = [Action("speeds_set")]
        for ship in speeds.eligible:
            speed = fleet.attr(state, ship, "speed", "cruise")
            actions.append(Action("maximum" if speed == "cruise" else "cruise", (ship,)))
        return make_prompt(side, "speed", "set each galley's speed", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        speeds = SpeedsFrame(frame)
        if action.kind == "speeds_set":
            speeds.eligible = []
            return
        ship = str(action.args[0])
        fleet.set_attr(ctx.state, ship, "speed", "max" if action.kind == "maximum" else "cruise")
        speeds.eligible.remove(ship)
        ctx.log(f"{ship} at {action.kind} speed")


# -- G. status (8.53-8.54, 6.45) -----------------------------------------------------------


PUT_OUT = "Ogień ugaszony."
SUNK = "Okręt spłonął i zatonął."
MAY_SPREAD = "Okręt wciąż płonie, ogień może się przenieść na inny okręt. *"


def fight_fires(ctx: Context) -> None:
    """8.53-8.54: each burning ship rolls on the firefighting table; on a 4 the fire may jump
    to each ship grappled to it (1d6, fire.spreads_on or more); a ship that caught fire this
    way fights it only from the next turn's status phase."""
    d, state = ctx.definition, ctx.state
    burning = [s for s in fleet.afloat(d, state) if fleet.has(state, s, "burning")]
    caught: list[str] = []
    for ship in burning:
        if piece(state, ship).at in OFF_MAP:
            continue
        result = ctx.roll_on("firefighting")
        text = result.cell.text
        ctx.fired("GBoJC 8.54")
        if text == PUT_OUT:
            _set_flag(state, ship, "burning", False)
            ctx.log(f"{ship}: fire put out ({result.roll})")
        elif text == SUNK:
            ctx.log(f"{ship} burns and sinks ({result.roll})")
            sink(ctx, ship)
        else:
            ctx.log(f"{ship} still burns ({result.roll}): {text}")
            if text == MAY_SPREAD:
                for other in fleet.grappled_to(state, ship):
                    if fleet.has(state, other, "burning") or other in caught:
                        continue
                    spread = ctx.roll(1, what=f"the fire of {ship} spreading to {other}")
                    if spread[0] >= int(ctx.param("fire.spreads_on")):
                        caught.append(other)
                        ctx.log(f"the fire spreads to {other}")
    for ship in caught:
        _set_flag(state, ship, "burning", True)


def _set_flag(state: dict[str, Any], ship: str, flag: str, on: bool) -> None:
    from legatus import set_flag

    set_flag(state, ship, flag, on)


def recover_fatigue(ctx: Context) -> None:
    """6.45 (3.0 G/2): remove Fatigued-1; lower every higher marker by one.

    A marker placed this turn is left as it is: its first reduction comes in the
    next turn's status phase. 6.43 says "Z-3 oznacza, że załoga będzie zmęczona
    przez następne 3 tury" (tired for the next 3 turns), and 6.44's example gives
    the Fatigued-2 galley of 6.43 (cruise 4) a top speed of 2 "w następnej turze":
    both need the marker to reach the next turn unchanged (lowered the same turn it
    would tire the galley for 2 turns and let it make 3). The note to 6.43, that
    there is no F-1 result because such a crew would rest "niemal natychmiast"
    (almost at once), reads more naturally the other way, where an F-1 would vanish
    in the very phase G of its test; that reading, the engine's former one, is the
    parameter ``fatigue.recovers_same_turn`` and ``variants/fatigue_same_turn.variant``.
    The default takes the rule's own words and its worked example over an aside that
    explains a missing result: under it an F-1 would tire a galley for one turn only,
    which "almost at once" need not contradict.

    The galleys tested this turn are in ``records["turn"]["fatigued"]``
    (:func:`legatus.games.gbojc_naval.activation.fatigue_test`).
    """
    state = ctx.state
    fresh: list[str] = []
    if not ctx.param("fatigue.recovers_same_turn"):
        fresh = list(fleet.records(state).turn.get("fatigued", []))
    for ship in fleet.afloat(ctx.definition, state):
        level = int(fleet.attr(state, ship, "fatigue"))
        if level > 0 and ship not in fresh:
            fleet.set_attr(state, ship, "fatigue", level - 1)
