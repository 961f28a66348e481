"""Variants: applied to a base game's rules, checked again, and compared with the base."""

from __future__ import annotations

import pytest

from legatus.framework.model.errors import RulesErrors
from legatus.framework.rules.loading import with_variant
from legatus.framework.rules.parser import parse_variant
from legatus.framework.rules.plan import plan
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.variants import diff

from .static import JC_SYMBOLS, jc_registry, jc_rules, variant


@pytest.fixture(scope="module")
def base() -> Ruleset:
    return jc_rules()


def apply(base: Ruleset, text: str) -> Ruleset:
    return with_variant(base, parse_variant(text, "v.variant"), JC_SYMBOLS, jc_registry())


def test_rule_6_11_minor_roads_variant_carries_3_blocks(base: Ruleset) -> None:
    minor = with_variant(base, variant("jc_minor_roads.variant"), JC_SYMBOLS, jc_registry())
    assert minor.param("road_limit.minor") == 3
    assert base.param("road_limit.minor") == 2  # the base is untouched
    assert minor.params["road_limit.minor"].rule == "JC 6.11 (PL table)"
    assert minor.variants == ("minor_roads_3",)


def test_a_parameter_derived_from_an_overridden_one_follows_it(base: Ruleset) -> None:
    longer = apply(base, "variant wide_straits of julius_caesar\nparam road_limit.strait = 3\n")
    assert longer.param("road_limit.strait_attack") == 2


def test_diff_of_the_minor_roads_variant(base: Ruleset) -> None:
    minor = with_variant(base, variant("jc_minor_roads.variant"), JC_SYMBOLS, jc_registry())
    assert [str(c) for c in diff(base, minor)] == [
        "param road_limit.minor: 2 -> 3\n    @rule 'JC 6.11 (PL table)'"
    ]


def test_diff_of_the_polish_winter_variant(base: Ruleset) -> None:
    polish = with_variant(base, variant("jc_polish_winter.variant"), JC_SYMBOLS, jc_registry())
    changes = diff(base, polish)
    assert [c.as_dict() for c in changes] == [
        {
            "kind": "sequence",
            "name": "year.winter",
            "summary": "order changed",
            "detail": [
                "was: cleopatra_home, winter_victory, navis_to_port, winter_supply, disband, "
                "year_reset",
                "now: cleopatra_home, navis_to_port, winter_supply, winter_victory, disband, "
                "year_reset",
            ],
        }
    ]


def test_diff_of_the_rulebook_events_variant_names_each_replaced_effect(base: Ruleset) -> None:
    book = with_variant(base, variant("jc_rulebook_events.variant"), JC_SYMBOLS, jc_registry())
    summary = [(c.kind, c.name, c.summary) for c in diff(base, book)]
    assert summary == [
        ("param", "pluto.extra_blocks", "added: int = 2"),
        ("effect", "pluto", "replaced"),
        ("effect", "vulcan", "replaced"),
    ]


def test_insert_replace_and_remove_steps_by_unique_path_tails(base: Ruleset) -> None:
    changed = apply(
        base,
        "variant v of julius_caesar\n"
        "insert after cleopatra_home:\n  step early_supply = winter_supply(base: 1)\n"
        "remove step winter.disband\n"
        'replace step winter_supply:\n  step winter_supply(base: 4)  @rule "house"\n',
    )
    winter = [str(p) for p in plan(changed) if p.path[:2] == ("year", "winter")]
    assert winter == [
        "year.winter.cleopatra_home: step cleopatra_home",
        "year.winter.early_supply: step winter_supply(base: 1)",
        "year.winter.winter_victory: check winter_victory",
        "year.winter.navis_to_port: step navis_to_port",
        "year.winter.winter_supply: step winter_supply(base: 4)",
        "year.winter.year_reset: step year_reset when year < years",
    ]
    assert [str(c) for c in diff(base, changed)] == [
        'sequence year.winter.disband: removed\n    step disband  @rule "JC 8.5"',
        "sequence year.winter.early_supply: added after cleopatra_home\n"
        "    step early_supply = winter_supply(base: 1)",
        "sequence year.winter.winter_supply: changed\n"
        '    was: step winter_supply(base: winter_supply_base)  @rule "JC 8.3"\n'
        '    now: step winter_supply(base: 4)  @rule "house"',
    ]


def test_a_variant_result_is_checked_like_any_rules(base: Ruleset) -> None:
    with pytest.raises(RulesErrors) as raised:
        apply(base, "variant v of julius_caesar\nremove step winter.winter_victory\n")
    assert [e.message for e in raised.value.errors] == ["victory 'winter_victory' is never checked"]


def test_an_ambiguous_path_asks_for_more_of_it(base: Ruleset) -> None:
    with pytest.raises(RulesErrors) as raised:
        apply(
            base,
            "variant v of julius_caesar\ninsert before year_reset:\n  phase extra:\n"
            "    step disband\nremove step disband\n",
        )
    assert [(e.span.line, e.message, e.hint) for e in raised.value.errors] == [
        (
            5,
            "'disband' is ambiguous: it could be year.winter.disband or year.winter.extra.disband",
            "write more of the path",
        ),
    ]


def test_variants_stack(base: Ruleset) -> None:
    minor = with_variant(base, variant("jc_minor_roads.variant"), JC_SYMBOLS, jc_registry())
    both = with_variant(minor, variant("jc_polish_winter.variant"), JC_SYMBOLS, jc_registry())
    assert both.variants == ("minor_roads_3", "polish_winter")
    assert [c.kind for c in diff(base, both)] == ["param", "sequence"]
