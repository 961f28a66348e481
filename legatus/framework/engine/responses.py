"""Response windows: after an event, every eligible side may respond or decline, in a chain.

Some games let players answer what just happened out of turn: Hannibal
Barkas's effect cards may be played at any moment, even by a player who has
passed, and an effect may be answered by another effect that changes it
(HB 1.3.1, 3.4.3). A :class:`ResponseWindow` is the general form:

1. The window asks every eligible side at once (a simultaneous decision,
   :mod:`legatus.framework.engine.simultaneous`) whether it responds, and with what,
   or declines. Every eligible side is asked, whether or not it holds
   anything to respond with, and ``decline`` is always among its answers: who
   was asked, and that a side answered, says nothing about what it holds;
   nobody sees another's answer before all have answered.
2. The responses given are added to the chain, in the order of
   :meth:`ResponseWindow.sides`, and the window opens again: the sides may
   now respond to them. A window in which every side declines closes it.
3. The chain then resolves, the last response first (each answers the one
   before it): :meth:`ResponseWindow.resolve_response` runs for each, and may
   push steps that ask questions; the next one resolves when they are done.

The event that opened the window is the caller's: it resolves after the
window, reading whatever the responses changed. A game writes::

    class Effects(ResponseWindow):
        def eligible(self, ctx, frame):            # who may respond (default: every side)
            ...
        def responses(self, ctx, frame, side):     # its possible responses, besides decline
            return [Action("effect", (card,)) for card in playable_effects(ctx, side)]
        def respond(self, ctx, frame, side, action):   # the response is made (a card leaves
            ...                                        # the hand), before it resolves
        def resolve_response(self, ctx, frame, entry):  # one response takes effect
            ...

and pushes it where the rules open a window: ``ctx.push("effects",
trigger="Hannibal crosses the Alps")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, Frame, make_prompt
from legatus.framework.engine.frames import BY_SIDE, PUBLIC, declare
from legatus.framework.engine.simultaneous import Simultaneous

DECLINE = Action("decline")


class ResponseWindow(Simultaneous):
    """Every eligible side may respond or decline; responses chain; the chain resolves
    last response first.

    The frame's ``chain`` lists the responses made (``{"side", "action"}``),
    public once made; ``args.trigger`` says what the window answers.
    """

    fields = declare(
        args=PUBLIC, asked=PUBLIC, pending=PUBLIC, answers=BY_SIDE, chain=PUBLIC, resolving=PUBLIC
    )
    resumes = True

    # -- what a game writes -----------------------------------------------------------------
    def eligible(self, ctx: Context, frame: Frame) -> Sequence[str]:
        """The sides that may respond (every side by default), in the order their
        responses join the chain when several respond at once."""
        return ctx.definition.side_ids

    def responses(self, ctx: Context, frame: Frame, side: str) -> Sequence[Action]:
        """``side``'s possible responses now, besides ``decline`` (may be none)."""
        return ()

    def respond(self, ctx: Context, frame: Frame, side: str, action: Action) -> None:
        """A response is made (revealed to all), before the chain resolves: a card leaves
        its player's hand, say. The default does nothing."""

    def resolve_response(self, ctx: Context, frame: Frame, entry: Mapping[str, Any]) -> None:
        """One response of the chain takes effect (``entry``: its ``side`` and
        ``action`` as JSON); it may push steps that ask questions."""
        raise NotImplementedError

    def question(self, ctx: Context, frame: Frame, side: str) -> str:
        """The text of ``side``'s question (the trigger, or the last response)."""
        chain = frame.get("chain") or []
        if chain:
            last = chain[-1]
            answered = f"{last['side']} responds with {Action.from_json(last['action']).text}"
        else:
            answered = str(frame["args"].get("trigger", "the last event"))
        return f"respond to: {answered}"

    # -- the engine's side ------------------------------------------------------------------
    def start(self, ctx: Context, frame: Frame) -> None:
        frame.setdefault("chain", [])
        frame.setdefault("resolving", False)
        super().start(ctx, frame)

    def sides(self, ctx: Context, frame: Frame) -> Sequence[str]:
        return self.eligible(ctx, frame)

    def ask(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        actions = [DECLINE, *self.responses(ctx, frame, side)]
        return make_prompt(side, "respond", self.question(ctx, frame, side), actions)

    def resolve(self, ctx: Context, frame: Frame, answers: Mapping[str, Action]) -> None:
        made = [
            (side, answers[side])
            for side in frame["asked"]
            if side in answers and answers[side] != DECLINE
        ]
        for side, action in made:
            frame["chain"].append({"side": side, "action": action.to_json()})
            self.respond(ctx, frame, side, action)
            ctx.log(f"{side} responds: {action.text}", response=action.to_json(), side=side)
        if made:
            self.ask_again(ctx, frame)  # the sides may respond to the responses
            return
        frame["resolving"] = True
        self._resolve_next(ctx, frame)

    def resumed(self, ctx: Context, frame: Frame) -> None:
        if frame.get("resolving"):
            self._resolve_next(ctx, frame)

    def _resolve_next(self, ctx: Context, frame: Frame) -> None:
        """Resolve the chain's last response; if it pushed steps, the next waits for them."""
        stack = ctx.state["stack"]
        while frame["chain"] and stack[-1] is frame:
            entry = frame["chain"].pop()
            self.resolve_response(ctx, frame, entry)
