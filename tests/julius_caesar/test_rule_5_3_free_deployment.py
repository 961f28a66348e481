"""JC 5.3 free deployment (scenario 705's option ``free_deployment``).

Each side keeps the historical number of blocks in every city (JC 5.1) but may put any
of its historically deployed blocks there; levy-pool blocks may not be swapped in; a
navis stands only in a port (JC 4.1). Caesar's places: Ravenna 3, Genua 3, Massilia 3,
Narbo 3 (ports) and Lugdunum 2 (inland). Pompey's eight cities are all ports. Blocks are
asked in id order; Caesar's: Antonius, C Equitatus 1, C Navis 1, C Navis 2, Caesar,
Legio 10, 11, 12, 13, 14, 16, 7, 8, 9.

Each test starts at the game's first step with the scenario's option (or without it).
"""

from __future__ import annotations

from collections import Counter

from legatus.framework.kit import reads
from legatus.framework.kit.deployment import can_place_all
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC

CAESAR_CITIES = ["Genua", "Lugdunum", "Massilia", "Narbo", "Ravenna"]


def start(play_from: PlayFrom, free: bool = True) -> Kit:
    options = "options: [free_deployment]\n" if free else ""
    return play_from(JC, "at: {step: free_deployment}\n" + options)


def historical(kit: Kit) -> dict[str, str]:
    """Where JC 5.1 puts each block of the scenario's map (block -> city)."""
    scenario = kit.definition.scenarios["705"]
    return {
        p.piece: city
        for setup in scenario.setup.values()
        for city, found in setup.on_map.items()
        for p in found
    }


def locations(kit: Kit) -> dict[str, str]:
    return {block: kit.at(block) for block in kit.definition.pieces}


def historical_answer(kit: Kit) -> str:
    """The deploy action that puts the asked block where JC 5.1 puts it."""
    assert kit.prompt is not None
    block = str(kit.prompt.actions[0].args[0])
    return f"deploy({block}, {historical(kit)[block]})"


def test_without_the_option_nothing_happens(play_from: PlayFrom) -> None:
    """JC 5.1 is the default: without the option the step asks nothing; the year's deal
    follows with every block where JC 5.1 puts it."""
    kit = start(play_from, free=False)
    assert kit.step == "deal_cards"
    assert {b: kit.at(b) for b in historical(kit)} == historical(kit)


def test_first_question_caesar_places_antonius_anywhere(play_from: PlayFrom) -> None:
    """JC 5.3: Caesar first; Antonius may go to any of Caesar's 5 cities: 5 actions."""
    kit = start(play_from)
    assert kit.asked == ("caesar", "deploy")
    assert kit.legal() == [f"deploy(Antonius, {c})" for c in CAESAR_CITIES]


def test_navis_only_in_ports_and_full_cities_closed(play_from: PlayFrom) -> None:
    """JC 5.3, 4.1: Antonius, then C Equitatus 1 (5 actions), fill Lugdunum's 2 places;
    C Navis 1 may then go only to the 4 ports: 4 actions. With both navis in Ravenna (1
    place left there), Caesar himself has Genua, Massilia, Narbo and Ravenna: 4."""
    kit = start(play_from)
    kit.act("deploy(Antonius, Lugdunum)")
    assert len(kit.legal()) == 5
    kit.act("deploy(C Equitatus 1, Lugdunum)")
    assert kit.legal() == [
        f"deploy(C Navis 1, {c})" for c in ("Genua", "Massilia", "Narbo", "Ravenna")
    ]
    kit.act("deploy(C Navis 1, Ravenna)", "deploy(C Navis 2, Ravenna)")
    assert kit.legal() == [
        f"deploy(Caesar, {c})" for c in ("Genua", "Massilia", "Narbo", "Ravenna")
    ]


def test_levy_pool_blocks_are_never_offered(play_from: PlayFrom) -> None:
    """JC 5.3: pool blocks (Octavian, Legio 17...) may not be swapped in: every block
    asked about over the whole deployment is one of the 14 + 16 deployed blocks."""
    kit = start(play_from)
    deployed = set(historical(kit))
    asked = set()
    while kit.step == "free_deployment":
        assert kit.prompt is not None
        asked |= {str(a.args[0]) for a in kit.prompt.actions}
        kit.act(kit.legal()[-1])
    assert asked <= deployed
    assert "Octavian" not in asked


def test_historical_answers_reproduce_jc_5_1_in_28_questions(play_from: PlayFrom) -> None:
    """JC 5.3 example's converse: placing every block where JC 5.1 does gives the
    historical set-up. Caesar answers 13 questions (Legio 9, last, has one place left),
    Pompey 15 (Scipio, last, likewise)."""
    kit = start(play_from)
    before = locations(start(play_from, free=False))
    asked: Counter[str] = Counter()
    while kit.step == "free_deployment":
        assert kit.asked is not None
        asked[kit.asked[0]] += 1
        kit.act(historical_answer(kit))
    assert asked == {"caesar": 13, "pompey": 15}
    assert locations(kit) == before


def test_swapping_keeps_the_counts(play_from: PlayFrom) -> None:
    """JC 5.3: Caesar to Lugdunum and Legio 16 to Ravenna (swapped), the rest as in
    JC 5.1: every city keeps its number of blocks."""
    kit = start(play_from)
    swap = {"Caesar": "Lugdunum", "Legio 16": "Ravenna"}
    while kit.step == "free_deployment":
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        kit.act(f"deploy({block}, {swap[block]})" if block in swap else historical_answer(kit))
    assert kit.at("Caesar") == "Lugdunum"
    assert kit.at("Legio 16") == "Ravenna"
    counts = Counter(kit.at(b) for b in kit.definition.pieces if kit.owner(b) == "caesar")
    assert {c: counts[c] for c in CAESAR_CITIES} == {
        "Genua": 3,
        "Lugdunum": 2,
        "Massilia": 3,
        "Narbo": 3,
        "Ravenna": 3,
    }
    assert len(reads.pool(kit, "caesar")) == 17


def test_choices_stay_hidden_until_both_are_done(play_from: PlayFrom) -> None:
    """JC 5.3 hidden: after Caesar places Antonius in Lugdunum, no block has moved and
    Pompey's view is as before; Caesar's own view shows the choice."""
    kit = start(play_from)
    pompey_before = kit.view("pompey")
    kit.act("deploy(Antonius, Lugdunum)")
    assert kit.at("Antonius") == "Genua"
    assert kit.view("pompey") == pompey_before
    assert kit.view("caesar")["records"]["deployment"] == {"caesar": {"Antonius": "Lugdunum"}}


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
