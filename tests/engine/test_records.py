"""Declared records: starts, resets, checks, and who sees what (all, pieces, owner, team,
none) in views, information sets and check-game's probe."""

from __future__ import annotations

from dataclasses import replace

import pytest

from legatus.framework.engine import records, rng
from legatus.framework.engine.core import Game
from legatus.framework.engine.view import observe
from legatus.framework.model.gamedef import RecordDecl, frozen_map
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.checkgame import perturb


@pytest.fixture(scope="module")
def council() -> Game:
    return default_catalog().load("council")


@pytest.fixture(scope="module")
def jc() -> Game:
    return default_catalog().load("julius_caesar")


def with_records(game: Game, *decls: RecordDecl) -> Game:
    """The game with more declared records (a test's own)."""
    definition = game.definition
    extra = {decl.name: decl for decl in decls}
    return game.replace(
        definition=replace(definition, records=frozen_map({**definition.records, **extra}))
    )


def test_default_starts_are_the_empty_value_of_the_type() -> None:
    assert records.default_start({"type": "integer"}) == 0
    assert records.default_start({"type": "array"}) == []
    assert records.default_start({"type": "object"}) == {}
    assert records.default_start({"type": ["string", "null"]}) is None
    assert records.default_start({"oneOf": [{"type": "null"}]}) is None


def test_a_reset_puts_back_the_declared_start_for_every_side(council: Game) -> None:
    state = council.new_state("five", seed=1)
    state["records"]["gold"]["equites"] = 0
    state["records"]["gold"]["optimates_a"] = 9
    records.reset_record(council.definition, state, "gold")
    assert set(state["records"]["gold"].values()) == {4}  # the declared start, not the scenario's
    with pytest.raises(KeyError, match="no record 'silver'"):
        records.reset_record(council.definition, state, "silver")


def test_problems_name_undeclared_missing_and_refused_values(council: Game) -> None:
    state = council.new_state("five", seed=1)
    assert list(records.problems(council.definition, state)) == []
    state["records"]["silver"] = 3
    del state["records"]["held"]
    state["records"]["gold"]["equites"] = -2
    state["records"]["vp"] = {"equites": 1}
    assert list(records.problems(council.definition, state)) == [
        "record 'silver' is not declared in the manifest (records:)",
        "record gold[equites]: -2 is less than the minimum of 0",
        "record 'vp' must hold one value per side, has ['equites']",
        "declared record 'held' is missing from the state",
    ]


def test_a_record_seen_by_nobody_is_in_no_view_and_emptied_for_searches(jc: Game) -> None:
    game = with_records(
        jc, RecordDecl("omens", {"type": "object"}, start={"next": 4}, visible_to="none")
    )
    state = game.new_state(seed=2)
    for side in ("caesar", "pompey"):
        assert "omens" not in observe(game.definition, state, side)["records"]
        skeleton = information_set(game, state, side).skeleton
        assert skeleton["records"]["omens"] == {"next": 0}


def test_piece_ids_in_a_pieces_record_follow_each_pieces_visibility(jc: Game) -> None:
    """A public record naming blocks: the enemy reads ``?`` for a block it may not
    identify (its view) or a token (its information set); a sample puts a block of the
    right side back in the token's place; the owner reads the name."""
    game = with_records(
        jc,
        RecordDecl(
            "spotted", {"type": "array"}, start=["Legio 8", "Pompeius"], visible_to="pieces"
        ),
    )
    state = game.new_state(seed=2)
    assert observe(game.definition, state, "caesar")["records"]["spotted"] == ["Legio 8", "?"]
    assert observe(game.definition, state, "pompey")["records"]["spotted"] == ["?", "Pompeius"]
    info = information_set(game, state, "pompey")
    assert info.skeleton["records"]["spotted"] == ["?1", "Pompeius"]
    sample = info.sample(rng.seed_state(3))
    chosen = sample["records"]["spotted"][0]
    assert chosen != "?1" and sample["pieces"][chosen]["side"] == "caesar"
    # Which Caesarian block it is is Caesar's secret: another one gives Pompey the same.
    other = game.new_state(seed=2)
    other["records"]["spotted"] = ["Legio 12", "Pompeius"]
    assert observe(game.definition, other, "pompey") == observe(game.definition, state, "pompey")
    again = information_set(game, other, "pompey")
    assert again.skeleton == info.skeleton


def test_check_games_probe_changes_only_what_the_side_may_not_see(council: Game) -> None:
    state = council.new_state("five", seed=1)
    probe = perturb(council.definition, state, "optimates_a", 5)
    assert probe["records"]["gold"]["optimates_a"] == state["records"]["gold"]["optimates_a"]
    assert probe["records"]["gold"]["equites"] != state["records"]["gold"]["equites"]
    # Team-mates see each other's VP: the probe leaves optimates_b's alone.
    assert probe["records"]["vp"]["optimates_b"] == state["records"]["vp"]["optimates_b"]
    assert probe["records"]["vp"]["populares_a"] != state["records"]["vp"]["populares_a"]
    assert observe(council.definition, probe, "optimates_a") == observe(
        council.definition, state, "optimates_a"
    )
