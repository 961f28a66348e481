"""HB 3.2: Rome draws two consuls at random in the second stage of every year; they take
the places of the outgoing consuls (or stand in Roma); a named consul killed leaves the
game, an unnamed one's card goes back among the consuls."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from legatus.games.hannibal_barkas.movement import eliminate
from tests.hannibal_barkas.conftest import hb_rules, seated


def consul_game(scenario: str = "campaign-4p", seed: int = 1) -> Kit:
    return seated(hb_rules("draw_consuls"), scenario, seed=seed)


def consuls_drawn(kit: Kit) -> str:
    return next(t for t in kit.log() if t.startswith("Rome draws its consuls"))


def test_two_consuls_are_drawn_and_take_the_outgoing_consuls_places() -> None:
    """The outgoing consuls (P. C. Scipio in Pisae, Konsul I in Regium) go back to the
    pool of eight consuls; two are drawn from all of them; the first takes the place of
    the first outgoing consul (in the order of the counters), the second of the second,
    each under the player who commanded him."""
    kit = consul_game()
    assert sorted(queries.consuls(kit)) == [
        "Konsul II",
        "Konsul III",
        "Konsul IV",
        "Konsul V",
        "Konsul VI",
        "Scipio Africanus",
    ]
    kit.begin()
    office = sorted(
        pid
        for pid in kit.definition.pieces
        if "consul" in kit.definition.pieces[pid].tags and kit.at(pid) != "out"
    )
    assert len(office) == 2
    first, second = consuls_drawn(kit).removeprefix("Rome draws its consuls: ").split(", ")
    assert first.endswith(" in Pisae") and second.endswith(
        " in Regium"
    )  # P. C. Scipio's, Konsul I's
    regium = second.removesuffix(" in Regium")
    assert kit.owner(regium) == "rome_south"
    assert regium in queries.leader_cards(kit, "rome_south")
    assert len(queries.consuls(kit)) == 6


def test_the_draw_is_random_from_the_states_generator() -> None:
    """Two seeds, two draws (the generator is the state's, HB 1.4 for dice likewise)."""
    draws = set()
    for seed in range(6):
        kit = consul_game(seed=seed)
        kit.begin()
        draws.add(next(t for t in kit.log() if t.startswith("Rome draws")))
    assert len(draws) > 1


def test_without_outgoing_consuls_the_new_ones_stand_in_roma() -> None:
    """HB 3.2: the consuls drawn are placed where the earlier ones were, or in Roma."""
    kit = consul_game()
    for consul in ("P. C. Scipio", "Konsul I"):
        eliminate(kit.context(), consul)
    kit.begin()
    leaders = [
        k for k in queries.units_at(kit, "Roma") if k.startswith(("Konsul", "P. C.", "Scipio"))
    ]
    assert len(leaders) == 2


def test_a_named_consul_killed_leaves_the_game_an_unnamed_one_returns_to_the_pool() -> None:
    """HB 3.2: the card of a dead named consul (Scipio Africanus) is removed for good; the
    cards of Konsul I-VI go back to the consuls."""
    kit = consul_game()
    ctx = kit.context()
    eliminate(ctx, "P. C. Scipio")
    eliminate(ctx, "Konsul I")
    assert "P. C. Scipio" in queries.removed(kit)
    assert "Konsul I" in queries.consuls(kit)
