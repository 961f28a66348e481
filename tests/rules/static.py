"""Registries for checking rules files statically: names and types, nothing runs.

The rules language's checker, variant, formatter and error tests check fixture rules files
(``fixtures/``: an early excerpt of Julius Caesar's rules, a Hannibal Barkas excerpt, a naval
turn) against a registry of what a game plugin would register: procedures, queries and
effects with their parameter types. Nothing here is ever called; rules run only on the
engine (``engine.py``), against the games' own rules files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from legatus.framework.rules import ast
from legatus.framework.rules.loading import compile_rules
from legatus.framework.rules.parser import parse_path, parse_variant
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset

FIXTURES = Path(__file__).parent / "fixtures"
CASES = Path(__file__).parent / "cases"
GBOJC_NAVAL = Path(__file__).resolve().parents[2] / "legatus" / "games" / "gbojc_naval" / "data"
NAVAL_TABLES = GBOJC_NAVAL / "rules" / "tables.rules"
NAVAL_TEXT_VARIANT = GBOJC_NAVAL / "variants" / "rulebook_text.variant"

JC_SIDES = ("caesar", "pompey")

JC_SYMBOLS: dict[str, frozenset[str]] = {
    "side": frozenset(JC_SIDES),
    "space": frozenset({"Roma", "Genua", "Ravenna", "Massilia", "Neapolis", "Mare Tyrrhenum"}),
    "card": frozenset({"Apollo", "Jupiter", "Mars", "Mercury", "Neptune", "Pluto", "Vulcan"}),
    "piece_type": frozenset({"leader", "legio", "navis"}),
}


def never(*args: Any, **kwargs: Any) -> Any:
    """What a static registry registers: checked for its types, never run."""
    raise AssertionError("a static registry's functions are never called")


def jc_registry() -> RuleRegistry:
    """What a Julius Caesar plugin would register for the excerpt's names and types."""
    return register_jc(RuleRegistry())


def register_jc(registry: RuleRegistry) -> RuleRegistry:
    """Fill ``registry`` with the excerpt's procedures, queries and effects."""
    for name, rule in (
        ("card_phase", "JC 2.1"),
        ("battle_phase", "JC 7.0"),
        ("cleopatra_home", "JC 8.1"),
        ("navis_to_port", "JC 8.2"),
        ("disband", "JC 8.5"),
        ("year_reset", "JC 8.6"),
    ):
        registry.add_procedure(name, never, rule=rule)
    registry.add_procedure(
        "deal", never, rule="JC 2.1", params={"cards": "int", "discard": "int"},
        optional=("discard",),
    )  # fmt: skip
    registry.add_procedure("winter_supply", never, rule="JC 8.3", params={"base": "int"})
    registry.add_procedure(
        "command_phase",
        never,
        rule="JC 6.0",
        needs={"road_limit.major": "int", "road_limit.minor": "int", "road_limit.strait": "int"},
    )
    q = registry.add_query
    q("vp", never, returns="int", rule="JC 1.2", params={"side": "side"})
    q("controls", never, returns="bool", rule="JC 4.2.1", params={"side": "side", "city": "space"})
    q("cancelled", never, returns="bool", rule="JC 2.1")
    q("enemy", never, returns="side", params={"side": "side"})
    q("spaces", never, returns="list[space]")
    q("is_sea", never, returns="bool", params={"space": "space"})
    q("blocks_at", never, returns="list[piece]", params={"space": "space", "side": "side"})
    q("blocks_in", never, returns="list[piece]", params={"space": "space"})
    registry.add_effect(
        "lose_step", never, rule="JC 7.4", params={"block": "piece", "eliminate": "bool"},
        optional=("eliminate",),
    )  # fmt: skip
    registry.add_effect(
        "move_group",
        never,
        rule="JC 6.1",
        params={
            "player": "side",
            "major": "int",
            "minor": "int",
            "strait": "int",
            "attacking_only": "bool",
            "navis": "bool",
            "sea_moves": "bool",
        },
    )
    return registry


def hb_registry() -> RuleRegistry:
    """What a Hannibal Barkas plugin would register for the excerpt."""
    registry = RuleRegistry()
    for name in ("turn_units_face_up", "draw_cards", "draw_consuls", "initiative", "actions",
                 "resolve_sieges", "economy"):  # fmt: skip
        registry.add_procedure(name, never, rule="HB III")
    registry.add_query("game_over", never, returns="bool")
    registry.add_query("vp", never, returns="int", params={"side": "side"})
    registry.add_query("captured_enemy_capital", never, returns="bool", params={"side": "side"})
    registry.add_query(
        "attitude", never, returns="str", rule="HB 8.1", params={"tribe": "space", "side": "side"}
    )
    return registry


def naval_registry() -> RuleRegistry:
    """What the naval turn excerpt names."""
    registry = RuleRegistry()
    for name in ("determine_wind", "form_squadrons", "initiative", "activate_squadron",
                 "activate_individual_squadron", "fight_fires", "recover_fatigue"):  # fmt: skip
        registry.add_procedure(name, never, rule="GBoJC 3.0")
    registry.add_procedure("choose_speeds", never, params={"side": "side"})
    registry.add_query("squadrons_left", never, returns="bool")
    registry.add_query("individual_squadrons_left", never, returns="bool")
    registry.add_query("scenario_won", never, returns="bool", params={"side": "side"})
    return registry


def parsed(name: str) -> ast.RulesFile:
    node = parse_path(FIXTURES / name)
    assert isinstance(node, ast.RulesFile)
    return node


def variant(name: str) -> ast.VariantFile:
    return parse_variant((FIXTURES / name).read_text(encoding="utf-8"), str(FIXTURES / name))


def jc_rules() -> Ruleset:
    """The Julius Caesar excerpt, checked and compiled (for the language's static tests)."""
    return compile_rules([parsed("julius_caesar.rules")], JC_SYMBOLS, jc_registry())


def naval_tables() -> Ruleset:
    """The naval module's tables file alone, from the game folder (no test fixture)."""
    node = parse_path(NAVAL_TABLES)
    assert isinstance(node, ast.RulesFile)
    return compile_rules([node])


def hb_rules() -> Ruleset:
    symbols = {"side": frozenset({"rome", "carthage"}), "space": frozenset({"Lingones", "Boii"})}
    return compile_rules([parsed("hannibal_barkas.rules")], symbols, hb_registry())
