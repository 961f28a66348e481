"""Every number the rules use lives in the rules file: a variant changes each one.

Road limits (JC 6.11), hand size and discards (JC 2.1), the winter supply base (JC 8.3),
years (JC 1.2), game turns a year (JC 2.0) and the VP that win (JC 1.2) are parameters
of ``julius_caesar.rules``. For each, a fixture variant in ``variants/`` (test data, not
shipped) sets another value, and the real game, played from the same position with the
base rules and with the variant, gives a different legal-action list or outcome.
"""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, advance
from .variants.driving import Blocks, cards, fixture, setup, start


def first_turn(play_from: PlayFrom, blocks: Blocks, variant: str | None) -> Kit:
    """Turn 1 of year 1: Caesar plays 4/1, Pompeius 2/2: Caesar moves first (JC 2.1)."""
    return cards(start(play_from, blocks, variant=variant), "4/1", "2/2")


def road_moves(
    play_from: PlayFrom,
    blocks: Blocks,
    group: str,
    first: list[str],
    road: str,
    variant: str | None = None,
) -> list[str]:
    """After the moves ``first`` of the group at ``group``, the moves along ``road``."""
    kit = first_turn(play_from, blocks, variant)
    kit.act(f"group({group})", *first)
    return [a for a in kit.legal() if road in a]


def test_road_limit_major(play_from: PlayFrom) -> None:
    """JC 6.11: a major road carries 4 blocks. Three legions have gone Genua -> Roma; the
    fourth may follow (to Roma, and on to Asculum, Neapolis, Ravenna) only with 4."""
    blocks = {"Genua": ["Legio 8", "Legio 11", "Legio 12", "Legio 13"]}
    first = [f"move({b}, Genua, Roma)" for b in ("Legio 8", "Legio 11", "Legio 12")]
    assert road_moves(play_from, blocks, "Genua", first, "Genua, Roma") == [
        f"move(Legio 13, Genua, Roma{tail})"
        for tail in ("", ", Asculum", ", Neapolis", ", Ravenna")
    ]
    changed = fixture("major_road_3")
    assert road_moves(play_from, blocks, "Genua", first, "Genua, Roma", changed) == []


def test_road_limit_minor(play_from: PlayFrom) -> None:
    """JC 6.11: a minor road carries 2 blocks. One legion has gone Ravenna -> Roma; the
    second may follow (to Roma, and on to Asculum, Genua, Neapolis) only with 2."""
    blocks = {"Ravenna": ["Legio 13", "Legio 14"]}
    first = ["move(Legio 13, Ravenna, Roma)"]
    assert road_moves(play_from, blocks, "Ravenna", first, "Ravenna, Roma") == [
        f"move(Legio 14, Ravenna, Roma{tail})"
        for tail in ("", ", Asculum", ", Genua", ", Neapolis")
    ]
    changed = fixture("minor_road_1")
    assert road_moves(play_from, blocks, "Ravenna", first, "Ravenna, Roma", changed) == []


def test_road_limit_strait(play_from: PlayFrom) -> None:
    """JC 4.3.2, 6.11: a strait carries 2 blocks. One legion has crossed Messana ->
    Rhegium; the second may follow (to Rhegium, and on to Neapolis) only with 2."""
    blocks = {"Messana": ["Legio 13", "Legio 14"]}
    first = ["move(Legio 13, Messana, Rhegium)"]
    assert road_moves(play_from, blocks, "Messana", first, "Messana, Rhegium") == [
        "move(Legio 14, Messana, Rhegium)",
        "move(Legio 14, Messana, Rhegium, Neapolis)",
    ]
    changed = fixture("strait_1")
    assert road_moves(play_from, blocks, "Messana", first, "Messana, Rhegium", changed) == []


def test_road_limit_strait_attack(play_from: PlayFrom) -> None:
    """JC 4.3.2, 6.11: one block attacks across a strait. Legio 13 has attacked Rhegium
    from Messana; Legio 14 may join it across the strait only with a limit of 2."""
    blocks = {"Messana": ["Legio 13", "Legio 14"], "Rhegium": ["Legio 1"]}
    first = ["move(Legio 13, Messana, Rhegium)"]
    assert road_moves(play_from, blocks, "Messana", first, "Messana, Rhegium") == []
    changed = fixture("strait_attack_2")
    assert road_moves(play_from, blocks, "Messana", first, "Messana, Rhegium", changed) == [
        "move(Legio 14, Messana, Rhegium)"
    ]


def deal(play_from: PlayFrom, variant: str | None) -> Kit:
    """The first year's deal (the shuffle is the position's seed's), Legio 13 in Ravenna."""
    position = {
        "at": {"step": "deal_cards", "counters": {"year": 1}},
        "setup": setup({"Ravenna": ["Legio 13"]}),
    }
    return play_from(JC, position, variant=variant)


def test_hand_size(play_from: PlayFrom) -> None:
    """JC 2.1: six cards dealt to each player (27 - 12 = 15 left in the deck); five with
    the variant (17 left)."""
    for variant, size in ((None, 6), (fixture("hand_size_5"), 5)):
        kit = deal(play_from, variant)
        assert (len(kit.zone("hand:caesar")), len(kit.zone("hand:pompey"))) == (size, size)
        assert len(kit.zone("deck")) == 27 - 2 * size


def test_discards(play_from: PlayFrom) -> None:
    """JC 2.1: each player discards one card face down; with no discard the first prompt
    is already Caesar's card play, from all six cards."""
    assert deal(play_from, None).asked == ("caesar", "discard")
    kit = deal(play_from, fixture("no_discard"))
    assert kit.asked == ("caesar", "play")
    assert len(kit.zone("hand:caesar")) == 6
    assert kit.zone("discarded:caesar") == []


def winter(play_from: PlayFrom, blocks: Blocks, stop: tuple[str, ...], variant: str | None) -> Kit:
    """Five quiet turns of year 1, then on to the first prompt of kind ``stop``."""
    kit = start(play_from, blocks, variant=variant)
    advance(kit, stop=stop)
    return kit


def test_winter_supply_base(play_from: PlayFrom) -> None:
    """JC 8.3: a city supplies 3 blocks plus its VP: Caesar's four legions in Ravenna
    (0 VP) are one too many, so Caesar removes one (4 actions); with a base of 4 the
    winter goes on to the disbanding."""
    blocks = {"Ravenna": ["Legio 13", "Legio 14", "Legio 16", "Legio 11"], "Roma": ["Legio 1"]}
    kit = winter(play_from, blocks, ("winter_supply", "disband"), None)
    assert kit.legal() == [
        "remove(Legio 11)",
        "remove(Legio 13)",
        "remove(Legio 14)",
        "remove(Legio 16)",
    ]
    kit = winter(play_from, blocks, ("winter_supply", "disband"), fixture("winter_supply_base_4"))
    assert kit.asked == ("caesar", "disband")


#: Pompeius holds 8 VP (Roma 2, Alexandria 2, four cities of 1); Caesar none.
EIGHT_VP = {
    "Roma": ["Legio 1"],
    "Alexandria": ["Legio 38"],
    "Antiochia": ["Legio 34"],
    "Athenae": ["Legio 32"],
    "Byzantium": ["Legio 35"],
    "Carthago Nova": ["Legio 2"],
    "Ravenna": ["Legio 13"],
}


def test_years(play_from: PlayFrom) -> None:
    """JC 1.2: after year 1 of 5 the game goes on to year 2's deal; in a one-year game
    the final check decides at once: Pompeius, with more VP (8 to 0)."""
    kit = winter(play_from, EIGHT_VP, ("discard",), None)
    assert kit.result is None and kit.counters["year"] == 2
    kit = winter(play_from, EIGHT_VP, ("discard",), fixture("one_year"))
    assert kit.result == {
        "winner": "pompey",
        "reason": "Pompeius wins (final_victory)",
        "rule": "JC 1.2",
    }


def test_turns_per_year(play_from: PlayFrom) -> None:
    """JC 2.0: after turn 1 of 5 comes turn 2's card play; with one turn a year, the
    winter and then year 2's deal."""
    for variant, expected in (
        (None, ("play", 1, 2)),
        (fixture("one_turn_a_year"), ("discard", 2, None)),
    ):
        kit = first_turn(play_from, EIGHT_VP, variant)
        advance(kit, stop=("play", "discard"))
        assert kit.asked is not None
        assert (kit.asked[1], kit.counters["year"], kit.counters.get("turn")) == expected


def test_vp_to_win(play_from: PlayFrom) -> None:
    """JC 1.2: 10 VP win at a winter check; Pompeius's 8 do not, and year 2 begins. With
    8 to win, Pompeius wins in the first winter."""
    kit = winter(play_from, EIGHT_VP, ("discard",), None)
    assert kit.result is None and kit.counters["year"] == 2
    kit = winter(play_from, EIGHT_VP, ("discard",), fixture("vp_to_win_8"))
    assert kit.result == {
        "winner": "pompey",
        "reason": "Pompeius wins (winter_victory)",
        "rule": "JC 1.2",
    }
