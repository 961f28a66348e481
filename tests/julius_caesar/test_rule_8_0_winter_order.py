"""JC 8.0: the winter steps "in exactly this order", which the two texts give differently.

Spanish (the rules file's default): Cleopatra home, victory, navis to port, supply,
disband, reset. Polish (the variant ``polish_winter``): Cleopatra home, navis to port,
supply, victory, disband, reset. Each test plays a winter from its first step as the rules
file (or the variant) orders it, not a copy of the order.
"""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom, phase_steps

from .conftest import JC, placed

#: Pompey holds 8 VP (Syracusae, Antiochia, Utica, Carthago Nova, Tarraco, Athenae, Roma
#: 2); Cleopatra is with Legio 3 at Neapolis, Alexandria (2 VP) is vacant. Caesar has a
#: navis on Mare Tyrrhenum and holds two of its ports, Genua and Messana.
POSITION = "at: {step: cleopatra_home, counters: {year: 1}}\n" + placed(
    {
        "Syracusae": ["Legio 37"],
        "Antiochia": ["Legio 34"],
        "Utica": ["Legio 39"],
        "Carthago Nova": ["Legio 2"],
        "Tarraco": ["Legio 5"],
        "Athenae": ["Legio 32"],
        "Roma": ["Legio 1"],
        "Neapolis": ["Cleopatra", "Legio 3"],
        "Mare Tyrrhenum": ["C Navis 1"],
        "Genua": ["Legio 8"],
        "Messana": ["Legio 13"],
    }
)


def winter(play_from: PlayFrom, variant: str | None = None) -> Kit:
    return play_from(JC, POSITION, variant=variant)


def test_the_rules_file_orders_winter_as_the_spanish_text_and_the_variant_as_the_polish() -> None:
    def order(variant: str | None) -> list[str]:
        return [line.split()[1] for line in phase_steps(JC, "winter", variant=variant)[1:]]

    assert order(None) == [
        "cleopatra_home", "winter_victory", "final_victory", "navis_to_port",
        "winter_supply(base:", "disband", "year_reset",
    ]  # fmt: skip
    assert order("polish_winter") == [
        "cleopatra_home", "navis_to_port", "winter_supply(base:", "winter_victory",
        "final_victory", "disband", "year_reset",
    ]  # fmt: skip


def test_spanish_order_checks_victory_right_after_cleopatra(play_from: PlayFrom) -> None:
    """JC 8.1 then the check (ES): Cleopatra takes Alexandria for Pompey, 8 + 2 = 10 VP:
    Pompey wins before any navis moves."""
    kit = winter(play_from)
    assert kit.result is not None and kit.result["winner"] == "pompey"
    assert kit.at("C Navis 1") == "Mare Tyrrhenum"


def test_polish_order_moves_navis_first(play_from: PlayFrom) -> None:
    """PL order: navis to port comes before the check, so Caesar is asked where C Navis 1
    goes (2 actions) first; the check that follows gives Pompey the game."""
    kit = winter(play_from, "polish_winter")
    assert kit.result is None
    assert kit.legal() == ["to_port(C Navis 1, Genua)", "to_port(C Navis 1, Messana)"]
    kit.act("to_port(C Navis 1, Genua)")
    assert kit.result is not None and kit.result["winner"] == "pompey"
