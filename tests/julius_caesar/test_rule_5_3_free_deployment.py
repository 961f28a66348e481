"""JC 5.3 free deployment (scenario 705's option ``free_deployment``).

Each side keeps the historical number of blocks in every city (JC 5.1) but may put any
of its historically deployed blocks there; levy-pool blocks may not be swapped in; a
navis stands only in a port (JC 4.1). Caesar's places: Ravenna 3, Genua 3, Massilia 3,
Narbo 3 (ports) and Lugdunum 2 (inland). Pompey's eight cities are all ports. Blocks are
asked in id order; Caesar's: Antonius, C Equitatus 1, C Navis 1, C Navis 2, Caesar,
Legio 10, 11, 12, 13, 14, 16, 7, 8, 9.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from framework.engine.state import State
from framework.engine.view import observe
from framework.gamedef import GameDef
from framework.testing import GameUnderTest as Game
from games.julius_caesar.deployment import can_place_all

CAESAR_CITIES = ["Genua", "Lugdunum", "Massilia", "Narbo", "Ravenna"]


def start(make_game: Callable[..., Game], free: bool = True) -> tuple[Game, State]:
    game = make_game("free_deployment")
    options = ["free_deployment"] if free else []
    return game, game.new_state(options=options)


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def positions(state: State) -> dict[str, str]:
    return {pid: p["at"] for pid, p in state["pieces"].items()}


def historical_answer(jc: GameDef, game: Game, state: State) -> str:
    """The deploy action that puts the asked block where JC 5.1 puts it."""
    action = game.legal_actions(state)[0]
    block = str(action.args[0])
    scenario = jc.scenarios["705"]
    for setup in scenario.setup.values():
        for city, found in setup.on_map.items():
            if block in (p.piece for p in found):
                return f"deploy({block}, {city})"
    raise AssertionError(block)


def test_without_the_option_nothing_happens(make_game: Callable[..., Game]) -> None:
    """JC 5.1 is the default: without the option the step asks nothing."""
    game = make_game("free_deployment")
    before = positions(game.setup())
    game, state = start(make_game, free=False)
    assert game.prompt(state) is None
    assert positions(state) == before


def test_first_question_caesar_places_antonius_anywhere(make_game: Callable[..., Game]) -> None:
    """JC 5.3: Caesar first; Antonius may go to any of Caesar's 5 cities: 5 actions."""
    game, state = start(make_game)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "deploy")
    assert texts(game, state) == [f"deploy(Antonius, {c})" for c in CAESAR_CITIES]


def test_navis_only_in_ports_and_full_cities_closed(make_game: Callable[..., Game]) -> None:
    """JC 5.3, 4.1: Antonius, then C Equitatus 1 (5 actions), fill Lugdunum's 2 places;
    C Navis 1 may then go only to the 4 ports: 4 actions. With both navis in Ravenna (1
    place left there), Caesar himself has Genua, Massilia, Narbo and Ravenna: 4."""
    game, state = start(make_game)
    game.apply(state, "deploy(Antonius, Lugdunum)")
    assert len(texts(game, state)) == 5
    game.apply(state, "deploy(C Equitatus 1, Lugdunum)")
    assert texts(game, state) == [
        f"deploy(C Navis 1, {c})" for c in ("Genua", "Massilia", "Narbo", "Ravenna")
    ]
    game.apply(state, "deploy(C Navis 1, Ravenna)")
    game.apply(state, "deploy(C Navis 2, Ravenna)")
    assert texts(game, state) == [
        f"deploy(Caesar, {c})" for c in ("Genua", "Massilia", "Narbo", "Ravenna")
    ]


def test_levy_pool_blocks_are_never_offered(make_game: Callable[..., Game]) -> None:
    """JC 5.3: pool blocks (Octavian, Legio 17...) may not be swapped in: every block
    asked about over the whole deployment is one of the 14 + 16 deployed blocks."""
    game, state = start(make_game)
    jc = game.definition
    deployed = {
        p.piece
        for setup in jc.scenarios["705"].setup.values()
        for f in setup.on_map.values()
        for p in f
    }
    asked = set()
    while game.prompt(state) is not None:
        asked |= {str(a.args[0]) for a in game.legal_actions(state)}
        game.apply(state, game.legal_actions(state)[-1])
    assert asked <= deployed
    assert "Octavian" not in asked


def test_historical_answers_reproduce_jc_5_1_in_28_questions(
    jc: GameDef, make_game: Callable[..., Game]
) -> None:
    """JC 5.3 example's converse: placing every block where JC 5.1 does gives the
    historical set-up. Caesar answers 13 questions (Legio 9, last, has one place left),
    Pompey 15 (Scipio, last, likewise)."""
    game, state = start(make_game)
    before = positions(game.setup())
    asked: Counter[str] = Counter()
    while (prompt := game.prompt(state)) is not None:
        asked[prompt.side] += 1
        game.apply(state, historical_answer(jc, game, state))
    assert asked == {"caesar": 13, "pompey": 15}
    assert positions(state) == before


def test_swapping_keeps_the_counts(make_game: Callable[..., Game]) -> None:
    """JC 5.3: Caesar to Lugdunum and Legio 16 to Ravenna (swapped), the rest as in
    JC 5.1: every city keeps its number of blocks."""
    game, state = start(make_game)
    jc = game.definition
    swap = {"Caesar": "Lugdunum", "Legio 16": "Ravenna"}
    while game.prompt(state) is not None:
        block = str(game.legal_actions(state)[0].args[0])
        answer = (
            f"deploy({block}, {swap[block]})"
            if block in swap
            else historical_answer(jc, game, state)
        )
        game.apply(state, answer)
    assert state["pieces"]["Caesar"]["at"] == "Lugdunum"
    assert state["pieces"]["Legio 16"]["at"] == "Ravenna"
    counts = Counter(p["at"] for p in state["pieces"].values() if p["side"] == "caesar")
    assert {c: counts[c] for c in CAESAR_CITIES} == {
        "Genua": 3,
        "Lugdunum": 2,
        "Massilia": 3,
        "Narbo": 3,
        "Ravenna": 3,
    }
    assert counts["pool"] == 17


def test_choices_stay_hidden_until_both_are_done(make_game: Callable[..., Game]) -> None:
    """JC 5.3 hidden: after Caesar places Antonius in Lugdunum, no block has moved and
    Pompey's view is as before; Caesar's own view shows the choice."""
    game, state = start(make_game)
    jc = game.definition
    pompey_before = observe(jc, state, "pompey")
    game.apply(state, "deploy(Antonius, Lugdunum)")
    assert state["pieces"]["Antonius"]["at"] == "Genua"
    assert observe(jc, state, "pompey") == pompey_before
    assert observe(jc, state, "caesar")["records"]["deployment"] == {
        "caesar": {"Antonius": "Lugdunum"}
    }
    assert "pompey" not in observe(jc, state, "caesar")["records"]["deployment"]


def test_can_place_all_is_halls_condition() -> None:
    """The dead-end guard (Hall's condition): two navis cannot share one port place; a
    navis and a legio fit one port and one inland place; three blocks never fit two."""
    ports = frozenset({"Genua"})
    anywhere = frozenset({"Genua", "Lugdunum"})
    free = {"Genua": 1, "Lugdunum": 1}
    assert not can_place_all([ports, ports], free)
    assert can_place_all([ports, anywhere], free)
    assert not can_place_all([anywhere, anywhere, anywhere], free)
    assert can_place_all([], free)
