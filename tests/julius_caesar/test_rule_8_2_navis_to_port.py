"""JC 8.2: in winter every navis at sea goes to a friendly port on its sea, or is disbanded.

The Spanish text adds "Caesar first". Friendly = held by own blocks only (JC 4.2.1).
Ports of Mare Tyrrhenum (map, JC 4.4.2): Aleria, Caralis, Genua, Lilybaeum, Messana,
Neapolis, Rhegium, Roma, Utica.
"""

from __future__ import annotations

from collections.abc import Callable

from framework.engine.state import State
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game
from tests.julius_caesar.conftest import empty_board, place


def start(make_game: Callable[..., Game], build: Callable[[State], None]) -> tuple[Game, State]:
    game = make_game("navis_to_port")
    state = empty_board(game.setup())
    build(state)
    return game, game.begin(state)


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def tyrrhenian(state: State) -> None:
    """Caesar: a navis on Mare Tyrrhenum, blocks at Roma and Genua, a navis on Mare
    Hadriaticum with Ravenna his only Adriatic port. Pompey: a navis on Mare Internum,
    where he holds only Utica, another on Mare Tyrrhenum with Neapolis and Utica."""
    place(state, "Mare Tyrrhenum", "C Navis 1")
    place(state, "Roma", "Legio 13")
    place(state, "Genua", "Legio 8")
    place(state, "Mare Hadriaticum", "C Navis 2")
    place(state, "Ravenna", "Caesar")
    place(state, "Mare Internum", "P Navis 3")
    place(state, "Mare Tyrrhenum", "P Navis 1")
    place(state, "Neapolis", "Legio 1")
    place(state, "Utica", "Legio 39")


def test_owner_chooses_among_friendly_ports_caesar_first(make_game: Callable[..., Game]) -> None:
    """JC 8.2: C Navis 1 on Mare Tyrrhenum has two friendly ports, Genua and Roma: 2
    actions for Caesar; then Pompey's P Navis 1 has Neapolis and Utica: 2 actions."""
    game, state = start(make_game, tyrrhenian)
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "caesar"
    assert texts(game, state) == ["to_port(C Navis 1, Genua)", "to_port(C Navis 1, Roma)"]
    game.apply(state, "to_port(C Navis 1, Roma)")
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "pompey"
    assert texts(game, state) == ["to_port(P Navis 1, Neapolis)", "to_port(P Navis 1, Utica)"]
    game.apply(state, "to_port(P Navis 1, Utica)")
    at = {pid: state["pieces"][pid]["at"] for pid in ("C Navis 1", "P Navis 1")}
    assert at == {"C Navis 1": "Roma", "P Navis 1": "Utica"}


def test_single_port_moves_without_a_question(make_game: Callable[..., Game]) -> None:
    """JC 8.2: C Navis 2 on Mare Hadriaticum has one friendly port, Ravenna: it goes there
    at once, before Caesar's question about C Navis 1."""
    _game, state = start(make_game, tyrrhenian)
    assert state["pieces"]["C Navis 2"]["at"] == "Ravenna"


def test_no_friendly_port_disbands_to_the_pool(make_game: Callable[..., Game]) -> None:
    """JC 8.2: P Navis 4 on Mare Aegaeum, whose only held port (Athenae) is Caesar's,
    has no friendly port: it is disbanded to the pool, and no question is asked."""

    def build(state: State) -> None:
        place(state, "Mare Aegaeum", "P Navis 4")
        place(state, "Athenae", "Legio 20")

    game, state = start(make_game, build)
    assert state["pieces"]["P Navis 4"]["at"] == "pool"
    assert game.prompt(state) is None
    texts_all = [e["text"] for e in state["log"] if "to" not in e]
    assert texts_all[0] == "Pompeius disbands a navis at Mare Aegaeum: no friendly port"


def test_enemy_and_empty_ports_are_not_friendly(make_game: Callable[..., Game]) -> None:
    """JC 8.2, 4.2.1: a vacant port (Messana) or an enemy one (Neapolis) will not do; a
    port held only by an own navis (Lilybaeum) will: one port, no question."""

    def build(state: State) -> None:
        place(state, "Mare Tyrrhenum", "C Navis 1")
        place(state, "Neapolis", "Legio 1")
        place(state, "Lilybaeum", "C Navis 3")

    game, state = start(make_game, build)
    assert state["pieces"]["C Navis 1"]["at"] == "Lilybaeum"
    assert game.prompt(state) is None


def test_utica_serves_three_seas(make_game: Callable[..., Game]) -> None:
    """JC 4.4.2, 8.2: Utica touches Hispanum, Tyrrhenum and Internum; Pompey's navis on
    Mare Internum reach it, so P Navis 3 is not disbanded. Pompey's navis move only
    after Caesar's are done (Caesar first)."""
    game, state = start(make_game, tyrrhenian)
    assert state["pieces"]["P Navis 3"]["at"] == "Mare Internum"
    game.apply(state, "to_port(C Navis 1, Genua)")
    assert state["pieces"]["P Navis 3"]["at"] == "Utica"


def test_navis_in_port_stay(make_game: Callable[..., Game]) -> None:
    """JC 8.2 moves navis at sea only; a navis in port stays."""
    game, state = start(make_game, lambda s: place(s, "Massilia", "C Navis 1"))
    assert state["pieces"]["C Navis 1"]["at"] == "Massilia"
    assert game.prompt(state) is None


def test_enemy_sees_where_a_navis_went_but_not_which(make_game: Callable[..., Game]) -> None:
    """Hidden blocks (JC 3.0): Pompey's log says a Caesarian navis moved, not which."""
    game, state = start(make_game, tyrrhenian)
    game.apply(state, "to_port(C Navis 1, Roma)")
    pompey_log = [e["text"] for e in observe(game.definition, state, "pompey")["log"]]
    assert "Caesar moves a navis Mare Tyrrhenum -> Roma" in pompey_log
    assert not any("C Navis 1" in t for t in pompey_log)
