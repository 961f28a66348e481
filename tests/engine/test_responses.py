"""Response windows: after an event every eligible side may respond or decline, answers
chain, the chain resolves last response first, and nobody learns who holds what.

The test game raids each turn; before a raid takes effect each side may play one of its
tricks (a secret per-side count) in response, and the other may answer that trick with
one of its own. A trick resolved cancels the response below it, or the raid itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.actions import Action
from legatus.framework.engine.core import Context, Frame, Game, Procedure
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.frames import PUBLIC, declare
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.engine.responses import ResponseWindow
from legatus.framework.engine.view import observe
from legatus.framework.model.gamedef import GameDef, RecordDecl, frozen_map
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.driver import Match, NotAsked
from legatus.framework.rules.loading import load_rules
from legatus.framework.rules.registry import RuleRegistry

RULES = Path(__file__).with_name("responses.rules")


class Raid(Procedure):
    """Red raids: a response window opens first; the raid hits unless a trick cancelled it."""

    fields = declare(args=PUBLIC, opened=PUBLIC)

    def start(self, ctx: Context, frame: Frame) -> None:
        ctx.state["records"]["cancelled"] = []
        frame["opened"] = True
        ctx.push("tricks", trigger="red raids")

    def prompt(self, ctx: Context, frame: Frame) -> None:
        return None  # the window runs above; then the raid resolves in ``resumed``

    resumes = True

    def resumed(self, ctx: Context, frame: Frame) -> None:
        records = ctx.state["records"]
        if "raid" in records["cancelled"]:
            ctx.log("the raid is foiled")
        else:
            records["raids"] += 1
            ctx.log("the raid hits")


class Tricks(ResponseWindow):
    def responses(self, ctx: Context, frame: Frame, side: str) -> Sequence[Action]:
        return [Action("trick")] if ctx.state["records"]["tricks"][side] > 0 else []

    def respond(self, ctx: Context, frame: Frame, side: str, action: Action) -> None:
        ctx.state["records"]["tricks"][side] -= 1

    def resolve_response(self, ctx: Context, frame: Frame, entry: Mapping[str, Any]) -> None:
        records = ctx.state["records"]
        position = len(frame["chain"])  # this entry was at that index of the chain
        if f"trick {position}" in records["cancelled"]:
            ctx.log(f"{entry['side']}'s trick is cancelled")
            return
        below = f"trick {position - 1}" if position else "raid"
        records["cancelled"].append(below)
        records["resolved"].append(entry["side"])
        ctx.log(f"{entry['side']}'s trick cancels the {below}")


class ResponsesGame(GamePlugin):
    name = "demo_skirmish"

    def register_rules(self, registry: RuleRegistry) -> None:
        registry.add_procedure("raid", Raid(), rule="RESP 1")
        registry.add_procedure("tricks", Tricks(), params={"trigger": "str"})


def responses_game(definition: GameDef) -> Game:
    records = {
        "tricks": RecordDecl(
            "tricks", {"type": "integer"}, start=1, per_side=True, visible_to="owner"
        ),
        "cancelled": RecordDecl("cancelled", {"type": "array"}),
        "resolved": RecordDecl("resolved", {"type": "array"}),
        "raids": RecordDecl("raids", {"type": "integer"}),
    }
    definition = replace(definition, records=frozen_map({**definition.records, **records}))
    plugin = ResponsesGame()
    registry = RuleRegistry()
    register_engine_queries(registry)
    plugin.register_rules(registry)
    ruleset = load_rules([RULES], definition.symbols(), registry)
    return compile_game(definition, ruleset, registry, plugin=plugin)


@pytest.fixture
def game(demo: GameDef) -> Game:
    return responses_game(demo)


def test_every_side_is_asked_holding_something_or_not(game: Game) -> None:
    state = game.setup(seed=1)
    state["records"]["tricks"]["blue"] = 0
    game.begin(state)
    match = Match(game, state)
    assert match.waiting_for() == ("red", "blue")
    assert [a.text for a in match.legal_actions("blue")] == ["decline"]
    assert [a.text for a in match.legal_actions("red")] == ["decline", "trick"]
    assert state["prompt"]["kind"] == "respond"


def test_what_a_side_holds_does_not_reach_the_other(game: Game) -> None:
    """Blue holding a trick or not gives red the same view and information set."""
    states = []
    for held in (0, 3):
        state = game.setup(seed=1)
        state["records"]["tricks"]["blue"] = held
        game.begin(state)
        states.append(state)
    definition = game.definition
    assert observe(definition, states[0], "red") == observe(definition, states[1], "red")
    one, two = (information_set(game, s, "red") for s in states)
    assert one.skeleton == two.skeleton


def test_all_decline_and_the_raid_hits(game: Game) -> None:
    match = Match.new(game, seed=1)
    match.answer("blue", "decline")
    match.answer("red", "decline")
    assert match.state["records"]["raids"] == 1
    assert match.state["log"][-1]["text"] == "the raid hits"
    assert match.waiting_for() == ("red", "blue")  # the next turn's window


def test_a_response_is_answered_and_the_chain_resolves_last_first(game: Game) -> None:
    """Blue tricks the raid; red answers with a trick; both decline then. Red's trick
    resolves first and cancels blue's, so the raid hits."""
    match = Match.new(game, seed=1, history=True)
    match.answer("red", "decline")
    match.answer("blue", "trick")
    records = match.state["records"]
    assert records["tricks"]["blue"] == 0  # made at once, resolved later
    assert match.waiting_for() == ("red", "blue")  # a window on blue's response
    assert match.prompt("red").text == "respond to: blue responds with trick"
    match.answer("red", "trick")
    match.answer("blue", "decline")
    match.answer("red", "decline")
    match.answer("blue", "decline")
    records = match.state["records"]
    assert records["resolved"] == ["red"]
    assert records["raids"] == 1
    texts = [e["text"] for e in match.state["log"]]
    start = texts.index("red's trick cancels the trick 0")
    assert texts[start : start + 3] == [
        "red's trick cancels the trick 0",
        "blue's trick is cancelled",
        "the raid hits",
    ]


def test_a_lone_response_cancels_the_raid(game: Game) -> None:
    match = Match.new(game, seed=1)
    match.answer("blue", "trick")
    match.answer("red", "decline")
    match.answer("red", "decline")
    match.answer("blue", "decline")
    assert match.state["records"]["raids"] == 0
    assert "the raid is foiled" in [e["text"] for e in match.state["log"]]


def test_a_second_answer_in_one_window_is_refused(game: Game) -> None:
    match = Match.new(game, seed=1)
    match.answer("blue", "decline")
    with pytest.raises(NotAsked):
        match.answer("blue", "trick")
