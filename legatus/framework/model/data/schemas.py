"""JSON Schema validation of data documents, with readable messages.

The schemas in the ``legatus.schemas`` package are the contract for game
and scenario authors. Validation collects *every* error (``iter_errors``),
picks the most relevant branch inside ``oneOf``/``anyOf`` (``best_match``), and
rewrites the commonest messages in the author's terms ("unknown key", "missing
required field") with the JSON path of the offending value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from functools import cache
from importlib import metadata, resources
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError, best_match

from legatus.framework.model import diskcache
from legatus.framework.model.data.yamlfile import Document, child_path
from legatus.framework.model.errors import DataProblem

#: The kinds of data file, each with one schema ``legatus/schemas/<kind>.schema.json``.
KINDS = ("manifest", "map", "pieces", "cards", "scenario", "position")


def schema_text(kind: str) -> str:
    if kind not in KINDS:
        raise KeyError(f"unknown data file kind {kind!r}; known kinds: {', '.join(KINDS)}")
    return resources.files("legatus.schemas").joinpath(f"{kind}.schema.json").read_text("utf-8")


@cache
def schema(kind: str) -> dict[str, Any]:
    """The parsed JSON Schema for a data file kind."""
    loaded: dict[str, Any] = json.loads(schema_text(kind))
    return loaded


@cache
def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(kind), format_checker=Draft202012Validator.FORMAT_CHECKER)


def check_schema(kind: str) -> None:
    """Check a schema against the draft 2020-12 metaschema (raises on error)."""
    Draft202012Validator.check_schema(schema(kind))


def validate(document: Document, kind: str) -> list[DataProblem]:
    """Every schema problem of ``document`` as a ``kind`` file, in document order.

    A document found valid is remembered in the per-user cache
    (:mod:`legatus.framework.model.diskcache`), keyed by its value, its kind's schema and
    the validator's version, so another process loading the same files skips validating
    them; a faulty one is validated, and reported, every time."""
    entry = _valid_entry(document, kind)
    if entry is not None and diskcache.read(entry) == "valid":
        return []
    problems: list[DataProblem] = []
    for error in validator(kind).iter_errors(document.value):
        problems.extend(_describe(document, error))
    problems.sort(key=lambda p: (p.line, p.path))
    if not problems and entry is not None:
        diskcache.write(entry, "valid")
    return _unique(problems)


#: The validator's version: a newer jsonschema may judge a document differently.
_VALIDATOR_VERSION = metadata.version("jsonschema")


def _valid_entry(document: Document, kind: str) -> str | None:
    """The cache entry that says ``document`` is a valid ``kind`` file; None without a cache."""
    if diskcache.cache_dir() is None:
        return None
    try:
        value = json.dumps(document.value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return diskcache.entry_name("valid", kind, schema_text(kind), _VALIDATOR_VERSION, value)


def _unique(problems: Iterable[DataProblem]) -> list[DataProblem]:
    seen: set[DataProblem] = set()
    result = []
    for problem in problems:
        if problem not in seen:
            seen.add(problem)
            result.append(problem)
    return result


def json_path(parts: Iterable[str | int]) -> str:
    path = "$"
    for part in parts:
        path = child_path(path, part)
    return path


def _describe(document: Document, error: ValidationError) -> Iterator[DataProblem]:
    if error.validator in ("oneOf", "anyOf") and error.context:
        yield from _describe(document, _deepest_relevant(error))
        return
    path = json_path(error.absolute_path)
    validator_name = str(error.validator)
    if validator_name == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(_subschema(error).get("properties", {}))
        for key in _extra_keys(error):
            where = child_path(path, key)
            expected = f"; expected one of: {', '.join(allowed)}" if allowed else ""
            yield document.problem(where, f"unknown key {key!r}{expected}")
        return
    yield document.problem(path, _message(error))


def _deepest_relevant(error: ValidationError) -> ValidationError:
    """Inside oneOf/anyOf, the sub-error that best explains the failure."""
    context = list(error.context or [])
    # A branch whose type matched the value says more than one whose type did
    # not: for "A9X" against (pattern string | mapping), report the pattern.
    same_type = [e for e in context if e.validator != "type" or e.relative_path]
    chosen = best_match(same_type or context)
    return chosen if chosen is not None else error


def _subschema(error: ValidationError) -> Mapping[str, Any]:
    schema = error.schema
    return schema if isinstance(schema, Mapping) else {}


def _extra_keys(error: ValidationError) -> list[str]:
    properties = _subschema(error).get("properties", {})
    patterns = _subschema(error).get("patternProperties", {})
    instance: Any = error.instance
    return [
        key
        for key in instance
        if key not in properties and not any(re.search(p, key) for p in patterns)
    ]


_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing"


def _message(error: ValidationError) -> str:
    kind = str(error.validator)
    expected: Any = error.validator_value
    value: Any = error.instance
    if kind == "required":
        missing = [k for k in expected if isinstance(value, dict) and k not in value]
        return f"missing required field {missing[0]!r}" if missing else error.message
    if kind == "type":
        names = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        return f"expected {wanted}, got {_kind_of(value)} {_shown(value)}"
    if kind == "enum":
        return f"expected one of {', '.join(_shown(v) for v in expected)}, got {_shown(value)}"
    if kind == "pattern":
        return f"{_shown(value)} does not match the expected form {expected}"
    if kind in ("minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"):
        return f"{_shown(value)}: {error.message.split(' is ', 1)[-1]}"
    return error.message


__all__ = ["KINDS", "check_schema", "json_path", "jsonschema", "schema", "validate"]


def format_checker(names: Mapping[str, Collection[str]]) -> FormatChecker:
    """Formats that name the game's own things: ``{"type": "string", "format": "space"}``
    accepts only a space of the map; likewise ``piece``, ``side``, ``card`` and the other
    categories of :meth:`legatus.framework.model.gamedef.GameDef.symbols`, and ``team``."""
    checker = FormatChecker(formats=())
    for kind, known in names.items():
        allowed = frozenset(known)
        checker.checks(kind)(
            lambda value, allowed=allowed: not isinstance(value, str) or value in allowed
        )
    return checker
