"""The rule variants Julius Caesar ships (``data/variants``): each one changes play.

Each variant is a reading of the rulebooks that the game does not follow by default
(julius-caesar-rule-differences.md). Every test plays the real game twice from the same
hand-built position, the base rules and the variant, and shows the exact difference in a
legal-action list, an outcome or the steps played. The event readings (variant
``rulebook_events``) have their own module, ``test_variants_rulebook_events``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from framework.catalog import default_catalog
from framework.cli import rules_cmds
from framework.engine.state import State
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game

from .variants.driving import advance, at, cards, playable, start, texts, year

#: Two command-card hands (JC 2.1): the first card in canonical order is discarded.
CAESAR_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "4/1"]
POMPEY_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"]

VARIANTS = Path(__file__).parents[2] / "games" / "julius_caesar" / "data" / "variants"
SHIPPED = (
    "apollo_rulebook",
    "disband_cleopatra",
    "disrupted_defender_no_step_loss",
    "eliminated_face_down",
    "jupiter_navis_at_sea",
    "levy_steps_in_contested",
    "minor_roads_3",
    "navis_attack_seas_only",
    "neptune_land_attack",
    "polish_winter",
    "reinforce_distance_2",
    "reserves_roads_only",
    "rulebook_events",
)


def test_every_variant_file_is_shipped_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    """The manifest lists every ``.variant`` file of the folder, ``legatus rules check
    julius_caesar`` reports each one ok, and each one loads as a playable game."""
    game = default_catalog().definition("julius_caesar")
    assert sorted(p.stem for p in game.variant_files) == list(SHIPPED)
    assert sorted(p.stem for p in VARIANTS.glob("*.variant")) == list(SHIPPED)
    code = rules_cmds.run_rules_check(argparse.Namespace(target="julius_caesar", format="text"))
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.rstrip().endswith("; 13 variant(s) ok")
    for name in SHIPPED:
        assert rules_game("julius_caesar", variant=name).variant == name


def test_variant_diff_lists_each_change(capsys: pytest.CaptureFixture[str]) -> None:
    """``legatus variant diff`` names the parameter each one-reading variant changes."""
    changed = {
        "apollo_rulebook": "param apollo.reading: 'card' -> 'rulebook'",
        "disband_cleopatra": "param disband.cleopatra: False -> True",
        "disrupted_defender_no_step_loss": "param disrupted_defender_loses_step: True -> False",
        "eliminated_face_down": "param eliminated.face_up: True -> False",
        "jupiter_navis_at_sea": "param jupiter.navis_in_port: True -> False",
        "levy_steps_in_contested": "param levy.steps_in_contested: False -> True",
        "minor_roads_3": "param road_limit.minor: 2 -> 3",
        "navis_attack_seas_only": "param navis.attack_ports: True -> False",
        "neptune_land_attack": "param neptune.land_attack: False -> True",
        "reinforce_distance_2": "param move.reinforce_distance: 1 -> 2",
        "reserves_roads_only": "param reserves.sea_borders: True -> False",
    }
    for name, line in changed.items():
        path = str(VARIANTS / f"{name}.variant")
        args = argparse.Namespace(file=path, base=None, format="text")
        assert rules_cmds.run_variant_diff(args) == 0
        assert capsys.readouterr().out.splitlines()[:2] == [
            f"{path} changes julius_caesar:",
            f"  {line}",
        ]


def test_variant_diff_of_rulebook_events(capsys: pytest.CaptureFixture[str]) -> None:
    """``rulebook_events`` sets Apollo's reading, restates Mercury's reach as one more
    than a normal move (the same values by default: "redeclared"), and replaces the
    other six effects."""
    path = str(VARIANTS / "rulebook_events.variant")
    args = argparse.Namespace(file=path, base=None, format="text")
    assert rules_cmds.run_variant_diff(args) == 0
    heads = [
        line
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("  ") and line[2] != " "
    ]
    assert heads == [
        "  param apollo.reading: 'card' -> 'rulebook'",
        "  param mercury.attack_distance: redeclared",
        "  param mercury.distance: redeclared",
        "  effect jupiter: replaced",
        "  effect mars: replaced",
        "  effect mercury: replaced",
        "  effect neptune: replaced",
        "  effect pluto: replaced",
        "  effect vulcan: replaced",
    ]


def test_minor_roads_3_lets_a_third_block_along_a_minor_road() -> None:
    """JC 6.11 (PL table): a minor road carries 3 blocks per side per turn, not 2 (4.3.1).

    Caesar moves 4 blocks from Ravenna; two have gone along the minor road to Roma. The
    base game offers the last two no path along Ravenna-Roma; the variant offers each of
    them 4 more: Roma, and on from Roma to Asculum, Genua and Neapolis (8 actions)."""
    found = {}
    for variant in (None, "minor_roads_3"):
        game = playable(variant)
        state = start(
            game,
            {"Ravenna": ["Caesar", "Legio 13", "Legio 14", "Legio 16"], "Tarraco": ["Legio 5"]},
        )
        year(game, state, CAESAR_HAND, POMPEY_HAND)
        cards(game, state, "4/1", "2/2")
        game.apply(state, "group(Ravenna)")
        game.apply(state, "move(Caesar, Ravenna, Roma)")
        game.apply(state, "move(Legio 13, Ravenna, Roma)")
        found[variant] = texts(game, state)
    base, pl = found[None], found["minor_roads_3"]
    assert len(base) == 21 and len(pl) == 29
    assert set(base) < set(pl)
    assert sorted(set(pl) - set(base)) == [
        f"move({block}, Ravenna, Roma{tail})"
        for block in ("Legio 14", "Legio 16")
        for tail in ("", ", Asculum", ", Genua", ", Neapolis")
    ]


#: Pompeius holds 10 VP (Roma 2, Alexandria 2, six cities of 1) with six blocks in Roma,
#: which supplies 3 + 2 = 5 in winter (JC 8.3); Caesar has one legion in Ravenna.
TEN_VP = {
    "Roma": ["Legio 1", "Legio 3", "Legio 32", "Legio 33", "Legio 34", "Legio 35"],
    "Alexandria": ["Legio 38"],
    "Antiochia": ["P Equitatus 3"],
    "Athenae": ["Legio 36"],
    "Byzantium": ["Legio 37"],
    "Carthago Nova": ["Legio 2"],
    "Ephesus": ["Legio 39"],
    "Syracusae": ["Legio 4"],
    "Ravenna": ["Legio 13"],
}


def test_polish_winter_checks_victory_after_winter_supply() -> None:
    """JC 8.0: the Spanish order (default) checks victory right after Cleopatra goes home;
    the Polish one after navis to port and winter supply (8.1-8.6 in its numbering).

    After five quiet turns Pompeius has 10 VP. The base game ends at once, with six blocks
    still in Roma; by the Polish order Pompeius must first remove one of the six from
    Roma (6 actions), and wins after it. (Supply never changes who wins: a city keeps
    3 + its VP blocks, so it never falls vacant; the difference is in the steps played.)"""
    base = playable()
    state = start(base, TEN_VP)
    year(base, state, CAESAR_HAND, POMPEY_HAND)
    advance(base, state, stop=("winter_supply",))
    assert state["result"] == {
        "winner": "pompey",
        "reason": "pompey wins (winter_victory)",
        "rule": "JC 1.2",
    }
    assert [at(state, b) for b in TEN_VP["Roma"]] == ["Roma"] * 6

    polish = playable("polish_winter")
    state = start(polish, TEN_VP)
    year(polish, state, CAESAR_HAND, POMPEY_HAND)
    advance(polish, state, stop=("winter_supply",))
    assert state["result"] is None
    assert texts(polish, state) == [f"remove({b})" for b in sorted(TEN_VP["Roma"])]
    polish.apply(state, "remove(Legio 35)")
    assert state["result"] is not None and state["result"]["winner"] == "pompey"
    assert at(state, "Legio 35") == "pool"


def test_apollo_rulebook_may_be_played_in_a_years_first_turn() -> None:
    """JC 2.1 card Apollo: "cannot be played in the first game turn of a year"; the
    rulebooks bar nothing. Caesar holds Apollo and four command cards after discarding."""
    hand = ["1/2", "2/2", "3/1", "4/1", "Apollo", "2/1"]
    found = {}
    for variant in (None, "apollo_rulebook"):
        game = playable(variant)
        state = start(game, {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]})
        year(game, state, hand, POMPEY_HAND)
        found[variant] = texts(game, state)
    assert found[None] == ["play(2/1)", "play(2/2)", "play(3/1)", "play(4/1)"]
    assert found["apollo_rulebook"] == [*found[None], "play(Apollo)"]


@pytest.mark.parametrize(("variant", "player1"), [(None, "pompey"), ("apollo_rulebook", "caesar")])
def test_apollo_rulebook_its_player_is_always_player_1(variant: str | None, player1: str) -> None:
    """JC 2.1: in turn 2 Caesar's Apollo copies Pompeius's 1/2 of turn 1 while Pompeius
    plays 3/1. By the card the copied 1/2 decides: move 1 < 3, Pompeius is Player 1. By the
    rulebooks the event's player is always Player 1: Caesar (with the 1/2's orders)."""
    game = playable(variant)
    state = start(game, {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]})
    year(game, state, ["1/2", "2/2", "3/1", "4/1", "Apollo", "2/1"], POMPEY_HAND, ("2/1", "2/1"))
    cards(game, state, "2/2", "1/2")
    advance(game, state, stop=("play",))
    cards(game, state, "Apollo", "3/1")
    public = state["records"]
    assert public["copied"] == {"caesar": "1/2"}
    assert public["player1"] == player1
    assert public["orders"] == {"caesar": {"move": 1, "levy": 2}, "pompey": {"move": 3, "levy": 1}}


def test_disband_cleopatra_lets_pompeius_disband_her_in_winter() -> None:
    """JC 8.5: the Spanish text (default) lets a player disband any block but Cleopatra;
    the Polish any block. Pompeius's winter disband prompt, after five quiet turns."""
    found = {}
    for variant in (None, "disband_cleopatra"):
        game = playable(variant)
        state = start(game, {"Alexandria": ["Cleopatra", "Legio 38"], "Ravenna": ["Legio 13"]})
        year(game, state, CAESAR_HAND, POMPEY_HAND)
        advance(game, state, stop=("disband",))
        game.apply(state, "end_disband")  # Caesar's turn to disband comes first
        prompt = game.prompt(state)
        assert prompt is not None and prompt.side == "pompey"
        found[variant] = texts(game, state)
    assert found[None] == ["disband(Legio 38)", "end_disband"]
    assert found["disband_cleopatra"] == ["disband(Cleopatra)", "disband(Legio 38)", "end_disband"]


def test_levy_steps_in_contested_adds_a_step_in_a_contested_city() -> None:
    """JC 6.4: by the Spanish text (default) no step is levied in a contested city; the
    Polish text restricts only new blocks there. Caesar (3/2) attacks Genua with Legio 11
    (at II); in his levy that follows, only the variant offers ``step(Legio 11)``."""
    found = {}
    for variant in (None, "levy_steps_in_contested"):
        game = playable(variant)
        state = start(
            game,
            {"Massilia": {"Legio 8": 2, "Legio 11": 2}, "Genua": {"Legio 1": 1}},
        )
        year(game, state, [*CAESAR_HAND, "3/2"], POMPEY_HAND, discard=("1/2", "1/2"))
        cards(game, state, "3/2", "2/2")
        game.apply(state, "group(Massilia)")
        game.apply(state, "move(Legio 11, Massilia, Genua)")
        game.apply(state, "end_group")
        game.apply(state, "end_moves")
        prompt = game.prompt(state)
        assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "levy")
        found[variant] = texts(game, state)
    base, pl = found[None], found["levy_steps_in_contested"]
    assert "step(Legio 8)" in base
    assert sorted(set(pl) - set(base)) == ["step(Legio 11)"]
    assert set(base) < set(pl)


def test_reinforce_distance_2_joins_a_battle_two_locations_away() -> None:
    """JC 6.1 (PL) vs 2.2: Caesar attacks Genua from Massilia; then the group at Narbo may
    join that battle through Massilia only by the Polish reading (a 2-location move)."""
    found = {}
    for variant in (None, "reinforce_distance_2"):
        game = playable(variant)
        state = start(game, {"Massilia": ["Legio 8"], "Narbo": ["Legio 7"], "Genua": ["Legio 1"]})
        year(game, state, CAESAR_HAND, POMPEY_HAND)
        cards(game, state, "4/1", "2/2")
        game.apply(state, "group(Massilia)")
        game.apply(state, "move(Legio 8, Massilia, Genua)")
        game.apply(state, "group(Narbo)")
        found[variant] = texts(game, state)
    assert sorted(set(found["reinforce_distance_2"]) - set(found[None])) == [
        "move(Legio 7, Narbo, Massilia, Genua)"
    ]
    assert set(found[None]) < set(found["reinforce_distance_2"])


def test_navis_attack_seas_only_a_navis_cannot_attack_a_port() -> None:
    """JC 6.2: by the Spanish text (default) a navis attacks from an adjacent sea or port,
    a port included; by the Polish only "enemy blocks on an adjacent sea". Caesar's navis
    in Mare Tyrrhenum and Pompeius's legion in Roma."""
    found = {}
    for variant in (None, "navis_attack_seas_only"):
        game = playable(variant)
        state = start(game, {"Mare Tyrrhenum": ["C Navis 1"], "Roma": ["Legio 1"]})
        year(game, state, CAESAR_HAND, POMPEY_HAND)
        cards(game, state, "4/1", "2/2")
        game.apply(state, "group(Mare Tyrrhenum)")
        found[variant] = texts(game, state)
    assert "move(C Navis 1, Mare Tyrrhenum, Roma)" in found[None]
    assert sorted(set(found[None]) - set(found["navis_attack_seas_only"])) == [
        "move(C Navis 1, Mare Tyrrhenum, Roma)"
    ]


@pytest.mark.parametrize(
    ("variant", "strength"), [(None, 2), ("disrupted_defender_no_step_loss", 3)]
)
def test_disrupted_defender_reserves_lose_no_step(variant: str | None, strength: int) -> None:
    """JC 7.31: Caesar attacks Genua (Legio 1 at I) with Legio 8 (III); Pompeius responds
    with Legio 3 (III) from Roma: a reserve. In round 1 Legio 1 passes and Legio 8 hits
    once (dice 1, 6, 6): Pompeius's main force is gone, his reserve is disrupted and he
    becomes the attacker. By the Spanish text (default) Legio 3 also loses a step (III ->
    II); by the Polish reading the roles only swap."""
    game = playable(variant)
    state = start(game, {"Massilia": ["Legio 8"], "Genua": {"Legio 1": 1}, "Roma": {"Legio 3": 3}})
    year(game, state, CAESAR_HAND, POMPEY_HAND)
    cards(game, state, "4/1", "2/2")
    game.apply(state, "group(Massilia)")
    game.apply(state, "move(Legio 8, Massilia, Genua)")
    advance(game, state, stop=("group",))  # Caesar's moves and levy end
    game.apply(state, "group(Roma)")
    game.apply(state, "move(Legio 3, Roma, Genua)")
    advance(game, state, stop=("battle_turn",))
    assert texts(game, state) == ["fire(Legio 1)", "pass(Legio 1)"]
    game.apply(state, "pass(Legio 1)")
    game.forced_dice = [1, 6, 6]
    game.apply(state, "fire(Legio 8)")
    assert at(state, "Legio 1") == "pool"
    assert state["records"]["battle"]["attacker"] == "pompey"
    assert state["pieces"]["Legio 3"]["strength"] == strength
    assert game.forced_dice == []


# -- eliminated_face_down (PL 7.5) ---------------------------------------------------------

VULCAN_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "Vulcan"]


def vulcan_on_genua(variant: str | None, legion: str) -> tuple[Game, State]:
    """Caesar's Vulcan on Pompeius's ``legion``, alone at I in Genua: it is eliminated."""
    game = playable(variant)
    state = start(game, {"Massilia": ["Legio 8"], "Genua": {legion: 1}})
    year(game, state, VULCAN_HAND, POMPEY_HAND)
    cards(game, state, "Vulcan", "2/2")
    game.apply(state, "choose(Genua)")
    assert at(state, legion) == "pool"
    return game, state


@pytest.mark.parametrize(
    ("variant", "flag", "named"),
    [(None, "face_up", True), ("eliminated_face_down", "face_down", False)],
)
def test_eliminated_face_down_the_enemy_does_not_learn_which_block_fell(
    variant: str | None, flag: str, named: bool
) -> None:
    """JC 7.5: the Spanish text (default) puts an eliminated block face up in its pool, so
    Caesar sees that Vulcan killed Legio 1; the Polish 7.5 puts it face down: Pompeius
    still knows it (his view, his log) and it still waits for the year's end (the flag),
    but Caesar's view and log only say that a Pompeian block fell at Genua."""
    game, state = vulcan_on_genua(variant, "Legio 1")
    assert state["pieces"]["Legio 1"]["flags"] == [flag]
    caesar = observe(game.definition, state, "caesar")
    assert ("Legio 1" in caesar["pieces"]["known"]) == named
    assert ("Legio 1" in caesar["log"][-1]["text"]) == named
    pompey = observe(game.definition, state, "pompey")
    assert pompey["pieces"]["known"]["Legio 1"]["flags"] == [flag]
    assert pompey["log"][-1]["text"] == (
        f"Legio 1 is eliminated in Genua and goes {flag.replace('_', ' ')} to Pompeius's pool"
    )


@pytest.mark.parametrize(("variant", "leaks"), [(None, True), ("eliminated_face_down", False)])
def test_eliminated_face_down_no_leak(variant: str | None, leaks: bool) -> None:
    """No leak (PL 7.5): two games that differ only in which of Pompeius's legions stood
    at I in Genua (Legio 1 or Legio 3, hidden from Caesar) give Caesar the same view
    before Vulcan and, with the blocks face down, after it too. Face up (the default) the
    pool shows Caesar which one fell."""
    views = []
    for legion in ("Legio 1", "Legio 3"):
        game = playable(variant)
        state = start(game, {"Massilia": ["Legio 8"], "Genua": {legion: 1}})
        year(game, state, VULCAN_HAND, POMPEY_HAND)
        cards(game, state, "Vulcan", "2/2")
        before = observe(game.definition, state, "caesar")
        game.apply(state, "choose(Genua)")
        views.append((before, observe(game.definition, state, "caesar")))
    (before_1, after_1), (before_3, after_3) = views
    assert before_1 == before_3
    assert (after_1 != after_3) == leaks


# -- reserves_roads_only (PL 7.3) ----------------------------------------------------------


def attack_genua_by_road_and_sea(variant: str | None) -> tuple[Game, State]:
    """Caesar (4/1) attacks Pompeius's Legio 1 in Genua with Legio 8 along the road from
    Massilia and C Navis 1 across the sea border from Mare Hispanum."""
    game = playable(variant)
    state = start(
        game, {"Massilia": ["Legio 8"], "Mare Hispanum": ["C Navis 1"], "Genua": {"Legio 1": 1}}
    )
    year(game, state, CAESAR_HAND, POMPEY_HAND)
    cards(game, state, "4/1", "2/2")
    game.apply(state, "group(Massilia)")
    game.apply(state, "move(Legio 8, Massilia, Genua)")
    game.apply(state, "group(Mare Hispanum)")
    game.apply(state, "move(C Navis 1, Mare Hispanum, Genua)")  # no block left to move
    return game, state


def test_reserves_roads_only_a_sea_border_brings_no_reserve() -> None:
    """JC 7.3: by the Spanish text (default) a road and a sea border are two ways in:
    Caesar names the main attack (Massilia) and the navis is a reserve, out of round 1.
    By the Polish "two roads" only roads make reserves: no main attack is asked, and the
    navis fights in round 1 with the legion (Legio 1 defends first, C before D)."""
    base, state = attack_genua_by_road_and_sea(None)
    assert texts(base, state) == ["main(Genua, Mare Hispanum)", "main(Genua, Massilia)"]
    base.apply(state, "main(Genua, Massilia)")
    assert state["records"]["command"]["attacks"]["Genua"]["reserves"]["caesar"] == 1
    advance(base, state, stop=("battle_turn",))
    order = []
    while state["records"]["battle"]["round"] == 1:
        block = str(base.legal_actions(state)[0].args[0])
        order.append(block)
        base.apply(state, f"pass({block})")
    assert order == ["Legio 1", "Legio 8"]

    polish, state = attack_genua_by_road_and_sea("reserves_roads_only")
    prompt = polish.prompt(state)  # no main attack asked; nothing to levy, Legio 1 pinned
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "battle_turn")
    assert state["records"]["command"]["attacks"]["Genua"]["reserves"]["caesar"] == 0
    order = []
    while state["records"]["battle"]["round"] == 1:
        block = str(polish.legal_actions(state)[0].args[0])
        order.append(block)
        polish.apply(state, f"pass({block})")
    assert order == ["Legio 1", "Legio 8", "C Navis 1"]


# -- jupiter_navis_at_sea (ES card text) ----------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "targets"),
    [
        (None, ["choose(Mare Hispanum)", "choose(Tarraco)"]),
        ("jupiter_navis_at_sea", ["choose(Mare Hispanum)"]),
    ],
)
def test_jupiter_navis_at_sea_spares_a_navis_in_port(
    variant: str | None, targets: list[str]
) -> None:
    """Card Jupiter: "any navis adjacent to a friendly city" (default; PL "navis may be
    chosen"). ES: "navis at sea could be chosen". Caesar holds Narbo; Pompeius has a navis
    in Tarraco's port (next to Narbo by road) and one on Mare Hispanum (Narbo's sea). By
    the Spanish text only the one at sea is a target."""
    game = playable(variant)
    state = start(
        game, {"Narbo": ["Legio 7"], "Tarraco": ["P Navis 3"], "Mare Hispanum": ["P Navis 4"]}
    )
    year(game, state, ["1/2", "2/1", "2/2", "2/3", "3/1", "Jupiter"], POMPEY_HAND)
    cards(game, state, "Jupiter", "2/2")
    assert texts(game, state) == targets


def test_jupiter_navis_at_sea_draws_only_among_land_blocks_in_a_port() -> None:
    """ES: in Tarraco (Legio 5 and P Navis 3) Jupiter draws among Legio 5 alone: it
    defects into Narbo with a single forced die; the navis keeps its two steps."""
    game = playable("jupiter_navis_at_sea")
    state = start(game, {"Narbo": ["Legio 7"], "Tarraco": {"Legio 5": 2, "P Navis 3": 2}})
    year(game, state, ["1/2", "2/1", "2/2", "2/3", "3/1", "Jupiter"], POMPEY_HAND)
    cards(game, state, "Jupiter", "2/2")
    game.apply(state, "choose(Tarraco)")
    game.forced_dice = [1]
    game.apply(state, "choose(Narbo)")
    assert (state["pieces"]["Legio 5"]["side"], at(state, "Legio 5")) == ("caesar", "Narbo")
    assert state["pieces"]["P Navis 3"]["strength"] == 2
    assert game.forced_dice == []
