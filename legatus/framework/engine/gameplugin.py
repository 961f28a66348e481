"""One object per game: everything Legatus needs to know about a game, in one place.

A game plugin registers a :class:`GamePlugin` through the
``legatus_register_games`` hook (:mod:`legatus.framework.play.hookspecs`). The object
names the game and its data folder and answers every question the engine
and the tools ask of the game: which procedures, queries and effects its
rules files may call, which action kinds it has, what must always hold of
its states, how its sides score, how good a position looks to a side, how
to sample what a side cannot see, and how to draw a view as text. The base
class answers each with "nothing special", so a game overrides only what it
has::

    class DemoSkirmish(GamePlugin):
        name = "demo_skirmish"
        data = Path(__file__).parent / "data"

        def register_rules(self, registry):
            registry.add_procedure("march", March(), rule="DEMO 2")

        def action_kinds(self, definition):
            return [parse_signature("move", "piece: piece", "to: space"),
                    parse_signature("pass")]

Nothing here is filtered by game name: the object *is* the game.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from legatus.framework.engine.actionkinds import ActionKind, from_declaration
from legatus.framework.engine.invariants import Invariant, StepInvariant
from legatus.framework.engine.state import State
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import RuleRegistry

if TYPE_CHECKING:
    from legatus.framework.engine.textboard import TextBoard


class GamePlugin:
    """A game, as its plugin describes it. Subclass it and override what the game has."""

    #: The game's identifier; it must equal the ``name`` in its manifest.
    name: ClassVar[str] = ""
    #: The folder holding the game's ``game.yaml`` manifest.
    data: ClassVar[Path]
    #: Whether the game's code changes a piece only through the entry
    #: :func:`~legatus.framework.engine.state.own_piece` gives (a copy put in its place),
    #: never in place: a state played on (``Game.applied``, each action a search scores)
    #: may then share the unchanged entries with the state it was copied from.
    pieces_copied_on_write: ClassVar[bool] = False

    def forked(self, state: State, copy: State) -> None:
        """``copy`` was just made of ``state`` to play an action on (``Game.applied``), or
        as a search's sample of an information set's skeleton, its pieces' entries shared
        (only where :attr:`pieces_copied_on_write`): what the game keeps of ``state``'s
        pieces (an index of where they stand) may serve ``copy``'s too until a piece of
        either moves. The default does nothing."""

    # -- rules -----------------------------------------------------------------------------
    def register_rules(self, registry: RuleRegistry) -> None:
        """Register the procedures, queries and effects the game's rules files use.

        Everything registered carries its parameter types, so the rules
        checker verifies every call in a ``.rules`` file before a game is
        played, and its rulebook section, so tools can count which rules
        fired. The engine's generic queries are registered already.
        """

    def action_kinds(self, definition: GameDef) -> Sequence[ActionKind]:
        """The kinds of action the game's procedures offer, with typed arguments.

        From this one declaration come the typed parsing of actions, their
        integer codes for learning agents, the action reference in the docs
        and what a board UI needs to offer an action by clicking. The default
        reads them from the manifest (``actions:`` in ``game.yaml``, loaded
        and checked with the rest of the data), so a game declares its actions
        as data; a plugin overrides this only for kinds its data cannot say.
        An empty list (no ``actions:``) declares nothing: actions are then
        untyped.
        """
        return tuple(from_declaration(declared) for declared in definition.actions)

    # -- checking ----------------------------------------------------------------------------
    def invariants(self) -> Mapping[str, Invariant]:
        """What must hold after every action, by name (``legatus check-game`` checks them).

        Each check is ``check(definition, state) -> list of violations``,
        empty when the state is sound. The generic invariants of
        :mod:`legatus.framework.engine.invariants` are checked as well.
        """
        return {}

    def step_invariants(self) -> Sequence[StepInvariant]:
        """What holds when play stands just before given steps of the sequence of play.

        A position (``at: {step: ...}``) is checked against those of the step it
        names, one problem per message, so that a position no play could reach is
        refused (:class:`~legatus.framework.engine.invariants.StepInvariant`). What
        holds at which step is the game's to say; the default says nothing.
        """
        return ()

    # -- outcomes and evaluation ---------------------------------------------------------------
    def scores(self, definition: GameDef, state: State) -> Mapping[str, float] | None:
        """Each side's score in ``state`` (victory points, say), or None if the game has none.

        Simulation reports a score distribution per side and variant
        experiments compare it.
        """
        return None

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float | None:
        """How good ``state`` looks for ``side``, from -1 (lost) to 1 (won); None: no opinion.

        ``params`` holds the rules' parameter values, a variant's changes
        included. The greedy and MCTS players call this on states sampled
        from their information set, never the true state, so an evaluation
        may read any part of the state it is given.
        """
        return None

    def evaluate_sides(
        self, definition: GameDef, state: State, params: Mapping[str, Any]
    ) -> Mapping[str, float] | None:
        """Every side's :meth:`evaluate` of ``state`` at once, or None (the default: each
        side is evaluated in turn). A game whose sides' values share most of their work (one
        pass over the board scores every nation) returns them here, so that a search scoring
        a position for every side does that work once (Hannibal Barkas)."""
        return None

    def sample_hidden(self, info: Any, stream: MutableSequence[int]) -> State | None:
        """A full state consistent with an information set, or None to use the generic sampler.

        ``info`` is a :class:`legatus.framework.play.ai.infoset.InformationSet`; ``stream``
        the searching player's generator words. Override it when the game
        knows a better prior than the visibility declarations give.
        """
        return None

    # -- presentation -----------------------------------------------------------------------------
    def render_view(self, definition: GameDef, view: Mapping[str, Any]) -> str:
        """A side's view as text for the terminal; the default lists pieces and cards."""
        from legatus.framework.engine.render import render_view

        return render_view(definition, dict(view))

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """The board at the terminal: its drawn map and the look-around commands (``map``,
        ``where PLACE``, ``blocks``, ``legend``), what a choice does and costs, the log's words
        (:class:`~legatus.framework.engine.textboard.TextBoard`). ``params``: the rules'
        parameter values; ``language``: the language the player reads. The default draws
        the map from the map data; a game returns a subclass that says more in its own
        words, from a side's view alone."""
        from legatus.framework.engine.textboard import TextBoard

        return TextBoard(definition, params, language)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The game's own parts of the page that shows ``view`` in the browser
        (``legatus serve``): what the generic board cannot know to draw.

        Plain JSON data, built from the view alone (it goes to the seat whose view it
        is, so it can leak nothing the view does not hold):

        * ``status``: short facts for the header, ``[{"label": ..., "text": ...}]``
          (the turn and phase, the victory points);
        * ``panels``: ``[{"title": ..., "lines": [...]}]`` (the battle being fought,
          the cards played);
        * ``cards``: card id -> the words to show on it (``"2/1"`` -> ``"2 moves, 1 levy"``);
        * ``stacks``: pieces the map draws as one stack when stacked (an army),
          ``[{"at", "side", "title", "lines": [...], "pieces": [ids]}]``; the player may
          spread them out to see each piece.

        The default shows the sequence-of-play counters and the view's public records
        in words (:func:`legatus.framework.engine.render.page_parts`).
        """
        from legatus.framework.engine.render import page_parts

        return page_parts(definition, dict(view))

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        """The battle being fought, as a board the browser's page draws (``legatus serve``):
        both sides' pieces in fire order, reserves apart, the round, hits taken, who is
        gone, whose turn it is (the shape: :mod:`legatus.framework.engine.battleboard`).
        None: no battle now (the default: a game without battles).

        ``view`` is one side's view with its whole log and, under ``stack``, the procedures'
        frames as that side may read them; ``params``: the rules' parameter values. Built
        from these alone, it can show nothing the side may not see."""
        return None

    def __repr__(self) -> str:
        return f"<game plugin {self.name!r}>"
