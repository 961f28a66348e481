"""HB 10.1 and 10.3: the game of several players - armies without leaders are common,
team-mates join each other's moves, see each other's victory points but neither the
cards nor the gold (HB 1.2.11, 1.2.12, X); nothing hidden reaches a player."""

from __future__ import annotations

from legatus.framework.engine import rng
from legatus.framework.engine.core import Game
from legatus.framework.engine.state import clone
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    clear_board,
    empty_hands,
    gain,
    give,
    hb_rules,
    kit_on,
    put,
    reseed,
    seated,
    set_gold,
    set_ip,
    set_order,
    set_tribe,
    set_vp,
    set_zone,
    started,
)


def four_players() -> Kit:
    kit = seated(hb_rules("actions"), "campaign-4p")
    clear_board(kit)
    empty_hands(kit)
    set_order(kit, "carthage_spain", "carthage_africa", "rome_north", "rome_south")
    return kit


def decline(kit: Kit) -> None:
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")


def test_an_army_without_a_leader_is_common_to_the_nations_players() -> None:
    """HB 10.1: armies without leaders may be activated (and paid for) by either player of
    the nation; the army then follows the player who moved it. An army with a team-mate's
    leader is his alone."""
    kit = four_players()
    put(kit, "carthage_spain", "Boii", heavy_infantry=2)
    put(kit, "carthage_spain", "Insubres", "Magon", heavy_infantry=2)
    set_tribe(kit, "Lingones", "carthage", "allied")
    set_ip(kit, carthage_spain=0, carthage_africa=1)
    kit.begin()
    kit.act("pass")  # Hannibal's player
    activations = [a for a in kit.legal() if a.startswith("activate")]
    assert activations == ["activate(Boii)"]
    kit.act("activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Lingones)", "halt")
    decline(kit)
    assert queries.units_at(kit, "Lingones", "carthage_africa") == {"heavy_infantry": 2}
    assert queries.ip(kit, "carthage_africa") == 0


def test_a_team_mate_joins_the_move_paying_his_own_ip_and_they_go_on_together() -> None:
    """HB 10.1: several armies may be activated when all end in the same region; the
    activating player says where; his team-mate may then activate his own army, paying
    its IP, and move it there; the armies joined may move on together with the points
    they all have left."""
    kit = four_players()
    put(kit, "carthage_spain", "Boii", "Hannibal", cavalry=2)
    put(kit, "carthage_africa", "Pisae", "Hannon", cavalry=1)
    set_ip(kit, carthage_spain=0, carthage_africa=1)
    kit.begin()
    kit.act(
        "activate(Boii)",
        "take(Hannibal)",
        "take(cavalry, 2)",
        "march",
        "step(Arretium)",
        "halt",
    )
    decline(kit)
    # Hannibal's player has no other region to send: his team-mate is asked at once.
    assert kit.asked == ("carthage_africa", "teammate")
    assert kit.legal() == ["decline", "join(Pisae)"]
    kit.act("join(Pisae)", "take(Hannon)", "take(cavalry, 1)", "march", "step(Arretium)", "halt")
    decline(kit)
    assert queries.ip(kit, "carthage_africa") == 0
    assert kit.asked is not None and kit.asked[0] == "carthage_spain"
    assert kit.legal() == ["continue", "done"]
    kit.act("continue")
    move = queries.move(kit)
    assert move is not None and move.mp == 3  # every horseman has 3 of his 4 points left
    kit.act("step(Roma)", "step(Capua)", "halt")
    decline(kit)
    assert queries.units_at(kit, "Capua", "carthage_spain") == {"Hannibal": 1, "cavalry": 2}
    assert queries.units_at(kit, "Capua", "carthage_africa") == {"Hannon": 1, "cavalry": 1}


def test_team_mates_see_each_others_victory_points_not_their_gold_or_cards(hb_game: Game) -> None:
    """HB 1.2.12, 10.3: VP are shown to the players of the same nation only; HB 1.2.11 and
    X: gold and cards to nobody, not even a team-mate."""
    kit = started(hb_game, "campaign-5p")
    set_vp(kit, rome_north=3, rome_south=1, carthage_spain=2, syracuse=4)
    view = kit.view("rome_south")
    assert view["records"]["vp"] == {"rome_north": 3, "rome_south": 1}
    assert view["records"]["gold"] == {"rome_south": 10}
    assert isinstance(view["zones"]["hand:rome_north"], int)
    assert isinstance(view["zones"]["hand:rome_south"], list)
    lone = kit.view("syracuse")
    assert lone["records"]["vp"] == {"syracuse": 4}
    seat = started(hb_game, "campaign-2p").view("rome")  # one player, both halves: sees both
    assert set(seat["records"]["gold"]) == {"rome_north", "rome_south"}


def changed_hidden_facts(kit: Kit, viewer_team: str, salt: int) -> Kit:
    """The same position with every fact a player of ``viewer_team`` may not see changed:
    the other players' gold, the other nations' VP, the generator (the hands and decks: the
    test's own)."""
    other = kit_on(kit.game, clone(kit.state))
    definition = kit.definition
    gain(other, "gold", **dict.fromkeys(definition.side_ids, salt))
    gain(
        other,
        "vp",
        **{s: salt for s in definition.side_ids if definition.team_of(s) != viewer_team},
    )
    reseed(other, salt)
    return other


def test_no_hidden_fact_reaches_a_player_or_its_search(hb_game: Game) -> None:
    """A no-leak test for every hidden fact (gold, cards, VP outside the nation): two
    positions that differ only in them give Rome (south) the same view and the same
    information set."""
    kit = started(hb_game, "campaign-4p", seed=7)
    set_vp(kit, rome_north=2, carthage_spain=5, carthage_africa=1)
    other = changed_hidden_facts(kit, "rome", 3)
    set_gold(other, rome_south=queries.gold(kit, "rome_south"))  # his own
    # The other hands (his team-mate's too) and the decks hold other cards.
    hands = ["rome_north", "carthage_spain", "carthage_africa"]
    pool = [c for side in hands for c in queries.hand(other, side)] + queries.deck(other, "rome")
    pool.reverse()
    for side in hands:
        size = len(queries.hand(other, side))
        set_zone(other, f"hand:{side}", pool[:size])
        pool = pool[size:]
    set_zone(other, "deck_rome", pool)
    assert other.state != kit.state
    assert kit.view("rome_south") == other.view("rome_south")
    one = information_set(hb_game, kit.state, "rome_south")
    two = information_set(hb_game, other.state, "rome_south")
    assert (one.skeleton, one.log, one.tokens) == (two.skeleton, two.log, two.tokens)
    assert one.sample(rng.seed_state(5)) == two.sample(rng.seed_state(5))


def test_the_views_differ_when_a_visible_fact_differs(hb_game: Game) -> None:
    """The other half of the no-leak test: what a player may see does change his view."""
    kit = started(hb_game, "campaign-4p", seed=7)
    other = kit_on(hb_game, clone(kit.state))
    gain(other, "vp", rome_north=1)  # his team-mate's VP
    assert kit.view("rome_south") != other.view("rome_south")
    other = kit_on(hb_game, clone(kit.state))
    gain(other, "ip", carthage_spain=1)  # IP are public
    assert kit.view("rome_south") != other.view("rome_south")


def test_a_player_sees_his_own_hand_only(hb_game: Game) -> None:
    kit = started(hb_game, "campaign-4p", seed=2)
    give(kit, "rome_north", "Senat")
    view = kit.view("rome_north")
    assert "Senat" in view["zones"]["hand:rome_north"]
    assert view["zones"]["hand:rome_south"] == len(queries.hand(kit, "rome_south"))
