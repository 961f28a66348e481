"""Decisions several sides answer at once: bids, sealed orders, cards played face down.

A :class:`Simultaneous` procedure asks every side it names the same kind of
question; each side may answer in any order (a server takes answers as they
come; ``Match.answer(side, action)``), and no side sees another's answer
before all have answered: the answers wait in the frame's ``answers`` field,
declared :data:`~legatus.framework.engine.frames.BY_SIDE` (each side reads only its
own), and are resolved together, which reveals them (``ctx.reveal``: undo
stops there). Until then a side may take its own answer back with undo.

The state's prompt record lists every side still to answer in ``sides``, the
one asked first in ``side``: players that answer in turn (a script, a
simulation) answer in that order, and the driver's ``waiting_for`` gives them
all. A game writes three methods::

    class Bid(Simultaneous):
        def sides(self, ctx, frame):        # who is asked
            return ctx.definition.side_ids
        def ask(self, ctx, frame, side):    # one side's question and its legal answers
            return make_prompt(side, "bid", "bid gold in secret", [...])
        def resolve(self, ctx, frame, answers):   # every side's answer, at once
            ...

A search player's sample at such a decision does not know the answers the
other sides already gave: :meth:`Simultaneous.sample_hidden_fields` draws one
for each of them among its legal answers in the sample.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence

from legatus.framework.engine import rng
from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, EngineError, Frame, Procedure
from legatus.framework.engine.frames import BY_SIDE, PUBLIC, declare


class Simultaneous(Procedure):
    """A decision every side in :meth:`sides` answers; resolved when all have answered.

    ``reveals``: resolving shows the answers (the undo floor moves there); a
    decision whose answers stay hidden (a discard face down) sets it False.
    """

    fields = declare(args=PUBLIC, asked=PUBLIC, pending=PUBLIC, answers=BY_SIDE)
    reveals = True

    # -- what a game writes -----------------------------------------------------------------
    def sides(self, ctx: Context, frame: Frame) -> Sequence[str]:
        """The sides asked, in the order players that answer in turn are asked."""
        raise NotImplementedError

    def ask(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        """``side``'s question and its legal answers (the same kind for every side)."""
        raise NotImplementedError

    def resolve(self, ctx: Context, frame: Frame, answers: Mapping[str, Action]) -> None:
        """Every side's answer, together."""
        raise NotImplementedError

    def answered(self, ctx: Context, frame: Frame, side: str, action: Action) -> None:
        """One side's answer, as it comes (the default keeps it for :meth:`resolve` only):
        what the game does here must be hidden from the other sides, such as a card put
        face down into a zone only its owner sees, and a log line for the owner."""

    def ask_again(self, ctx: Context, frame: Frame) -> None:
        """Ask every side of :meth:`sides` once more (from :meth:`resolve`: a second round)."""
        Simultaneous.start(self, ctx, frame)

    # -- the engine's side ------------------------------------------------------------------
    def start(self, ctx: Context, frame: Frame) -> None:
        asked = list(self.sides(ctx, frame))
        if len(set(asked)) != len(asked):
            raise EngineError(f"{type(self).__name__} asks a side twice: {asked}")
        frame["asked"] = asked
        frame["pending"] = list(asked)
        frame["answers"] = {}

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if not frame["pending"]:
            return None
        return self._question(ctx, frame, frame["pending"][0])

    def prompt_as(self, ctx: Context, frame: Frame, side: str) -> Prompt | None:
        if side not in frame["pending"]:
            return None
        return self._question(ctx, frame, side)

    def _question(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        found = self.ask(ctx, frame, side)
        if found.side != side:
            raise EngineError(f"{type(self).__name__}.ask({side!r}) asked {found.side!r}")
        order = (side, *(s for s in frame["pending"] if s != side))
        # The constructor, not dataclasses.replace: this runs at every such decision.
        return Prompt(found.side, found.kind, found.text, found.actions, order)

    def take_turn(self, ctx: Context, frame: Frame, side: str) -> None:
        pending: list[str] = frame["pending"]
        pending.remove(side)
        pending.insert(0, side)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame["pending"].pop(0)
        frame["answers"][side] = action.to_json()
        self.answered(ctx, frame, side, action)
        if frame["pending"]:
            return
        answers = {s: Action.from_json(frame["answers"][s]) for s in frame["asked"]}
        frame["answers"] = {}
        if self.reveals:
            ctx.reveal()
        self.resolve(ctx, frame, answers)

    def sample_hidden_fields(
        self, ctx: Context, frame: Frame, side: str, stream: MutableSequence[int]
    ) -> None:
        """In a sample for ``side``: an answer drawn, among its legal answers in the sample,
        for every other side that already answered (their answers are hidden)."""
        for other in frame["asked"]:
            if other == side or other in frame["pending"] or other in frame["answers"]:
                continue
            actions = self.ask(ctx, frame, other).actions
            if actions:
                chosen = actions[rng.below(stream, len(actions))]
                frame["answers"][other] = chosen.to_json()
