"""Every number the rules use lives in the rules file: a variant changes each one.

Road limits (JC 6.11), hand size and discards (JC 2.1), the winter supply base (JC 8.3),
years (JC 1.2), game turns a year (JC 2.0) and the VP that win (JC 1.2) are parameters
of ``julius_caesar.rules``. For each, a fixture variant in ``variants/`` (test data, not
shipped) sets another value, and the real game, played from the same position with the
base rules and with the variant, gives a different legal-action list or outcome.
"""

from __future__ import annotations

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .variants.driving import Blocks, advance, cards, fixture, playable, start, texts, year

CAESAR_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "4/1"]
POMPEY_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"]


def both(name: str) -> tuple[Game, Game]:
    """The base game and the game with the fixture variant ``name``."""
    return playable(), playable(fixture(name))


def first_turn(game: Game, blocks: Blocks) -> State:
    """Turn 1 of year 1: Caesar plays 4/1, Pompeius 2/2: Caesar moves first (JC 2.1)."""
    state = start(game, blocks)
    year(game, state, CAESAR_HAND, POMPEY_HAND)
    cards(game, state, "4/1", "2/2")
    return state


def road_moves(game: Game, blocks: Blocks, group: str, first: list[str], road: str) -> list[str]:
    """After the moves ``first`` of the group at ``group``, the moves along ``road``."""
    state = first_turn(game, blocks)
    game.apply(state, f"group({group})")
    for move in first:
        game.apply(state, move)
    return [a for a in texts(game, state) if road in a]


def test_road_limit_major() -> None:
    """JC 6.11: a major road carries 4 blocks. Three legions have gone Genua -> Roma; the
    fourth may follow (to Roma, and on to Asculum, Neapolis, Ravenna) only with 4."""
    blocks = {"Genua": ["Legio 8", "Legio 11", "Legio 12", "Legio 13"]}
    first = [f"move({b}, Genua, Roma)" for b in ("Legio 8", "Legio 11", "Legio 12")]
    base, changed = both("major_road_3")
    assert road_moves(base, blocks, "Genua", first, "Genua, Roma") == [
        f"move(Legio 13, Genua, Roma{tail})"
        for tail in ("", ", Asculum", ", Neapolis", ", Ravenna")
    ]
    assert road_moves(changed, blocks, "Genua", first, "Genua, Roma") == []


def test_road_limit_minor() -> None:
    """JC 6.11: a minor road carries 2 blocks. One legion has gone Ravenna -> Roma; the
    second may follow (to Roma, and on to Asculum, Genua, Neapolis) only with 2."""
    blocks = {"Ravenna": ["Legio 13", "Legio 14"]}
    first = ["move(Legio 13, Ravenna, Roma)"]
    base, changed = both("minor_road_1")
    assert road_moves(base, blocks, "Ravenna", first, "Ravenna, Roma") == [
        f"move(Legio 14, Ravenna, Roma{tail})"
        for tail in ("", ", Asculum", ", Genua", ", Neapolis")
    ]
    assert road_moves(changed, blocks, "Ravenna", first, "Ravenna, Roma") == []


def test_road_limit_strait() -> None:
    """JC 4.3.2, 6.11: a strait carries 2 blocks. One legion has crossed Messana ->
    Rhegium; the second may follow (to Rhegium, and on to Neapolis) only with 2."""
    blocks = {"Messana": ["Legio 13", "Legio 14"]}
    first = ["move(Legio 13, Messana, Rhegium)"]
    base, changed = both("strait_1")
    assert road_moves(base, blocks, "Messana", first, "Messana, Rhegium") == [
        "move(Legio 14, Messana, Rhegium)",
        "move(Legio 14, Messana, Rhegium, Neapolis)",
    ]
    assert road_moves(changed, blocks, "Messana", first, "Messana, Rhegium") == []


def test_road_limit_strait_attack() -> None:
    """JC 4.3.2, 6.11: one block attacks across a strait. Legio 13 has attacked Rhegium
    from Messana; Legio 14 may join it across the strait only with a limit of 2."""
    blocks = {"Messana": ["Legio 13", "Legio 14"], "Rhegium": ["Legio 1"]}
    first = ["move(Legio 13, Messana, Rhegium)"]
    base, changed = both("strait_attack_2")
    assert road_moves(base, blocks, "Messana", first, "Messana, Rhegium") == []
    assert road_moves(changed, blocks, "Messana", first, "Messana, Rhegium") == [
        "move(Legio 14, Messana, Rhegium)"
    ]


def test_hand_size() -> None:
    """JC 2.1: six cards dealt to each player (27 - 12 = 15 left in the deck); five with
    the variant (17 left)."""
    for game, size in zip(both("hand_size_5"), (6, 5), strict=True):
        state = start(game, {"Ravenna": ["Legio 13"]})
        zones = state["zones"]
        assert (len(zones["hand:caesar"]), len(zones["hand:pompey"])) == (size, size)
        assert len(zones["deck"]) == 27 - 2 * size


def test_discards() -> None:
    """JC 2.1: each player discards one card face down; with no discard the first prompt
    is already Caesar's card play, from all six cards."""
    base, changed = both("no_discard")
    state = start(base, {"Ravenna": ["Legio 13"]})
    prompt = base.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "discard")
    state = start(changed, {"Ravenna": ["Legio 13"]})
    prompt = changed.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "play")
    assert len(state["zones"]["hand:caesar"]) == 6
    assert state["zones"]["discarded:caesar"] == []


def winter(game: Game, blocks: Blocks, stop: tuple[str, ...]) -> State:
    """Five quiet turns of year 1, then on to the first prompt of kind ``stop``."""
    state = start(game, blocks)
    year(game, state, CAESAR_HAND, POMPEY_HAND)
    advance(game, state, stop=stop)
    return state


def test_winter_supply_base() -> None:
    """JC 8.3: a city supplies 3 blocks plus its VP: Caesar's four legions in Ravenna
    (0 VP) are one too many, so Caesar removes one (4 actions); with a base of 4 the
    winter goes on to the disbanding."""
    blocks = {"Ravenna": ["Legio 13", "Legio 14", "Legio 16", "Legio 11"], "Roma": ["Legio 1"]}
    base, changed = both("winter_supply_base_4")
    state = winter(base, blocks, ("winter_supply", "disband"))
    assert texts(base, state) == [
        "remove(Legio 11)",
        "remove(Legio 13)",
        "remove(Legio 14)",
        "remove(Legio 16)",
    ]
    state = winter(changed, blocks, ("winter_supply", "disband"))
    prompt = changed.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "disband")


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


def test_years() -> None:
    """JC 1.2: after year 1 of 5 the game goes on to year 2's deal; in a one-year game
    the final check decides at once: Pompeius, with more VP (8 to 0)."""
    base, changed = both("one_year")
    state = winter(base, EIGHT_VP, ("discard",))
    assert state["result"] is None and state["vars"]["year"] == 2
    state = winter(changed, EIGHT_VP, ("discard",))
    assert state["result"] == {
        "winner": "pompey",
        "reason": "pompey wins (final_victory)",
        "rule": "JC 1.2",
    }


def test_turns_per_year() -> None:
    """JC 2.0: after turn 1 of 5 comes turn 2's card play; with one turn a year, the
    winter and then year 2's deal."""
    base, changed = both("one_turn_a_year")
    for game, expected in ((base, ("play", 1, 2)), (changed, ("discard", 2, None))):
        state = first_turn(game, EIGHT_VP)
        advance(game, state, stop=("play", "discard"))
        prompt = game.prompt(state)
        assert prompt is not None
        assert (prompt.kind, state["vars"]["year"], state["vars"].get("turn")) == expected


def test_vp_to_win() -> None:
    """JC 1.2: 10 VP win at a winter check; Pompeius's 8 do not, and year 2 begins. With
    8 to win, Pompeius wins in the first winter."""
    base, changed = both("vp_to_win_8")
    state = winter(base, EIGHT_VP, ("discard",))
    assert state["result"] is None and state["vars"]["year"] == 2
    state = winter(changed, EIGHT_VP, ("discard",))
    assert state["result"] == {
        "winner": "pompey",
        "reason": "pompey wins (winter_victory)",
        "rule": "JC 1.2",
    }
