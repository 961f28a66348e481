"""HB 10.2 (players and nations), HB II (set-up) and HB 10.1 (spheres of influence): who
plays what with 2, 3, 4 and 5 players, what one player running a whole nation starts
with, and which player gets which counters and cities."""

from __future__ import annotations

from legatus.framework.engine.core import Game
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import started


def test_seats_for_two_to_five_players(hb_game: Game) -> None:
    """HB 10.2: 2 players: Rome, Carthage; 3: and Syracuse; 4: two Romans, two
    Carthaginians; 5: and Syracuse."""
    seats = {n: queries.seats(started(hb_game, f"campaign-{n}p")) for n in (2, 3, 4, 5)}
    assert seats[2] == {
        "rome": ["rome_north", "rome_south"],
        "carthage": ["carthage_spain", "carthage_africa"],
    }
    assert seats[3] == {**seats[2], "syracuse": ["syracuse"]}
    four = {s: [s] for s in ("rome_north", "rome_south", "carthage_spain", "carthage_africa")}
    assert seats[4] == four
    assert seats[5] == {**four, "syracuse": ["syracuse"]}


def test_a_nation_run_by_one_player_adds_both_halves_ip_and_gold(hb_game: Game) -> None:
    """HB 10.2 note: the scenario splits Carthage into Hannibal (4 IP, 10 talents) and
    Hannon Magnus (1 IP, 10 talents); one player running it starts with 5 IP and 20."""
    two = started(hb_game, "campaign-2p")
    assert queries.ip(two, "carthage_spain") == 5 and queries.ip(two, "carthage_africa") == 0
    assert queries.gold(two, "carthage_spain") == 20 and queries.gold(two, "carthage_africa") == 0
    assert queries.gold(two, "rome_north") == 20 and queries.ip(two, "rome_north") == 2
    assert queries.player_of(two, "carthage_africa") == "carthage_spain"
    four = started(hb_game, "campaign-4p")
    assert (queries.ip(four, "carthage_spain"), queries.ip(four, "carthage_africa")) == (4, 1)
    assert (queries.gold(four, "carthage_spain"), queries.gold(four, "carthage_africa")) == (
        10,
        10,
    )


def test_one_player_holds_the_whole_nation(hb_game: Game) -> None:
    """With two players every counter and city of Rome is the Roman player's."""
    kit = started(hb_game, "campaign-2p")
    romans = {
        kit.owner(pid)
        for pid in kit.definition.pieces
        if kit.at(pid) != "out" and pid.startswith(("Roman", "Konsul", "Pretor", "P. C."))
    }
    assert romans == {"rome_north"}
    assert queries.cities(kit, "rome_south") == []
    assert len(queries.cities(kit, "rome_north")) == 26


def test_spheres_of_influence_split_armies_and_cities(hb_game: Game) -> None:
    """HB 10.1 and Scenario III: Rome's south (Konsul I in Regium) and north (P. C. Scipio
    in Pisae); Carthage's Africa (Hannon Magnus in Carthago) and Hannibal's Spain and
    Gaul; each player receives the city cards of his sphere only."""
    kit = started(hb_game, "campaign-4p")
    assert set(queries.units_at(kit, "Regium", "rome_south")) >= {
        "Konsul I",
        "Pretor III",
        "ships",
    }
    assert set(queries.units_at(kit, "Pisae", "rome_north")) >= {"P. C. Scipio", "Pretor I"}
    assert "Hannon Magnus" in queries.units_at(kit, "Carthago", "carthage_africa")
    assert "Hasdrubal" in queries.units_at(kit, "Carthago Nova", "carthage_spain")
    assert "Capua" in queries.cities(kit, "rome_south")
    assert "Roma" in queries.cities(kit, "rome_north")
    assert "Emporiae" in queries.cities(kit, "rome_north")  # Spain goes to Scipio (Scenario III)
    assert "Carthago" in queries.cities(kit, "carthage_africa")
    assert "Saguntum" in queries.cities(kit, "carthage_spain")
    assert len(queries.leader_cards(kit, "rome_south")) == 2


def test_an_allied_state_is_run_by_its_ally(hb_game: Game) -> None:
    """HB VII, Scenario III: Massilia, allied with Carthage, gives its cities to the player
    of the sphere (Cirta: Africa, reference A.23 #28) and its army with Hannibal in Volcae
    to Hannibal's player."""
    kit = started(hb_game, "campaign-4p")
    assert queries.ally(kit, "massilia") == "carthage"
    assert queries.units_at(kit, "Volcae", "carthage_spain")["cavalry"] == 5 + 4
    assert queries.units_at(kit, "Cirta", "carthage_africa") == {
        "heavy_infantry": 2,
        "light_infantry": 1,
        "cavalry": 1,
    }
    assert sorted(queries.cities(kit, "carthage_africa")).count("Cirta") == 1
    assert "Hippo Regius" in queries.cities(kit, "carthage_africa")


def test_neutral_capitals_hold_two_heavy_infantry(hb_game: Game) -> None:
    """HB II step 3: 2 heavy infantry in the capital of every state not in an alliance;
    they stay the state's (no player is asked for them)."""
    kit = started(hb_game, "campaign-2p")
    assert queries.units_at(kit, "Siga", "numidia") == {"heavy_infantry": 2}
    assert queries.units_at(kit, "Iliria", "macedonia") == {"heavy_infantry": 2}
    assert queries.units_at(kit, "Syracusae", "syracuse") == {"heavy_infantry": 2}
    assert "Syracusae" in queries.cities(kit, "syracuse")
    assert queries.player_of(kit, "numidia") is None


def test_syracuse_is_a_player_with_three_and_five_and_leaves_the_track(hb_game: Game) -> None:
    """HB 10.2, 10.4: with 3 or 5 players Syracuse is a nation of its own, off the political
    track; Scenario III then adds a Roman garrison in Panormus."""
    three = started(hb_game, "campaign-3p")
    assert "syracuse" not in queries.political_track(three)
    assert queries.lean(three, "syracuse") is None
    assert queries.units_at(three, "Syracusae", "syracuse")["Ajostros"] == 1
    assert queries.ip(three, "syracuse") == 1
    assert queries.units_at(three, "Panormus") == {"heavy_infantry": 3, "light_infantry": 1}
    two = started(hb_game, "campaign-2p")
    assert queries.lean(two, "syracuse") == 0
    assert queries.units_at(two, "Panormus") == {}


def test_each_nation_draws_from_its_own_deck(hb_game: Game) -> None:
    """HB II step 7: the six decks are shuffled; each player's hand holds cards of his
    nation (and its allies) only (HB 3.1, 10.4)."""
    kit = started(hb_game, "campaign-5p", seed=2)
    definition = hb_game.definition
    for side in ("rome_north", "rome_south", "carthage_spain", "carthage_africa", "syracuse"):
        decks = {definition.cards[c].deck for c in queries.hand(kit, side)}
        allowed = {definition.team_of(side)} | (
            {"massilia"} if side == "carthage_africa" else set()
        )
        assert decks <= allowed, side
