"""The rule variants Julius Caesar ships (``data/variants``): each one changes play.

Each variant is a reading of the rulebooks that the game does not follow by default
(julius-caesar-rule-differences.md). Every test plays the real game twice from the same
position (the year's first card play, tests/julius_caesar/variants/driving.py), the base
rules and the variant, and shows the exact difference in a legal-action list, an outcome
or the steps played. The event readings (variant
``rulebook_events``) have their own module, ``test_variants_rulebook_events``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from legatus.framework.frontends.cli import rules_cmds
from legatus.framework.kit import reads
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit, PlayFrom, load_game
from legatus.games.julius_caesar import queries

from .conftest import advance
from .variants.driving import Blocks, cards, start

VARIANTS = Path(__file__).parents[2] / "legatus" / "games" / "julius_caesar" / "data" / "variants"
SHIPPED = (
    "apollo_rulebook",
    "cleopatra_switches_outside_battle",
    "disband_cleopatra",
    "disrupted_defender_no_step_loss",
    "eliminated_face_down",
    "first_fire_chosen",
    "jupiter_declinable",
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
    assert out.rstrip().endswith("; 16 variant(s) ok")
    for name in SHIPPED:
        assert load_game("julius_caesar", variant=name).variant == name


def test_variant_diff_lists_each_change(capsys: pytest.CaptureFixture[str]) -> None:
    """``legatus variant diff`` names the parameter each one-reading variant changes."""
    changed = {
        "apollo_rulebook": "param apollo.reading: 'card' -> 'rulebook'",
        "cleopatra_switches_outside_battle": "param cleopatra.switch_outside_battle: False -> True",
        "disband_cleopatra": "param disband.cleopatra: False -> True",
        "disrupted_defender_no_step_loss": "param disrupted_defender_loses_step: True -> False",
        "eliminated_face_down": "param eliminated.face_up: True -> False",
        "first_fire_chosen": "param first_fire.by_event_player: False -> True",
        "jupiter_declinable": "param events.declinable: [] -> ['Jupiter']",
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


def test_minor_roads_3_lets_a_third_block_along_a_minor_road(play_from: PlayFrom) -> None:
    """JC 6.11 (PL table): a minor road carries 3 blocks per side per turn, not 2 (4.3.1).

    Caesar moves 4 blocks from Ravenna; two have gone along the minor road to Roma. The
    base game offers the last two no path along Ravenna-Roma; the variant offers each of
    them 4 more: Roma, and on from Roma to Asculum, Genua and Neapolis (8 actions)."""
    found = {}
    for variant in (None, "minor_roads_3"):
        kit = start(
            play_from,
            {"Ravenna": ["Caesar", "Legio 13", "Legio 14", "Legio 16"], "Tarraco": ["Legio 5"]},
            variant=variant,
        )
        cards(kit, "4/1", "2/2")
        kit.act("group(Ravenna)", "move(Caesar, Ravenna, Roma)", "move(Legio 13, Ravenna, Roma)")
        found[variant] = kit.legal()
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


def test_polish_winter_checks_victory_after_winter_supply(play_from: PlayFrom) -> None:
    """JC 8.0: the Spanish order (default) checks victory right after Cleopatra goes home;
    the Polish one after navis to port and winter supply (8.1-8.6 in its numbering).

    After five quiet turns Pompeius has 10 VP. The base game ends at once, with six blocks
    still in Roma; by the Polish order Pompeius must first remove one of the six from
    Roma (6 actions), and wins after it. (Supply never changes who wins: a city keeps
    3 + its VP blocks, so it never falls vacant; the difference is in the steps played.)"""
    kit = start(play_from, TEN_VP)
    advance(kit, stop=("winter_supply",))
    assert kit.result == {
        "winner": "pompey",
        "reason": "Pompeius wins (winter_victory)",
        "rule": "JC 1.2",
    }
    assert [kit.at(b) for b in TEN_VP["Roma"]] == ["Roma"] * 6

    kit = start(play_from, TEN_VP, variant="polish_winter")
    advance(kit, stop=("winter_supply",))
    assert kit.result is None
    assert kit.legal() == [f"remove({b})" for b in sorted(TEN_VP["Roma"])]
    kit.act("remove(Legio 35)")
    assert kit.result is not None and kit.result["winner"] == "pompey"
    assert kit.at("Legio 35") == "pool"


APOLLO_HAND = ["1/2", "2/2", "3/1", "4/1", "Apollo", "2/1"]


def test_apollo_rulebook_may_be_played_in_a_years_first_turn(play_from: PlayFrom) -> None:
    """JC 2.1 card Apollo: "cannot be played in the first game turn of a year"; the
    rulebooks bar nothing. Caesar holds Apollo and four command cards after discarding."""
    found = {}
    for variant in (None, "apollo_rulebook"):
        kit = start(
            play_from, {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]}, APOLLO_HAND, variant=variant
        )
        found[variant] = kit.legal()
    assert found[None] == ["play(2/1)", "play(2/2)", "play(3/1)", "play(4/1)"]
    assert found["apollo_rulebook"] == [*found[None], "play(Apollo)"]


@pytest.mark.parametrize(("variant", "player1"), [(None, "pompey"), ("apollo_rulebook", "caesar")])
def test_apollo_rulebook_its_player_is_always_player_1(
    play_from: PlayFrom, variant: str | None, player1: str
) -> None:
    """JC 2.1: in turn 2 Caesar's Apollo copies Pompeius's 1/2 of turn 1 while Pompeius
    plays 3/1. By the card the copied 1/2 decides: move 1 < 3, Pompeius is Player 1. By the
    rulebooks the event's player is always Player 1: Caesar (with the 1/2's orders)."""
    kit = start(
        play_from,
        {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]},
        APOLLO_HAND,
        discard=("2/1", "2/1"),
        variant=variant,
    )
    cards(kit, "2/2", "1/2")
    advance(kit, stop=("play",))
    cards(kit, "Apollo", "3/1")
    found = queries.cards(kit)
    assert found.copied == {"caesar": "1/2"}
    assert found.player1 == player1
    assert found.orders == {"caesar": (1, 2), "pompey": (3, 1)}


def test_disband_cleopatra_lets_pompeius_disband_her_in_winter(play_from: PlayFrom) -> None:
    """JC 8.5: the Spanish text (default) lets a player disband any block but Cleopatra;
    the Polish any block. Pompeius's winter disband prompt, after five quiet turns."""
    found = {}
    for variant in (None, "disband_cleopatra"):
        kit = start(
            play_from,
            {"Alexandria": ["Cleopatra", "Legio 38"], "Ravenna": ["Legio 13"]},
            variant=variant,
        )
        advance(kit, stop=("disband",))
        kit.act("end_disband")  # Caesar's turn to disband comes first
        assert kit.asked == ("pompey", "disband")
        found[variant] = kit.legal()
    assert found[None] == ["disband(Legio 38)", "end_disband"]
    assert found["disband_cleopatra"] == ["disband(Cleopatra)", "disband(Legio 38)", "end_disband"]


def test_levy_steps_in_contested_adds_a_step_in_a_contested_city(play_from: PlayFrom) -> None:
    """JC 6.4: by the Spanish text (default) no step is levied in a contested city; the
    Polish text restricts only new blocks there. Caesar (3/2) attacks Genua with Legio 11
    (at II); in his levy that follows, only the variant offers ``step(Legio 11)``."""
    found = {}
    for variant in (None, "levy_steps_in_contested"):
        kit = start(
            play_from,
            {"Massilia": {"Legio 8": 2, "Legio 11": 2}, "Genua": {"Legio 1": 1}},
            ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"],
            discard=("1/2", "1/2"),
            variant=variant,
        )
        cards(kit, "3/2", "2/2")
        kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)", "end_group", "end_moves")
        assert kit.asked == ("caesar", "levy")
        found[variant] = kit.legal()
    base, pl = found[None], found["levy_steps_in_contested"]
    assert "step(Legio 8)" in base
    assert sorted(set(pl) - set(base)) == ["step(Legio 11)"]
    assert set(base) < set(pl)


def test_reinforce_distance_2_joins_a_battle_two_locations_away(play_from: PlayFrom) -> None:
    """JC 6.1 (PL) vs 2.2: Caesar attacks Genua from Massilia; then the group at Narbo may
    join that battle through Massilia only by the Polish reading (a 2-location move)."""
    found = {}
    for variant in (None, "reinforce_distance_2"):
        kit = start(
            play_from,
            {"Massilia": ["Legio 8"], "Narbo": ["Legio 7"], "Genua": ["Legio 1"]},
            variant=variant,
        )
        cards(kit, "4/1", "2/2")
        kit.act("group(Massilia)", "move(Legio 8, Massilia, Genua)", "group(Narbo)")
        found[variant] = kit.legal()
    assert sorted(set(found["reinforce_distance_2"]) - set(found[None])) == [
        "move(Legio 7, Narbo, Massilia, Genua)"
    ]
    assert set(found[None]) < set(found["reinforce_distance_2"])


def test_navis_attack_seas_only_a_navis_cannot_attack_a_port(play_from: PlayFrom) -> None:
    """JC 6.2: by the Spanish text (default) a navis attacks from an adjacent sea or port,
    a port included; by the Polish only "enemy blocks on an adjacent sea". Caesar's navis
    in Mare Tyrrhenum and Pompeius's legion in Roma."""
    found = {}
    for variant in (None, "navis_attack_seas_only"):
        kit = start(
            play_from, {"Mare Tyrrhenum": ["C Navis 1"], "Roma": ["Legio 1"]}, variant=variant
        )
        cards(kit, "4/1", "2/2")
        kit.act("group(Mare Tyrrhenum)")
        found[variant] = kit.legal()
    assert "move(C Navis 1, Mare Tyrrhenum, Roma)" in found[None]
    assert sorted(set(found[None]) - set(found["navis_attack_seas_only"])) == [
        "move(C Navis 1, Mare Tyrrhenum, Roma)"
    ]


@pytest.mark.parametrize(
    ("variant", "strength"), [(None, 2), ("disrupted_defender_no_step_loss", 3)]
)
def test_disrupted_defender_reserves_lose_no_step(
    play_from: PlayFrom, variant: str | None, strength: int
) -> None:
    """JC 7.31: Caesar attacks Genua (Legio 1 at I) with Legio 8 (III); Pompeius responds
    with Legio 3 (III) from Roma: a reserve. In round 1 Legio 1 passes and Legio 8 hits
    once (dice 1, 6, 6): Pompeius's main force is gone, his reserve is disrupted and he
    becomes the attacker. By the Spanish text (default) Legio 3 also loses a step (III ->
    II); by the Polish reading the roles only swap."""
    kit = start(
        play_from,
        {"Massilia": ["Legio 8"], "Genua": {"Legio 1": 1}, "Roma": {"Legio 3": 3}},
        variant=variant,
    )
    cards(kit, "4/1", "2/2")
    kit.act("group(Massilia)", "move(Legio 8, Massilia, Genua)")
    advance(kit, stop=("group",))  # Caesar's moves and levy end
    kit.act("group(Roma)", "move(Legio 3, Roma, Genua)")
    advance(kit, stop=("battle_turn",))
    assert kit.legal() == ["fire(Legio 1)", "pass(Legio 1)"]
    kit.act("pass(Legio 1)")
    kit.dice([1, 6, 6]).act("fire(Legio 8)")
    assert kit.at("Legio 1") == "pool"
    battle = reads.battle(kit)
    assert battle is not None and battle.attacker == "pompey"
    assert kit.strength("Legio 3") == strength


# -- eliminated_face_down (PL 7.5) ---------------------------------------------------------

VULCAN_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "Vulcan"]


def vulcan_on_genua(play_from: PlayFrom, variant: str | None, legion: str) -> tuple[Kit, Kit]:
    """Caesar's Vulcan on Pompeius's ``legion``, alone at I in Genua: it is eliminated.
    The kit before Vulcan strikes (a copy), and after."""
    kit = start(
        play_from, {"Massilia": ["Legio 8"], "Genua": {legion: 1}}, VULCAN_HAND, variant=variant
    )
    cards(kit, "Vulcan", "2/2")
    before = kit.fork()
    kit.act("choose(Genua)")
    assert kit.at(legion) == "pool"
    return before, kit


@pytest.mark.parametrize(
    ("variant", "flag", "named"),
    [(None, "face_up", True), ("eliminated_face_down", "face_down", False)],
)
def test_eliminated_face_down_the_enemy_does_not_learn_which_block_fell(
    play_from: PlayFrom, variant: str | None, flag: str, named: bool
) -> None:
    """JC 7.5: the Spanish text (default) puts an eliminated block face up in its pool, so
    Caesar sees that Vulcan killed Legio 1; the Polish 7.5 puts it face down: Pompeius
    still knows it (his view, his log) and it still waits for the year's end (the flag),
    but Caesar's view and log only say that a Pompeian block fell at Genua."""
    _, kit = vulcan_on_genua(play_from, variant, "Legio 1")
    assert kit.flags("Legio 1") == [flag]
    assert (reads.seen(kit, "caesar", "Legio 1") is not None) == named
    assert ("Legio 1" in kit.log("caesar")[-1]) == named
    seen = reads.seen(kit, "pompey", "Legio 1")
    assert seen is not None and seen["flags"] == [flag]
    assert kit.log("pompey")[-1] == (
        f"Legio 1 is eliminated in Genua and goes {flag.replace('_', ' ')} to Pompeius's pool"
    )


@pytest.mark.parametrize(("variant", "leaks"), [(None, True), ("eliminated_face_down", False)])
def test_eliminated_face_down_no_leak(
    play_from: PlayFrom, variant: str | None, leaks: bool
) -> None:
    """No leak (PL 7.5): two games that differ only in which of Pompeius's legions stood
    at I in Genua (Legio 1 or Legio 3, hidden from Caesar) give Caesar the same view
    before Vulcan and, with the blocks face down, after it too. Face up (the default) the
    pool shows Caesar which one fell."""
    (before_1, after_1), (before_3, after_3) = (
        vulcan_on_genua(play_from, variant, legion) for legion in ("Legio 1", "Legio 3")
    )
    assert before_1.view("caesar") == before_3.view("caesar")
    assert (after_1.view("caesar") != after_3.view("caesar")) == leaks


# -- reserves_roads_only (PL 7.3) ----------------------------------------------------------


def attack_genua_by_road_and_sea(play_from: PlayFrom, variant: str | None) -> Kit:
    """Caesar (4/1) attacks Pompeius's Legio 1 in Genua with Legio 8 along the road from
    Massilia and C Navis 1 across the sea border from Mare Hispanum."""
    kit = start(
        play_from,
        {"Massilia": ["Legio 8"], "Mare Hispanum": ["C Navis 1"], "Genua": {"Legio 1": 1}},
        variant=variant,
    )
    cards(kit, "4/1", "2/2")
    kit.act("group(Massilia)", "move(Legio 8, Massilia, Genua)")
    return kit.act("group(Mare Hispanum)", "move(C Navis 1, Mare Hispanum, Genua)")


def round_1(kit: Kit) -> list[str]:
    order = []
    while (battle := reads.battle(kit)) is not None and battle.round == 1:
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        order.append(block)
        kit.act(f"pass({block})")
    return order


def test_reserves_roads_only_a_sea_border_brings_no_reserve(play_from: PlayFrom) -> None:
    """JC 7.3: by the Spanish text (default) a road and a sea border are two ways in:
    Caesar names the main attack (Massilia) and the navis is a reserve, out of round 1.
    By the Polish "two roads" only roads make reserves: no main attack is asked, and the
    navis fights in round 1 with the legion (Legio 1 defends first, C before D)."""
    kit = attack_genua_by_road_and_sea(play_from, None)
    assert kit.legal() == ["main(Genua, Mare Hispanum)", "main(Genua, Massilia)"]
    kit.act("main(Genua, Massilia)")
    found = reads.attack(kit, "Genua")
    assert found is not None and found.reserves["caesar"] == 1
    advance(kit, stop=("battle_turn",))
    assert round_1(kit) == ["Legio 1", "Legio 8"]

    kit = attack_genua_by_road_and_sea(play_from, "reserves_roads_only")
    # No main attack asked; nothing to levy, Legio 1 pinned: the battle begins.
    assert kit.asked == ("pompey", "battle_turn")
    found = reads.attack(kit, "Genua")
    assert found is not None and found.reserves["caesar"] == 0
    assert round_1(kit) == ["Legio 1", "Legio 8", "C Navis 1"]


# -- jupiter_navis_at_sea (ES card text) ----------------------------------------------------

JUPITER_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "Jupiter"]


def jupiter(play_from: PlayFrom, blocks: Blocks, variant: str | None) -> Kit:
    return cards(start(play_from, blocks, JUPITER_HAND, variant=variant), "Jupiter", "2/2")


@pytest.mark.parametrize(
    ("variant", "targets"),
    [
        (None, ["choose(Mare Hispanum)", "choose(Tarraco)"]),
        ("jupiter_navis_at_sea", ["choose(Mare Hispanum)"]),
    ],
)
def test_jupiter_navis_at_sea_spares_a_navis_in_port(
    play_from: PlayFrom, variant: str | None, targets: list[str]
) -> None:
    """Card Jupiter: "any navis adjacent to a friendly city" (default; PL "navis may be
    chosen"). ES: "navis at sea could be chosen". Caesar holds Narbo; Pompeius has a navis
    in Tarraco's port (next to Narbo by road) and one on Mare Hispanum (Narbo's sea). By
    the Spanish text only the one at sea is a target."""
    blocks = {"Narbo": ["Legio 7"], "Tarraco": ["P Navis 3"], "Mare Hispanum": ["P Navis 4"]}
    assert jupiter(play_from, blocks, variant).legal() == targets


def test_jupiter_navis_at_sea_draws_only_among_land_blocks_in_a_port(play_from: PlayFrom) -> None:
    """ES: in Tarraco (Legio 5 and P Navis 3) Jupiter draws among Legio 5 alone: it
    defects into Narbo with a single forced die; the navis keeps its two steps."""
    kit = jupiter(
        play_from,
        {"Narbo": ["Legio 7"], "Tarraco": {"Legio 5": 2, "P Navis 3": 2}},
        "jupiter_navis_at_sea",
    )
    kit.act("choose(Tarraco)")
    kit.dice([1]).act("choose(Narbo)")
    assert (kit.owner("Legio 5"), kit.at("Legio 5")) == ("caesar", "Narbo")
    assert kit.strength("P Navis 3") == 2
