"""Decisions asked together in the rules language (``decide NAME together by S in L:``):
every side of the list answers in any order, none sees another's answer before the
decision is over, and the procedure goes on once all have answered: cards played face
down, sealed bids (JC 2.1's card phase is written so)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from legatus.framework.engine.core import Context, Game
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.engine.view import observe
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef, RecordDecl, frozen_map
from legatus.framework.rules.formatter import format_decl
from legatus.framework.rules.loading import load_rules
from legatus.framework.rules.parser import parse_rules
from legatus.framework.rules.registry import RuleRegistry

RULES = """\
game demo_skirmish

sequence: @rule "BID 0"
  step auction @rule "BID 1"

procedure auction: @rule "BID 1"
  "Both sides bid in secret at once; the bids are then shown together."
  let answered = 0
  decide bid together by bidder in sides():
    "{bidder}: bid in secret"
    option bid(gold: int from purse(bidder)):
      seal_bid(bidder, gold)
      set answered = answered + 1
    option pass when count(purse(bidder)) == 0
  show_bids(answered)
"""


def _purse(ctx: Context, side: str) -> list[int]:
    return list(range(1, ctx.state["records"]["gold"][side] + 1))


def _seal_bid(ctx: Context, side: str, gold: int) -> None:
    ctx.state["records"]["sealed"][side] = gold
    ctx.log(f"{side} bids in secret")
    ctx.log(f"{side} bids {gold}", to=[side])


def _show_bids(ctx: Context, answered: int) -> None:
    ctx.reveal()
    ctx.state["records"]["shown"] = dict(ctx.state["records"]["sealed"])
    ctx.log(f"{answered} bid(s) shown: {ctx.state['records']['shown']}")


def _registry() -> RuleRegistry:
    registry = RuleRegistry()
    register_engine_queries(registry)
    registry.add_query("purse", _purse, returns="list[int]", params={"side": "side"})
    registry.add_effect("seal_bid", _seal_bid, params={"side": "side", "gold": "int"}, rule="BID 1")
    registry.add_effect("show_bids", _show_bids, params={"answered": "int"}, rule="BID 1")
    return registry


def _definition(demo: GameDef) -> GameDef:
    per_side = {"type": "integer"}
    records = {
        **demo.records,
        "gold": RecordDecl("gold", per_side, start=2, per_side=True, visible_to="owner"),
        "sealed": RecordDecl("sealed", per_side, start=0, per_side=True, visible_to="owner"),
        "shown": RecordDecl("shown", {"type": "object"}),
    }
    return replace(demo, records=frozen_map(records))


def auction_game(demo: GameDef, tmp_path: Path, rules: str = RULES) -> Game:
    path = tmp_path / "auction.rules"
    path.write_text(rules, encoding="utf-8")
    definition = _definition(demo)
    registry = _registry()
    ruleset = load_rules([path], definition.symbols(), registry)
    return compile_game(definition, ruleset, registry)


def test_every_side_is_asked_at_once_the_first_listed_first(demo: GameDef, tmp_path: Path) -> None:
    game = auction_game(demo, tmp_path)
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None
    assert (prompt.side, prompt.kind, prompt.text) == ("red", "bid", "Red: bid in secret")
    assert prompt.sides == ("red", "blue")
    assert [a.text for a in prompt.actions] == ["bid(1)", "bid(2)"]
    other = game.prompt(state, side="blue")
    assert other is not None and other.sides == ("blue", "red")
    assert other.text == "Blue: bid in secret"


def test_any_side_may_answer_first_and_the_procedure_goes_on_when_all_have(
    demo: GameDef, tmp_path: Path
) -> None:
    game = auction_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "bid(2)", side="blue")
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.sides) == ("red", ("red",))
    assert state["records"]["shown"] == {}  # not before every side has answered
    game.apply(state, "bid(1)")
    assert state["records"]["shown"] == {"red": 1, "blue": 2}
    # What an option sets of the procedure's variables stays: two answers counted.
    assert any(entry["text"].startswith("2 bid(s) shown") for entry in state["log"])
    assert state["stack"] == [] and state["prompt"] is None


def test_no_side_sees_another_answer_before_the_decision_is_over(
    demo: GameDef, tmp_path: Path
) -> None:
    """Red's view after blue bid 1 and after blue bid 2 is the same view."""
    game = auction_game(demo, tmp_path)
    views = []
    for gold in ("bid(1)", "bid(2)"):
        state = game.new_state(seed=1)
        game.apply(state, gold, side="blue")
        views.append(json.dumps(observe(game.definition, state, "red"), sort_keys=True))
    assert views[0] == views[1]
    assert "bids 2" not in views[1] and "bids 1" not in views[0]


def test_a_side_with_nothing_to_choose_is_not_asked(demo: GameDef, tmp_path: Path) -> None:
    # Red may not bid, and without the option pass it has nothing to choose: passed over.
    rules = RULES.replace("    option pass when count(purse(bidder)) == 0\n", "").replace(
        "option bid(gold: int from purse(bidder)):",
        'option bid(gold: int from purse(bidder)) when bidder != "red":',
    )
    game = auction_game(demo, tmp_path, rules=rules)
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.sides) == ("blue", ("blue",))
    game.apply(state, "bid(2)")
    assert state["records"]["shown"] == {"red": 0, "blue": 2}


def test_the_decision_resumes_from_a_copy_of_the_state(demo: GameDef, tmp_path: Path) -> None:
    game = auction_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "bid(1)")
    copy = json.loads(json.dumps(state))
    assert game.prompt(copy) == game.prompt(state)
    for each in (state, copy):
        game.apply(each, "bid(2)")
    assert copy == state


def test_the_formatter_writes_a_together_decision_back_as_it_reads() -> None:
    parsed = parse_rules(RULES, "auction.rules")
    for decl in parsed.decls:
        text = "\n".join(format_decl(decl)) + "\n"
        again = parse_rules("game demo_skirmish\n" + text, "again.rules")
        assert again.decls[0] == decl


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("      seal_bid(bidder, gold)\n", "      choose who: side from sides()\n"),
            "auction.rules:12:7: decision 'bid' is asked together: its options run as each "
            "side answers and cannot ask more ('choose')",
        ),
        (
            ("      seal_bid(bidder, gold)\n", "      auction()\n"),
            "cannot ask more (procedure 'auction')",
        ),
        (
            ("together by bidder in sides()", "together by bidder in purse(bidder)"),
            "the sides asked together must be a list (list[side])",
        ),
    ],
)
def test_the_checker_reports_an_option_that_would_ask_more(
    demo: GameDef, tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in RULES
    with pytest.raises(RulesErrors) as caught:
        auction_game(demo, tmp_path, rules=RULES.replace(old, new))
    assert message in str(caught.value)
