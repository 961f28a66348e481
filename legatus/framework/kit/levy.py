"""Levies: new blocks from a side's pool and steps for its blocks on the map.

The Columbia block games raise forces the same way (Julius Caesar's levy points, the
builds of Hammer of the Scots' winter, Crusader Rex's musters): each point buys either a
block from the side's pool, placed where its type may enter play, or one step more for a
block already on the map, up to its highest strength. What varies is data and a few
readings, which are arguments here:

- where a type enters play is the pieces file's ``levy`` field (the schema's contract):
  ``named`` (each piece's own space), ``none`` (never levied), or the kinds or categories
  of spaces it may enter; only spaces *friendly* to the side count (its blocks there, no
  enemy's): never vacant or contested ones;
- the strength a new block enters at: ``minimum`` (its lowest strength) or ``one``;
- whether a block in a contested space may take a step;
- the blocks a game holds back (a side's reserve leader, say): the rules file passes
  them;
- a block eliminated this year lies in the pool with one of :data:`ELIMINATED` set
  (face up for the enemy to see, or face down) and is not levied until the flags are
  cleared at the year's end.

The primitives read the state once per decision (:func:`options`, kept in the context's
memo), since a levy decision asks the same questions several times (whether anything may
be levied, which blocks, which spaces for each).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from legatus.framework.engine.core import Context, EngineError
from legatus.framework.engine.state import OFF_MAP, State
from legatus.framework.kit.movement import FRIENDLY, Occupancy, place
from legatus.framework.model.gamedef import GameDef, Piece
from legatus.framework.rules.registry import rules_effect, rules_query

#: Piece flags of a block eliminated this year that lies in its pool (face up for the
#: enemy to see, or face down): it may not be levied until they are cleared.
ELIMINATED = ("face_up", "face_down")
#: The strengths a newly levied block may enter at.
NEW_STRENGTHS = ("minimum", "one")
POOL = "pool"
#: The space category blocks are levied in and steps are added in.
LAND = "land"


def next_strength(strengths: Sequence[int], strength: int) -> int | None:
    """The strength one step up from ``strength`` among a block's printed ``strengths``
    (a block printed II and IV goes from 2 to 4), or None at the highest.

    >>> next_strength((2, 4), 2), next_strength((2, 4), 4), next_strength((1, 2, 3, 4), 1)
    (4, None, 2)
    """
    higher = [s for s in strengths if s > strength]
    return min(higher) if higher else None


def new_strength(printed: Piece, reading: str) -> int:
    """The strength a block enters play at: its lowest (``minimum``) or 1 (``one``)."""
    if reading not in NEW_STRENGTHS:
        raise EngineError(f"a new block's strength is one of {NEW_STRENGTHS}, not {reading!r}")
    return printed.min_strength if reading == "minimum" else 1


class Levy:
    """What one side may levy as the state stands: the friendly and contested land
    spaces worked out once, the spaces of each kind of levy once."""

    __slots__ = (
        "_leviable",
        "_spaces",
        "_steppable",
        "contested",
        "friendly",
        "game",
        "held",
        "side",
        "state",
        "steps_in_contested",
    )

    def __init__(
        self,
        game: GameDef,
        state: State,
        side: str,
        *,
        held: Collection[str] = (),
        steps_in_contested: bool = False,
        control: tuple[frozenset[str], frozenset[str]] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.side = side
        self.held = frozenset(held)
        self.steps_in_contested = steps_in_contested
        self.friendly, self.contested = control or land_control(game, state, side)
        self._spaces: dict[str | frozenset[str], list[str]] = {}
        self._leviable: list[str] | None = None
        self._steppable: list[str] | None = None

    def spaces_for(self, block: str) -> list[str]:
        """The friendly spaces where ``block``, lying in the side's pool, may be levied:
        none if it is held back, eliminated this year or of a type never levied."""
        entry = self.state["pieces"][block]
        if entry["at"] != POOL or entry["side"] != self.side or block in self.held:
            return []
        flags = entry.get("flags")
        if flags and any(flag in ELIMINATED for flag in flags):
            return []
        return self._where(*_entries(self.game)[block])

    def _where(self, where: str | frozenset[str], named: str | None) -> list[str]:
        """The friendly spaces a block levied ``where`` (its type's ``levy``) enters."""
        if where == "none":
            return []
        if where == "named":
            return [named] if named is not None and named in self.friendly else []
        found = self._spaces.get(where)
        if found is None:  # the same for every block of that kind of levy
            found = sorted(self.friendly & self.game.board.spaces_of(where))
            self._spaces[where] = found
        return found

    def leviable(self) -> list[str]:
        """The side's pool blocks some friendly space takes, in the pieces file's order."""
        if self._leviable is None:
            side, held, entries, where = self.side, self.held, _entries(self.game), self._where
            found = []
            # One pass over the pieces (the state's order), each question asked once:
            # what :meth:`spaces_for` asks, block by block.
            for block, entry in self.state["pieces"].items():
                if entry["at"] != POOL or entry["side"] != side or block in held:
                    continue
                flags = entry.get("flags")
                if flags and any(flag in ELIMINATED for flag in flags):
                    continue
                if where(*entries[block]):
                    found.append(block)
            self._leviable = found
        return self._leviable

    def may_step(self, block: str) -> bool:
        """Whether the block, on the map, may take one step more: below its highest
        strength, in a friendly space (or a contested one, if the game allows)."""
        entry = self.state["pieces"][block]
        at = entry["at"]
        if entry["side"] != self.side or at in OFF_MAP:
            return False
        if next_strength(self.game.pieces[block].strengths, entry["strength"]) is None:
            return False
        return at in self.friendly or (self.steps_in_contested and at in self.contested)

    def steppable(self) -> list[str]:
        """The side's blocks on the map that may take a step, in the pieces file's order."""
        if self._steppable is None:
            side, tops = self.side, _highest(self.game)
            # :meth:`may_step` for every piece: a block in a friendly (or, if allowed,
            # contested) space is on the map; one below its highest strength has a step
            # more (:func:`next_strength`).
            spaces = self.friendly | self.contested if self.steps_in_contested else self.friendly
            self._steppable = [
                block
                for block, entry in self.state["pieces"].items()
                if entry["at"] in spaces
                and entry["side"] == side
                and entry["strength"] < tops[block]
            ]
        return self._steppable


def _entries(game: GameDef) -> dict[str, tuple[str | frozenset[str], str | None]]:
    """Each piece's type's ``levy`` and its own named space, read once per definition."""
    return game.derived("kit.levy.entries", _levy_entries)


def _levy_entries(game: GameDef) -> dict[str, tuple[str | frozenset[str], str | None]]:
    types = game.piece_types
    return {pid: (types[piece.type].levy, piece.levy) for pid, piece in game.pieces.items()}


def _highest(game: GameDef) -> dict[str, float]:
    """Each piece's highest printed strength (none printed: no step up, ever), read once
    per definition: a block below it has a step more (:func:`next_strength`)."""
    return game.derived("kit.levy.highest", _highest_strengths)


def _highest_strengths(game: GameDef) -> dict[str, float]:
    return {
        pid: max(piece.strengths) if piece.strengths else float("-inf")
        for pid, piece in game.pieces.items()
    }


def land_control(game: GameDef, state: State, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """The land spaces friendly to ``side`` (its blocks, no enemy's) and those contested
    (its blocks and an enemy's): read from the blocks' index by location
    (:meth:`~legatus.framework.kit.movement.Occupancy.of`), kept with the pieces."""
    land = game.board.spaces_of(LAND)
    position = Occupancy.of(state["pieces"])
    friendly: set[str] = set()
    contested: set[str] = set()
    for space in position.locations(side):
        if space in land:
            (friendly if position.status(space, side) == FRIENDLY else contested).add(space)
    return frozenset(friendly), frozenset(contested)


def options(
    ctx: Context, side: str, held: Sequence[str] = (), steps_in_contested: bool = False
) -> Levy:
    """:class:`Levy` for ``side`` as the state stands, made once for all the questions of
    one decision (``ctx.memo``)."""
    key = ("kit.levy", side, tuple(held), steps_in_contested)
    found: Levy | None = ctx.memo.get(key)
    if found is None:
        control = ctx.memo.get(("kit.levy", side))
        if control is None:  # shared by the questions with other arguments
            control = ctx.memo[("kit.levy", side)] = land_control(ctx.definition, ctx.state, side)
        found = Levy(
            ctx.definition,
            ctx.state,
            side,
            held=held,
            steps_in_contested=steps_in_contested,
            control=control,
        )
        ctx.memo[key] = found
    return found


# -- what a rules file calls ---------------------------------------------------------------


@rules_query("leviable(side: side, held: list[piece]) -> list[piece]")
def leviable(ctx: Context, side: str, held: list[str]) -> list[str]:
    """The side's pool blocks that may be levied now (some friendly space takes them),
    ``held`` apart, in the pieces file's order."""
    return list(options(ctx, side, held).leviable())


@rules_query("levy_spaces(side: side, block: piece, held: list[piece]) -> list[space]")
def levy_spaces(ctx: Context, side: str, block: str, held: list[str]) -> list[str]:
    """The friendly spaces where a pool block may be levied, by its type's ``levy``."""
    return list(options(ctx, side, held).spaces_for(block))


@rules_query("steppable(side: side, in_contested: bool) -> list[piece]")
def steppable(ctx: Context, side: str, in_contested: bool) -> list[str]:
    """The side's blocks on the map that may take a step now (in a friendly space, or
    also a contested one when ``in_contested``)."""
    return list(options(ctx, side, steps_in_contested=in_contested).steppable())


@rules_query("can_levy(side: side, held: list[piece], in_contested: bool) -> bool")
def can_levy(ctx: Context, side: str, held: list[str], in_contested: bool) -> bool:
    """Whether a levy point would buy the side anything now: a block or a step."""
    # Both lists, not the first block found: the decision that follows reads them.
    found = bool(options(ctx, side, held).leviable())
    return bool(options(ctx, side, steps_in_contested=in_contested).steppable()) or found


@rules_effect("levy_block(side: side, block: piece, space: space, strength: str)")
def levy_block(ctx: Context, side: str, block: str, space: str, strength: str) -> None:
    """A new block from the side's pool into ``space`` at its new strength (``minimum``
    or ``one``); the enemy reads only where."""
    entry = ctx.state["pieces"][block]
    entry["strength"] = new_strength(ctx.definition.pieces[block], strength)
    place(ctx.state["pieces"], block, space)
    does = ctx.definition.side_does
    ctx.log(does(side, f"levies a new block in {space}"), side=side, at=space)
    ctx.log(does(side, f"levies {block} in {space} at {entry['strength']}"), to=[side])


@rules_effect("add_step(side: side, block: piece)")
def add_step(ctx: Context, side: str, block: str) -> None:
    """One step more for a block on the map; the enemy reads only where."""
    entry = ctx.state["pieces"][block]
    stronger = next_strength(ctx.definition.pieces[block].strengths, entry["strength"])
    if stronger is None:
        raise EngineError(f"{block} is at its full strength")
    entry["strength"] = stronger
    does = ctx.definition.side_does
    ctx.log(does(side, f"adds a step to a block in {entry['at']}"), side=side, at=entry["at"])
    ctx.log(does(side, f"adds a step to {block} in {entry['at']}: {stronger}"), to=[side])


# -- blocks drawn at random from a pool ----------------------------------------------------


@rules_query("pool_blocks(side: side, held: list[piece]) -> list[piece]")
def pool_blocks(ctx: Context, side: str, held: list[str]) -> list[str]:
    """The side's blocks in its pool, ``held`` apart, in the pieces file's order: what a
    random draw takes from, and how a levy that takes half the pool is counted (Hammer of
    the Scots 7.7)."""
    pieces, kept = ctx.state["pieces"], set(held)
    return [
        block
        for block in ctx.definition.pieces
        if block not in kept and pieces[block]["at"] == POOL and pieces[block]["side"] == side
    ]


@rules_effect(
    "draw_from_pool(side: side, count: int, space: space, held: list[piece], strength: int?)"
)
def draw_from_pool(
    ctx: Context, side: str, count: int, space: str, held: list[str], strength: int = 0
) -> None:
    """``count`` blocks drawn blind from the side's face-down pool (``held`` apart), one at a
    time, and set up in ``space`` at full strength (Hammer of the Scots 8.1, 8.2: four or
    six of the English pool into England at the start; 7.7, the Feudal Levy: half the
    pool), or at ``strength`` when given (7.62: a winter build enters at strength 1). A
    draw from a pool with fewer blocks takes them all. The enemy reads only how many; the
    owner reads which."""
    drawn: list[str] = []
    pieces, name = ctx.state["pieces"], ctx.definition.side_name(side)
    does = ctx.definition.side_does
    for _ in range(count):
        candidates = pool_blocks(ctx, side, [*held, *drawn])
        if not candidates:
            break
        (index,) = ctx.roll(1, len(candidates), what=f"{name} draws from the pool")
        block = candidates[index - 1]
        entry = pieces[block]
        full = ctx.definition.pieces[block].steps
        place(pieces, block, space)
        entry["strength"] = min(strength, full) if strength else full
        drawn.append(block)
    ctx.log(
        does(side, f"draws {len(drawn)} block(s) from the pool into {space}"), side=side, at=space
    )
    if drawn:
        ctx.log(does(side, f"draws {', '.join(drawn)} into {space}"), to=[side])
