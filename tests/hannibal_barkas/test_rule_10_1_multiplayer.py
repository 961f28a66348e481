"""HB 10.1 and 10.3: the game of several players - armies without leaders are common,
team-mates join each other's moves, see each other's victory points but neither the
cards nor the gold (HB 1.2.11, 1.2.12, X); nothing hidden reaches a player."""

from __future__ import annotations

from legatus.framework.engine import rng
from legatus.framework.engine.core import Game
from legatus.framework.engine.state import clone
from legatus.framework.engine.view import observe
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.tools.testing import GameUnderTest
from tests.hannibal_barkas.conftest import clear_board, give, hb_rules, put, seated, units_at


def four_players() -> tuple[GameUnderTest, dict]:
    game = hb_rules("actions")
    state = seated(game, "campaign-4p")
    clear_board(state)
    for key in state["zones"]:
        if key.startswith("hand:"):
            state["zones"][key] = []
    state["records"]["order"] = ["carthage_spain", "carthage_africa", "rome_north", "rome_south"]
    return game, state


def decline(game: GameUnderTest, state: dict) -> None:
    while state["prompt"] is not None and state["prompt"]["kind"] == "respond":
        game.apply(state, "decline")


def test_an_army_without_a_leader_is_common_to_the_nations_players() -> None:
    """HB 10.1: armies without leaders may be activated (and paid for) by either player of
    the nation; the army then follows the player who moved it. An army with a team-mate's
    leader is his alone."""
    game, state = four_players()
    put(state, "carthage_spain", "Boii", heavy_infantry=2)
    put(state, "carthage_spain", "Insubres", "Magon", heavy_infantry=2)
    state["records"]["gauls"]["Lingones"] = {"team": "carthage", "attitude": "allied"}
    state["records"]["ip"].update(carthage_spain=0, carthage_africa=1)
    game.begin(state)
    game.apply(state, "pass")  # Hannibal's player
    activations = [a for a in game.legal(state) if a.startswith("activate")]
    assert activations == ["activate(Boii)"]
    game.apply(
        state, "activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Lingones)", "halt"
    )
    decline(game, state)
    assert units_at(state, "Lingones", "carthage_africa") == {"heavy_infantry": 2}
    assert state["records"]["ip"]["carthage_africa"] == 0


def test_a_team_mate_joins_the_move_paying_his_own_ip_and_they_go_on_together() -> None:
    """HB 10.1: several armies may be activated when all end in the same region; the
    activating player says where; his team-mate may then activate his own army, paying
    its IP, and move it there; the armies joined may move on together with the points
    they all have left."""
    game, state = four_players()
    put(state, "carthage_spain", "Boii", "Hannibal", cavalry=2)
    put(state, "carthage_africa", "Pisae", "Hannon", cavalry=1)
    state["records"]["ip"].update(carthage_spain=0, carthage_africa=1)
    game.begin(state)
    game.apply(
        state,
        "activate(Boii)",
        "take(Hannibal)",
        "take(cavalry, 2)",
        "march",
        "step(Arretium)",
        "halt",
    )
    decline(game, state)
    # Hannibal's player has no other region to send: his team-mate is asked at once.
    assert state["prompt"]["side"] == "carthage_africa"
    assert state["prompt"]["kind"] == "teammate"
    assert game.legal(state) == ["decline", "join(Pisae)"]
    game.apply(
        state, "join(Pisae)", "take(Hannon)", "take(cavalry, 1)", "march", "step(Arretium)", "halt"
    )
    decline(game, state)
    assert state["records"]["ip"]["carthage_africa"] == 0
    assert state["prompt"]["side"] == "carthage_spain"
    assert game.legal(state) == ["continue", "done"]
    game.apply(state, "continue")
    frame = state["stack"][-1]
    assert frame["mp"] == 3  # every horseman has 3 of his 4 points left
    game.apply(state, "step(Roma)", "step(Capua)", "halt")
    decline(game, state)
    assert units_at(state, "Capua", "carthage_spain") == {"Hannibal": 1, "cavalry": 2}
    assert units_at(state, "Capua", "carthage_africa") == {"Hannon": 1, "cavalry": 1}


def test_team_mates_see_each_others_victory_points_not_their_gold_or_cards(hb_game: Game) -> None:
    """HB 1.2.12, 10.3: VP are shown to the players of the same nation only; HB 1.2.11 and
    X: gold and cards to nobody, not even a team-mate."""
    state = hb_game.new_state("campaign-5p", seed=1)
    state["records"]["vp"].update(rome_north=3, rome_south=1, carthage_spain=2, syracuse=4)
    view = observe(hb_game.definition, state, "rome_south")
    assert view["records"]["vp"] == {"rome_north": 3, "rome_south": 1}
    assert view["records"]["gold"] == {"rome_south": 10}
    assert isinstance(view["zones"]["hand:rome_north"], int)
    assert isinstance(view["zones"]["hand:rome_south"], list)
    lone = observe(hb_game.definition, state, "syracuse")
    assert lone["records"]["vp"] == {"syracuse": 4}
    two = hb_game.new_state("campaign-2p", seed=1)
    seat = observe(hb_game.definition, two, "rome")  # one player, both halves: sees both
    assert set(seat["records"]["gold"]) == {"rome_north", "rome_south"}


def changed_hidden_facts(state: dict, viewer_team: str, definition: object, salt: int) -> dict:
    """The same position with every fact a player of ``viewer_team`` may not see changed:
    the other players' gold, the other nations' VP, the cards in every hand but his and in
    the decks (shuffled among themselves), the generator."""
    other = clone(state)
    records = other["records"]
    for side in records["gold"]:
        records["gold"][side] += salt
    for side in records["vp"]:
        if definition.team_of(side) != viewer_team:  # type: ignore[attr-defined]
            records["vp"][side] += salt
    other["rng"] = rng.seed_state(salt)
    return other


def test_no_hidden_fact_reaches_a_player_or_its_search(hb_game: Game) -> None:
    """A no-leak test for every hidden fact (gold, cards, VP outside the nation): two
    positions that differ only in them give Rome (south) the same view and the same
    information set."""
    definition = hb_game.definition
    state = hb_game.new_state("campaign-4p", seed=7)
    state["records"]["vp"].update(rome_north=2, carthage_spain=5, carthage_africa=1)
    other = changed_hidden_facts(state, "rome", definition, 3)
    other["records"]["gold"]["rome_south"] = state["records"]["gold"]["rome_south"]  # his own
    # The other hands (his team-mate's too) and the decks hold other cards.
    hands = ["hand:rome_north", "hand:carthage_spain", "hand:carthage_africa"]
    pool = [c for key in hands for c in other["zones"][key]] + other["zones"]["deck_rome"]
    pool.reverse()
    for key in hands:
        size = len(other["zones"][key])
        other["zones"][key], pool = pool[:size], pool[size:]
    other["zones"]["deck_rome"] = pool
    assert other != state
    assert observe(definition, state, "rome_south") == observe(definition, other, "rome_south")
    one = information_set(hb_game, state, "rome_south")
    two = information_set(hb_game, other, "rome_south")
    assert (one.skeleton, one.log, one.tokens) == (two.skeleton, two.log, two.tokens)
    assert one.sample(rng.seed_state(5)) == two.sample(rng.seed_state(5))


def test_the_views_differ_when_a_visible_fact_differs(hb_game: Game) -> None:
    """The other half of the no-leak test: what a player may see does change his view."""
    definition = hb_game.definition
    state = hb_game.new_state("campaign-4p", seed=7)
    other = clone(state)
    other["records"]["vp"]["rome_north"] += 1  # his team-mate's VP
    assert observe(definition, state, "rome_south") != observe(definition, other, "rome_south")
    other = clone(state)
    other["records"]["ip"]["carthage_spain"] += 1  # IP are public
    assert observe(definition, state, "rome_south") != observe(definition, other, "rome_south")


def test_a_player_sees_his_own_hand_only(hb_game: Game) -> None:
    state = hb_game.new_state("campaign-4p", seed=2)
    give(state, "rome_north", "Senat")
    view = observe(hb_game.definition, state, "rome_north")
    assert "Senat" in view["zones"]["hand:rome_north"]
    assert view["zones"]["hand:rome_south"] == len(state["zones"]["hand:rome_south"])
