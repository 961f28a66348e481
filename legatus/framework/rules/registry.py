"""What Python provides to the rules: procedures, queries and effects, typed.

A game plugin fills a :class:`RuleRegistry` in its
:meth:`~legatus.framework.engine.gameplugin.GamePlugin.register_rules`; the registry starts
with the language's built-ins (:mod:`legatus.framework.rules.builtins`) and the
catalog adds the engine's generic queries (:mod:`legatus.framework.engine.queries`).
Each entry has a name, typed parameters and the rulebook section it
implements, so the checker can verify every call in a rules file before a
game is played, and a trace can count the entry's firings (see
:mod:`legatus.framework.rules.trace`)::

    registry = RuleRegistry()

    @registry.query("vp", returns="int", rule="JC 1.2", params={"side": "side"})
    def vp(ctx, side):
        return model.vp(ctx.definition, ctx.state, side)

    registry.add_procedure("winter_supply", WinterSupply(), rule="JC 8.3",
                           params={"base": "int"})

Queries and effects are called as ``function(ctx, **arguments)``, where
``ctx`` is the engine's :class:`~legatus.framework.engine.core.Context` (the game's
definition, its state and the engine's services) and the arguments come by
their declared names; optional parameters that a rules file does not give
are left out, so the function's own defaults apply. A procedure is an
engine :class:`~legatus.framework.engine.core.Procedure` (a step that may ask
questions), or a plain function ``function(ctx, **arguments)`` run as a step
without decisions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, TypeVar, cast

from legatus.framework.model.errors import PluginError
from legatus.framework.rules.builtins import BUILTIN_QUERIES
from legatus.framework.rules.trace import RULE_ATTR, fire
from legatus.framework.rules.types import TypeSyntaxError, parse_type

F = TypeVar("F", bound=Callable[..., Any])

_NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")
_PARAM_NAME = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*\Z")


@dataclass(frozen=True)
class ParamSpec:
    """One declared parameter: name, type (canonical spelling), optional or required."""

    name: str
    type: str
    optional: bool = False


@dataclass(frozen=True)
class _Entry:
    name: str
    params: tuple[ParamSpec, ...]
    rule: str
    function: Callable[..., Any] = field(compare=False)
    doc: str = ""
    #: The parameters of the rules the function reads, with their types: a rules file or
    #: variant that calls it but drops or retypes one is caught by the checker, not at play.
    needs: Mapping[str, str] = field(default_factory=dict, compare=False)

    kind = "entry"

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)

    def signature(self) -> str:
        inner = ", ".join(f"{p.name}: {p.type}{'?' if p.optional else ''}" for p in self.params)
        return f"{self.name}({inner})"

    def __call__(self, ctx: Any, /, **arguments: Any) -> Any:
        """Run the function with the engine's context, recording that its rule fired."""
        fire(self.rule, "python")
        return self.function(ctx, **arguments)


@dataclass(frozen=True)
class ProcedureEntry(_Entry):
    """A step of the sequence of play, run by the engine."""

    kind = "procedure"


@dataclass(frozen=True)
class QueryEntry(_Entry):
    """A function of the game state returning a typed value, used in expressions."""

    returns: str = "any"
    #: Its list comes in the order a decision lists an option's values (by each value's
    #: text, :func:`legatus.framework.engine.effects.listing_order`): listed as it is, not
    #: sorted again (a search that finds many paths finds them in that order).
    text_order: bool = False

    kind = "query"

    def signature(self) -> str:
        return f"{super().signature()} -> {self.returns}"


@dataclass(frozen=True)
class EffectEntry(_Entry):
    """A primitive action that card and event effects are composed from.

    Effects that cannot be composed from primitives are registered the same
    way, as one game-specific effect: that is the hook for special cases.
    """

    kind = "effect"


Entry = ProcedureEntry | QueryEntry | EffectEntry


class RuleRegistry:
    """Procedures, queries and effects by name; one namespace for all three.

    ``builtins=False`` gives an empty registry (tests of the registry itself);
    otherwise the framework's generic built-ins are present from the start.
    """

    def __init__(self, *, builtins: bool = True) -> None:
        self._procedures: dict[str, ProcedureEntry] = {}
        self._queries: dict[str, QueryEntry] = {}
        self._effects: dict[str, EffectEntry] = {}
        if builtins:
            for name, (function, params, returns) in BUILTIN_QUERIES.items():
                self.add_query(name, function, returns=returns, params=params)

    # -- registration: decorators -------------------------------------------------

    def procedure(
        self,
        name: str,
        *,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        needs: Mapping[str, str] | None = None,
        doc: str = "",
    ) -> Callable[[F], F]:
        """Register the decorated function as the procedure ``name``."""

        def decorate(function: F) -> F:
            self.add_procedure(
                name, function, rule=rule, params=params, optional=optional, needs=needs, doc=doc
            )
            return function

        return decorate

    def query(
        self,
        name: str,
        *,
        returns: str,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        doc: str = "",
    ) -> Callable[[F], F]:
        """Register the decorated function as the query ``name`` returning ``returns``."""

        def decorate(function: F) -> F:
            self.add_query(
                name,
                function,
                returns=returns,
                rule=rule,
                params=params,
                optional=optional,
                doc=doc,
            )
            return function

        return decorate

    def effect(
        self,
        name: str,
        *,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        doc: str = "",
    ) -> Callable[[F], F]:
        """Register the decorated function as the effect ``name``."""

        def decorate(function: F) -> F:
            self.add_effect(name, function, rule=rule, params=params, optional=optional, doc=doc)
            return function

        return decorate

    # -- registration: plain calls ---------------------------------------------

    def add_procedure(
        self,
        name: str,
        function: object,
        *,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        needs: Mapping[str, str] | None = None,
        doc: str = "",
    ) -> ProcedureEntry:
        """Register a step of the sequence of play: an engine
        :class:`~legatus.framework.engine.core.Procedure` (a step that may ask questions) or a
        plain function ``function(ctx, **arguments)`` (a step without decisions)."""
        if not callable(function) and not hasattr(function, "prompt"):
            raise PluginError(
                _plugin(function), f"procedure {name!r} is neither a ProcedureEntry nor a function"
            )
        procedure = cast(Callable[..., Any], function)
        specs = self._specs(name, procedure, params, optional)
        entry = ProcedureEntry(
            name,
            specs,
            rule,
            procedure,
            doc or _doc(procedure),
            needs=self._needed(name, procedure, needs),
        )
        self._add(entry, self._procedures)
        return entry

    def _needed(
        self, name: str, function: Callable[..., Any], needs: Mapping[str, str] | None
    ) -> Mapping[str, str]:
        needed = {}
        for param, type_ in (needs or {}).items():
            if not _PARAM_NAME.match(param):
                raise PluginError(_plugin(function), f"{name}: bad parameter name {param!r}")
            needed[param] = self._type(name, function, type_)
        return MappingProxyType(needed)

    def add_query(
        self,
        name: str,
        function: Callable[..., Any],
        *,
        returns: str,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        doc: str = "",
        needs: Mapping[str, str] | None = None,
        text_order: bool = False,
    ) -> QueryEntry:
        specs = self._specs(name, function, params, optional)
        entry = QueryEntry(
            name,
            specs,
            rule,
            function,
            doc or _doc(function),
            needs=self._needed(name, function, needs),
            returns=self._type(name, function, returns),
            text_order=text_order,
        )
        self._add(entry, self._queries)
        return entry

    def add_effect(
        self,
        name: str,
        function: Callable[..., Any],
        *,
        rule: str = "",
        params: Mapping[str, str] | None = None,
        optional: Collection[str] = (),
        doc: str = "",
        needs: Mapping[str, str] | None = None,
    ) -> EffectEntry:
        entry = EffectEntry(
            name,
            self._specs(name, function, params, optional),
            rule,
            function,
            doc or _doc(function),
            needs=self._needed(name, function, needs),
        )
        self._add(entry, self._effects)
        return entry

    def add_marked(self, *modules: ModuleType) -> None:
        """Register every query and effect the modules mark (:func:`rules_query`,
        :func:`rules_effect`), in the order they are written; a function a module only
        imports is left to the module that defines it."""
        for module in modules:
            for value in vars(module).values():
                mark: Mark | None = getattr(value, _MARK, None)
                if mark is None or getattr(value, "__module__", None) != module.__name__:
                    continue
                if mark.kind == "query":
                    assert mark.returns is not None
                    self.add_query(
                        mark.name,
                        value,
                        returns=mark.returns,
                        rule=mark.rule,
                        params=mark.params,
                        optional=mark.optional,
                        needs=mark.needs,
                    )
                else:
                    self.add_effect(
                        mark.name,
                        value,
                        rule=mark.rule,
                        params=mark.params,
                        optional=mark.optional,
                        needs=mark.needs,
                    )

    # -- lookup ------------------------------------------------------------

    @property
    def procedures(self) -> Mapping[str, ProcedureEntry]:
        return MappingProxyType(self._procedures)

    @property
    def queries(self) -> Mapping[str, QueryEntry]:
        return MappingProxyType(self._queries)

    @property
    def effects(self) -> Mapping[str, EffectEntry]:
        return MappingProxyType(self._effects)

    def get(self, name: str) -> Entry | None:
        """The entry called ``name``, whatever its kind."""
        return self._procedures.get(name) or self._queries.get(name) or self._effects.get(name)

    def names(self) -> frozenset[str]:
        return frozenset(self._procedures) | frozenset(self._queries) | frozenset(self._effects)

    def entries(self) -> Iterable[Entry]:
        yield from self._procedures.values()
        yield from self._queries.values()
        yield from self._effects.values()

    def rules(self) -> dict[str, str]:
        """Every entry's rule citation by name (entries without one are left out)."""
        return {e.name: e.rule for e in self.entries() if e.rule}

    # -- internals -------------------------------------------------------------

    def _add(self, entry: Entry, table: dict[str, Any]) -> None:
        existing = self.get(entry.name)
        if existing is not None:
            raise PluginError(
                _plugin(entry.function),
                f"{entry.kind} {entry.name!r} is already registered as a {existing.kind} "
                f"by {_plugin(existing.function)}",
            )
        if entry.rule and getattr(entry.function, RULE_ATTR, None) is None:
            with suppress(AttributeError, TypeError):  # built-in functions take no attributes
                setattr(entry.function, RULE_ATTR, entry.rule)
        table[entry.name] = entry

    def _specs(
        self,
        name: str,
        function: Callable[..., Any],
        params: Mapping[str, str] | None,
        optional: Collection[str],
    ) -> tuple[ParamSpec, ...]:
        if not _NAME.match(name):
            raise PluginError(
                _plugin(function),
                f"bad name {name!r}: use lower case letters, digits and underscores",
            )
        params = dict(params or {})
        for extra in set(optional) - set(params):
            raise PluginError(_plugin(function), f"{name}: optional {extra!r} is not a parameter")
        specs = []
        for param, type_ in params.items():
            if not _NAME.match(param):
                raise PluginError(_plugin(function), f"{name}: bad parameter name {param!r}")
            specs.append(ParamSpec(param, self._type(name, function, type_), param in optional))
        return tuple(specs)

    @staticmethod
    def _type(name: str, function: Callable[..., Any], type_: str) -> str:
        try:
            return parse_type(type_)
        except TypeSyntaxError as exc:
            raise PluginError(_plugin(function), f"{name}: {exc}") from None


def _plugin(function: object) -> str:
    return getattr(function, "__module__", None) or "<unknown plugin>"


# -- marks: a query or an effect declared where it is written --------------------------

_MARK = "__legatus_rules__"
_SIGNATURE = re.compile(r"\s*(?P<name>\w+)\s*\((?P<args>.*)\)\s*(?:->\s*(?P<returns>\S.*?))?\s*\Z")


@dataclass(frozen=True)
class Mark:
    """What :func:`rules_query` or :func:`rules_effect` says of a function."""

    kind: str
    name: str
    params: Mapping[str, str]
    optional: tuple[str, ...]
    returns: str | None
    rule: str
    needs: Mapping[str, str] | None


def _mark(
    kind: str, signature: str, rule: str, needs: Mapping[str, str] | None
) -> Callable[[F], F]:
    found = _SIGNATURE.match(signature)
    if found is None or (kind == "query") != (found["returns"] is not None):
        shape = "name(arg: type, ...) -> type" if kind == "query" else "name(arg: type, ...)"
        raise ValueError(f"{kind} signature {signature!r}: write it as {shape}")
    params: dict[str, str] = {}
    optional: list[str] = []
    for part in filter(None, (p.strip() for p in found["args"].split(","))):
        arg, colon, type_ = part.partition(":")
        if not colon:
            raise ValueError(f"{kind} signature {signature!r}: {part!r} has no ': type'")
        arg, type_ = arg.strip(), type_.strip()
        if type_.endswith("?"):
            type_ = type_[:-1].strip()
            optional.append(arg)
        params[arg] = type_
    mark = Mark(kind, found["name"], params, tuple(optional), found["returns"], rule, needs)

    def decorate(function: F) -> F:
        setattr(function, _MARK, mark)
        return function

    return decorate


def rules_query(
    signature: str, *, rule: str = "", needs: Mapping[str, str] | None = None
) -> Callable[[F], F]:
    """Mark a function as the query ``signature`` names, to be registered with the rest of
    its module by :meth:`RuleRegistry.add_marked`::

        @rules_query("supplied(city: space, base: int) -> int", rule="JC 8.3")
        def supplied(ctx, city, base):
            \"\"\"The blocks a city supplies in winter: base plus its VP.\"\"\"

    The parameters and the result in the rules language's types (``space``, ``piece``,
    ``side``, ``card``, ``list[...]``; ``TYPE?`` for an optional one); the docstring's first
    line is its description; ``needs`` the parameters of the rules its Python reads."""
    return _mark("query", signature, rule, needs)


def rules_effect(
    signature: str, *, rule: str = "", needs: Mapping[str, str] | None = None
) -> Callable[[F], F]:
    """Mark a function as the effect ``signature`` names (``name(arg: type, ...)``), to be
    registered by :meth:`RuleRegistry.add_marked`; see :func:`rules_query`."""
    return _mark("effect", signature, rule, needs)


def _doc(function: Callable[..., Any]) -> str:
    doc = getattr(function, "__doc__", None) or ""
    return doc.strip().split("\n", 1)[0]
