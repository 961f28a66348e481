"""The registry of procedures, queries and effects, and counting the rules they fire."""

from __future__ import annotations

import re
from typing import Any

import pytest

from legatus.framework.model.errors import PluginError
from legatus.framework.rules.registry import ProcedureEntry, RuleRegistry
from legatus.framework.rules.trace import cites, rule_of, tracing


def test_decorators_register_typed_entries_with_their_rule() -> None:
    registry = RuleRegistry()

    @registry.procedure(
        "winter_supply", rule="JC 8.3", params={"base": "int"}, needs={"road_limit.major": "int"}
    )
    def winter_supply(state: Any, base: int) -> None:
        """Reduce stacks to the winter limit."""

    @registry.query("blocks_at", returns="list[ piece ]", params={"city": "space"})
    def blocks_at(state: Any, city: str) -> list[str]:
        return []

    procedure = registry.procedures["winter_supply"]
    assert isinstance(procedure, ProcedureEntry)
    assert procedure.signature() == "winter_supply(base: int)"
    assert procedure.rule == "JC 8.3"
    assert procedure.doc == "Reduce stacks to the winter limit."
    assert dict(procedure.needs) == {"road_limit.major": "int"}
    assert registry.queries["blocks_at"].signature() == "blocks_at(city: space) -> list[piece]"
    assert rule_of(winter_supply) == "JC 8.3"
    assert registry.get("blocks_at") is registry.queries["blocks_at"]
    assert registry.rules() == {"winter_supply": "JC 8.3"}


def test_the_framework_builtins_are_present_and_pure() -> None:
    registry = RuleRegistry()
    assert {"abs", "min", "max", "count", "clamp"} <= set(registry.queries)
    assert registry.queries["clamp"](None, x=14, low=2, high=12) == 12
    assert RuleRegistry(builtins=False).names() == frozenset()


@pytest.mark.parametrize(
    ("register", "message"),
    [
        (lambda r: r.add_query("x", _f, returns="integer"), "x: unknown type 'integer'"),
        (
            lambda r: r.add_effect("Lose-Step", _f),
            "bad name 'Lose-Step': use lower case letters, digits and underscores",
        ),
        (
            lambda r: r.add_effect("e", _f, params={"a": "int"}, optional=("b",)),
            "e: optional 'b' is not a parameter",
        ),
        (
            lambda r: r.add_procedure("count", _f),
            "procedure 'count' is already registered as a query by legatus.framework.rules.builtins",
        ),
        (
            lambda r: r.add_procedure("p", _f, needs={"Bad Name": "int"}),
            "p: bad parameter name 'Bad Name'",
        ),
    ],
)
def test_bad_registrations_name_the_plugin(register: Any, message: str) -> None:
    with pytest.raises(PluginError) as raised:
        register(RuleRegistry())
    assert raised.value.plugin == __name__
    assert raised.value.reason == message


def _f(state: Any, **kwargs: Any) -> None:
    return None


def test_calling_an_entry_fires_its_rule() -> None:
    registry = RuleRegistry()
    registry.add_procedure("disband", lambda state: [*state, "disbanded"], rule="JC 8.5")
    with tracing() as trace:
        assert registry.procedures["disband"](["start"]) == ["start", "disbanded"]
    assert trace.by_origin[("python", "JC 8.5")] == 1


def test_cites_marks_a_python_helper_and_counts_its_calls() -> None:
    @cites("JC 7.31")
    def disrupt(blocks: list[str]) -> int:
        return len(blocks)

    with tracing() as trace:
        disrupt(["a"])
        disrupt(["a", "b"])
    assert trace.counts["JC 7.31"] == 2
    assert rule_of(disrupt) == "JC 7.31"
    assert disrupt(["x"]) == 1  # and without a trace, nothing is recorded, nothing breaks


def test_marked_functions_register_with_their_module_in_the_order_written() -> None:
    """``rules_query`` / ``rules_effect`` declare a query or an effect where its Python is
    written, in the rules language's own words; ``add_marked`` registers a module's."""
    import types

    from legatus.framework.rules.registry import rules_effect, rules_query

    module = types.ModuleType("marked_rules")

    @rules_query("blocks_at(city: space, side: side?) -> list[piece]", rule="X 1")
    def blocks_at(ctx: Any, city: str, side: str | None = None) -> list[str]:
        """The blocks standing in a city."""
        return ["Legio 7"] if city == "Roma" else []

    @rules_effect("lose_step(block: piece)", rule="X 2", needs={"steps.lost": "int"})
    def lose_step(ctx: Any, block: str) -> None:
        """One step less."""

    for function in (blocks_at, lose_step):
        function.__module__ = module.__name__
        setattr(module, function.__name__, function)
    module.imported = cites  # a function the module only imports: not registered
    registry = RuleRegistry()
    registry.add_marked(module)
    query = registry.queries["blocks_at"]
    assert query.signature() == "blocks_at(city: space, side: side?) -> list[piece]"
    assert (query.rule, query.doc) == ("X 1", "The blocks standing in a city.")
    assert query(None, city="Roma") == ["Legio 7"]
    effect = registry.effects["lose_step"]
    assert effect.signature() == "lose_step(block: piece)"
    assert dict(effect.needs) == {"steps.lost": "int"}
    assert "imported" not in registry.names()


@pytest.mark.parametrize(
    ("mark", "signature", "message"),
    [
        ("query", "blocks_at(city: space)", "write it as name(arg: type, ...) -> type"),
        ("effect", "lose_step(block: piece) -> int", "write it as name(arg: type, ...)"),
        ("effect", "lose_step(block)", "'block' has no ': type'"),
    ],
)
def test_a_mark_with_a_bad_signature_says_how_to_write_it(
    mark: str, signature: str, message: str
) -> None:
    from legatus.framework.rules.registry import rules_effect, rules_query

    with pytest.raises(ValueError, match=re.escape(message)):
        (rules_query if mark == "query" else rules_effect)(signature)
