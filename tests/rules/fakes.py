"""A small fake game state and the registries the fixtures need.

The engine does not exist yet, so the rules are evaluated against this: a
frozen state holding VP, city control, blocks and a log of what procedures
and effects did. Each registry is what a game plugin would register through
``legatus_register_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from framework.rules import ast
from framework.rules.loading import compile_rules
from framework.rules.parser import parse_path, parse_variant
from framework.rules.registry import RuleRegistry
from framework.rules.ruleset import Ruleset

FIXTURES = Path(__file__).parent / "fixtures"
CASES = Path(__file__).parent / "cases"
GBOJC_NAVAL = Path(__file__).resolve().parents[2] / "games" / "gbojc_naval"
NAVAL_TABLES = GBOJC_NAVAL / "rules" / "tables.rules"
NAVAL_TEXT_VARIANT = GBOJC_NAVAL / "variants" / "rulebook_text.variant"

JC_SIDES = ("caesar", "pompey")

JC_SYMBOLS: dict[str, frozenset[str]] = {
    "side": frozenset(JC_SIDES),
    "space": frozenset({"Roma", "Genua", "Ravenna", "Massilia", "Neapolis", "Mare Tyrrhenum"}),
    "card": frozenset({"Apollo", "Jupiter", "Mars", "Mercury", "Neptune", "Pluto", "Vulcan"}),
    "piece_type": frozenset({"leader", "legio", "navis"}),
}


@dataclass(frozen=True)
class Block:
    side: str
    space: str
    strength: int
    kind: str = "legio"


@dataclass(frozen=True)
class FakeState:
    vp: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))
    control: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))
    blocks: MappingProxyType[str, Block] = field(default_factory=lambda: MappingProxyType({}))
    seas: frozenset[str] = frozenset({"Mare Tyrrhenum"})
    cancelled: bool = False
    over: bool = False
    log: tuple[str, ...] = ()
    attitudes: MappingProxyType[tuple[str, str], str] = field(
        default_factory=lambda: MappingProxyType({})
    )

    @classmethod
    def make(cls, **kwargs: Any) -> FakeState:
        frozen: dict[str, Any] = {
            k: MappingProxyType(dict(v)) if isinstance(v, dict) else v for k, v in kwargs.items()
        }
        return cls(**frozen)

    def logged(self, entry: str) -> FakeState:
        return replace(self, log=(*self.log, entry))


def _enemy(side: str) -> str:
    return JC_SIDES[1] if side == JC_SIDES[0] else JC_SIDES[0]


def jc_registry() -> RuleRegistry:
    """What the Julius Caesar plugin would register (procedures log their calls)."""
    return register_jc(RuleRegistry())


def register_jc(registry: RuleRegistry) -> RuleRegistry:
    """Fill ``registry`` as a Julius Caesar plugin's legatus_register_rules would."""
    for name, rule in (
        ("card_phase", "JC 2.1"),
        ("battle_phase", "JC 7.0"),
        ("cleopatra_home", "JC 8.1"),
        ("navis_to_port", "JC 8.2"),
        ("disband", "JC 8.5"),
        ("year_reset", "JC 8.6"),
    ):
        registry.add_procedure(name, _logger(name), rule=rule)
    registry.add_procedure(
        "deal",
        _logger("deal"),
        rule="JC 2.1",
        params={"cards": "int", "discard": "int"},
        optional=("discard",),
    )
    registry.add_procedure(
        "winter_supply", _logger("winter_supply"), rule="JC 8.3", params={"base": "int"}
    )
    registry.add_procedure(
        "command_phase",
        _logger("command_phase"),
        rule="JC 6.0",
        needs={"road_limit.major": "int", "road_limit.minor": "int", "road_limit.strait": "int"},
    )

    @registry.query("vp", returns="int", rule="JC 1.2", params={"side": "side"})
    def vp(state: FakeState, side: str) -> int:
        return state.vp.get(side, 0)

    @registry.query(
        "controls", returns="bool", rule="JC 4.2.1", params={"side": "side", "city": "space"}
    )
    def controls(state: FakeState, side: str, city: str) -> bool:
        return state.control.get(city) == side

    @registry.query("cancelled", returns="bool", rule="JC 2.1")
    def cancelled(state: FakeState) -> bool:
        return state.cancelled

    @registry.query("enemy", returns="side", params={"side": "side"})
    def enemy(state: FakeState, side: str) -> str:
        return _enemy(side)

    @registry.query("spaces", returns="list[space]")
    def spaces(state: FakeState) -> list[str]:
        return sorted({b.space for b in state.blocks.values()} | set(state.control))

    @registry.query("is_sea", returns="bool", params={"space": "space"})
    def is_sea(state: FakeState, space: str) -> bool:
        return space in state.seas

    @registry.query("blocks_at", returns="list[piece]", params={"space": "space", "side": "side"})
    def blocks_at(state: FakeState, space: str, side: str) -> list[str]:
        return sorted(k for k, b in state.blocks.items() if b.space == space and b.side == side)

    @registry.query("blocks_in", returns="list[piece]", params={"space": "space"})
    def blocks_in(state: FakeState, space: str) -> list[str]:
        return sorted(k for k, b in state.blocks.items() if b.space == space)

    @registry.effect(
        "lose_step",
        rule="JC 7.4",
        params={"block": "piece", "eliminate": "bool"},
        optional=("eliminate",),
    )
    def lose_step(state: FakeState, block: str, eliminate: bool = False) -> FakeState:
        current = state.blocks[block]
        blocks = dict(state.blocks)
        if current.strength > 1:
            blocks[block] = replace(current, strength=current.strength - 1)
        elif eliminate:
            del blocks[block]
        return replace(state, blocks=MappingProxyType(blocks)).logged(f"lose_step {block}")

    @registry.effect(
        "move_group",
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
    def move_group(state: FakeState, **limits: Any) -> FakeState:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(limits.items()))
        return state.logged(f"move_group {shown}")

    return registry


def _logger(name: str) -> Any:
    def procedure(state: FakeState, **arguments: Any) -> FakeState:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(arguments.items()))
        return state.logged(f"{name}({shown})")

    procedure.__name__ = name
    return procedure


def hb_registry() -> RuleRegistry:
    registry = RuleRegistry()
    for name in (
        "turn_units_face_up",
        "draw_cards",
        "draw_consuls",
        "initiative",
        "actions",
        "resolve_sieges",
        "economy",
    ):
        registry.add_procedure(name, _logger(name), rule="HB III")

    @registry.query("game_over", returns="bool")
    def game_over(state: FakeState) -> bool:
        return state.over

    @registry.query("vp", returns="int", params={"side": "side"})
    def vp(state: FakeState, side: str) -> int:
        return state.vp.get(side, 0)

    @registry.query("captured_enemy_capital", returns="bool", params={"side": "side"})
    def captured(state: FakeState, side: str) -> bool:
        return False

    @registry.query(
        "attitude", returns="str", rule="HB 8.1", params={"tribe": "space", "side": "side"}
    )
    def attitude(state: FakeState, tribe: str, side: str) -> str:
        return state.attitudes.get((tribe, side), "neutral")

    return registry


def naval_registry() -> RuleRegistry:
    registry = RuleRegistry()
    for name in (
        "determine_wind",
        "form_squadrons",
        "initiative",
        "activate_squadron",
        "activate_individual_squadron",
        "fight_fires",
        "recover_fatigue",
    ):
        registry.add_procedure(name, _logger(name), rule="GBoJC 3.0")
    registry.add_procedure("choose_speeds", _logger("choose_speeds"), params={"side": "side"})
    registry.add_query("squadrons_left", lambda state: False, returns="bool")
    registry.add_query("individual_squadrons_left", lambda state: False, returns="bool")
    registry.add_query(
        "scenario_won", lambda state, side: False, returns="bool", params={"side": "side"}
    )
    return registry


def parsed(name: str) -> ast.RulesFile:
    node = parse_path(FIXTURES / name)
    assert isinstance(node, ast.RulesFile)
    return node


def variant(name: str) -> ast.VariantFile:
    return parse_variant((FIXTURES / name).read_text(encoding="utf-8"), str(FIXTURES / name))


def jc_rules() -> Ruleset:
    return compile_rules([parsed("julius_caesar.rules")], JC_SYMBOLS, jc_registry())


def naval_tables() -> Ruleset:
    """The naval module's tables, from the game folder (they are no test fixture)."""
    node = parse_path(NAVAL_TABLES)
    assert isinstance(node, ast.RulesFile)
    return compile_rules([node])


def hb_rules() -> Ruleset:
    symbols = {"side": frozenset({"rome", "carthage"}), "space": frozenset({"Lingones", "Boii"})}
    return compile_rules([parsed("hannibal_barkas.rules")], symbols, hb_registry())
