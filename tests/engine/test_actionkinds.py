"""Typed actions: a game's declared action kinds, their domains from its data, typed
reading with clear errors, integer codes and what a board UI needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.actionkinds import (
    ActionKinds,
    ActionTypeError,
    domain_of,
    parse_signature,
)
from legatus.framework.engine.actions import Action
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.model.gamedef import ActionDecl, GameDef
from legatus.framework.model.loader import load_game
from legatus.framework.play.catalog import default_catalog


@pytest.fixture(scope="module")
def naval() -> GameDef:
    return default_catalog().definition("gbojc_naval")


def test_a_signature_names_and_types_every_argument() -> None:
    kind = parse_signature("move", "block: piece", "path: space*2..4", doc="Move", rule="JC 6.1")
    assert kind.signature() == "move(block: piece, path: space*2..4)"
    assert (kind.least, kind.most) == (3, 5)
    assert [a.name for a in kind.positions(4)] == ["block", "path", "path", "path"]
    optional = parse_signature("pass", "block: piece?")
    assert (optional.least, optional.most, optional.signature()) == (0, 1, "pass(block: piece?)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("block: pieces",), "unknown type 'pieces'"),
        (("block piece",), "bad argument signature"),
        (("path: space*2..4", "block: piece"), "only the last argument"),
        (("path: space*3..2",), "bad repeat"),
    ],
)
def test_a_bad_signature_is_refused(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_signature("move", *args)


def test_domains_come_from_the_games_data(demo: GameDef, naval: GameDef) -> None:
    assert domain_of("piece", demo) == tuple(demo.pieces)
    assert domain_of("space", demo) == tuple(demo.board.spaces)
    assert domain_of("side", demo) == ("red", "blue")
    assert domain_of("number 1..3", demo) == (1, 2, 3)
    assert domain_of("choice(cruise, maximum)", demo) == ("cruise", "maximum")
    assert domain_of("facing", naval) == ("N", "NE", "SE", "S", "SW", "NW")
    assert len(domain_of("hex", naval)) == 44 * 26
    assert domain_of("piece|side", demo) == (*demo.pieces, "red", "blue")


def test_typed_reading_names_the_argument_and_suggests_an_id() -> None:
    kinds = default_catalog().load("julius_caesar").actions
    assert kinds is not None
    assert kinds.parse("move(Legio 7, Roma, Genua)") == Action("move", ("Legio 7", "Roma", "Genua"))
    with pytest.raises(
        ActionTypeError,
        match=r"argument 1 \(block\) is no piece: 'Legio 77'; "
        r"did you mean 'Legio 7'\?",
    ):
        kinds.parse("move(Legio 77, Roma, Genua)")
    with pytest.raises(ActionTypeError, match=r"move takes 3 to 5 argument\(s\), got 1"):
        kinds.parse("move(Legio 7)")
    with pytest.raises(ActionTypeError, match="no action 'mvoe' in this game; did you mean 'move'"):
        kinds.parse("mvoe(Legio 7, Roma, Genua)")


def test_an_illegal_action_says_what_the_declaration_finds_wrong() -> None:
    game = default_catalog().load("julius_caesar")
    state = game.new_state(seed=1)
    with pytest.raises(IllegalActionError, match=r"argument 1 \(card\) is no card: '2/7'"):
        game.apply(state, "discard(2/7)")


def test_codes_are_dense_and_round_trip_through_every_legal_action(naval: GameDef) -> None:
    from legatus.framework.play.agents import RandomAgent
    from legatus.framework.play.driver import Match

    game = default_catalog().load("gbojc_naval")
    kinds = game.actions
    assert kinds is not None
    codec = kinds.codec()
    assert kinds.codec() is codec  # built once
    assert codec.decode(codec.size - 1) and codec.decode(0)
    match = Match.new(game, seed=2, players={s: RandomAgent(5) for s in naval.side_ids})
    seen = 0
    while seen < 2000 and match.step():
        for action in match.legal_actions():
            assert codec.decode(codec.encode(action)) == action
            seen += 1
    assert seen >= 2000


def test_describe_tells_a_board_which_argument_is_a_piece_and_which_a_space() -> None:
    kinds = default_catalog().load("julius_caesar").actions
    assert kinds is not None
    described = kinds.describe(Action("move", ("Legio 7", "Roma", "Genua", "Luna")))
    assert [(spec.name, spec.type, value) for spec, value in described] == [
        ("block", "piece", "Legio 7"),
        ("path", "space", "Roma"),
        ("path", "space", "Genua"),
        ("path", "space", "Luna"),
    ]


def test_the_reference_lists_every_kind_with_its_rule(demo: GameDef) -> None:
    kinds = ActionKinds(
        demo,
        [
            parse_signature("move", "piece: piece", "to: space", doc="March", rule="DEMO 2"),
            parse_signature("pass", doc="Rest", rule="DEMO 2"),
        ],
    )
    assert [k["signature"] for k in kinds.reference()] == ["move(piece: piece, to: space)", "pass"]
    assert kinds.reference()[0]["args"][1] == {
        "name": "to",
        "type": "space",
        "optional": False,
        "least": 1,
        "most": 1,
    }
    with pytest.raises(ValueError, match="declared twice"):
        ActionKinds(demo, [parse_signature("pass"), parse_signature("pass")])


def test_a_manifest_declares_the_action_kinds_the_default_plugin_reads(demo_game: Path) -> None:
    """A game's actions are data: ``actions:`` in its manifest, loaded as written into the
    definition and made action kinds by the default ``GamePlugin.action_kinds``, exactly as
    the same signatures written in Python."""
    manifest = demo_game / "game.yaml"
    manifest.write_text(
        manifest.read_text("utf-8")
        + "actions:\n"
        + '  - {name: move, args: ["piece: piece", "to: space"], doc: March, rule: DEMO 2}\n'
        + '  - {name: rally, args: ["at: space*1..3"]}\n'
        + "  - {name: pass, doc: Rest, rule: DEMO 2}\n",
        "utf-8",
    )
    definition = load_game(demo_game)
    assert definition.actions == (
        ActionDecl("move", ("piece: piece", "to: space"), "March", "DEMO 2"),
        ActionDecl("rally", ("at: space*1..3",)),
        ActionDecl("pass", (), "Rest", "DEMO 2"),
    )
    assert tuple(GamePlugin().action_kinds(definition)) == (
        parse_signature("move", "piece: piece", "to: space", doc="March", rule="DEMO 2"),
        parse_signature("rally", "at: space*1..3"),
        parse_signature("pass", doc="Rest", rule="DEMO 2"),
    )


def test_a_game_whose_manifest_declares_no_actions_has_none_by_default(demo: GameDef) -> None:
    assert demo.actions == ()
    assert tuple(GamePlugin().action_kinds(demo)) == ()
