"""The four scenarios of the rulebook (Scenariusze) as data, for every player count they
allow (HB 10.2: 2 and 4 players with Syracuse on the political track, 3 and 5 with it as a
player; Scenario I for two players only): the stage each starts in, the seats, the
political track, and a first stage played through."""

from __future__ import annotations

import pytest

from legatus.framework.play.catalog import default_catalog
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import hb_rules, quietly, seated, started

#: scenario: (the rulebook's "Etap gry", the player counts)
SCENARIOS = {
    "stop-hannibal": (3, (2,)),  # Scenariusz I: Etap gry III, for 2 players
    "gates": (6, (2, 3, 4, 5)),  # Scenariusz II: VI
    "campaign": (3, (2, 3, 4, 5)),  # Scenariusz III: III
    "macedonia": (2, (2, 3, 4, 5)),  # Scenariusz IV: II, from the consuls' draw
}


def test_every_scenario_for_every_player_count_is_shipped() -> None:
    definition = default_catalog().definition("hannibal_barkas")
    assert set(definition.scenarios) == {
        f"{name}-{n}p" for name, (_, counts) in SCENARIOS.items() for n in counts
    }


@pytest.mark.parametrize(
    "scenario",
    [f"{name}-{n}p" for name, (_, counts) in SCENARIOS.items() for n in counts],
)
def test_the_scenario_seats_its_players_and_plays_its_first_stage(scenario: str) -> None:
    name, players = scenario.rsplit("-", 1)
    count = int(players[0])
    kit = seated(hb_rules(), scenario)
    assert queries.first_stage(kit) == SCENARIOS[name][0]
    seats = queries.seats(kit)
    assert len(seats) == count
    seated_sides = {s for sides in seats.values() for s in sides}
    # HB 10.4: Syracuse is a player in games of three and five, and leaves the track
    assert ("syracuse" in seated_sides) is (count in (3, 5))
    assert ("syracuse" in queries.political_track(kit)) is (
        count in (2, 4) and name != "stop-hannibal"  # Scenario I: no politics
    )
    texts = quietly(started(hb_rules(), scenario, seed=1), limit=300).log()
    first = SCENARIOS[name][0]
    assert any(t.startswith(f"Year 1, stage {first} ") for t in texts)
    assert not any(t.startswith(f"Year 1, stage {first - 1} ") for t in texts)
