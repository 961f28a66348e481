"""The fields of a data-file schema, walked for the generated reference.

The schemas in ``legatus/schemas/`` are the contract for game and scenario authors, so
their reference is generated from them rather than copied: when a schema
changes, the page changes. :func:`schema_fields` lists every field of a
schema, nested ones included: ``$ref`` is followed into ``$defs`` and
``oneOf``/``anyOf`` alternatives are walked. It knows nothing of Sphinx (the
``schemadoc`` extension renders its result), so the tests can run it without
the docs extras installed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

#: How a key of a mapping whose keys the author chooses is shown in a path.
KEY = "<key>"

Schema = Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """One row of the reference: a field at a path inside a data file.

    ``path`` uses ``.`` for a key, ``[]`` for any item of a list and
    :data:`KEY` for any key of a mapping whose keys the author chooses.
    ``required`` is ``None`` for such keys and list items, which are
    required by nothing. ``form`` names the ``oneOf`` alternative a field
    belongs to (e.g. ``"mapping form"``), or is empty.
    """

    path: str
    type: str
    required: bool | None
    default: str | None
    description: str
    constraints: tuple[str, ...] = ()
    form: str = ""


def schema_fields(root: Schema) -> list[Field]:
    """Every field of a schema, parents before children, in the schema's order."""
    return list(_Walker(root).children(root, "", ""))


class _Walker:
    def __init__(self, root: Schema) -> None:
        self.root = root

    def resolve(self, node: Schema) -> Schema:
        """``node`` with its ``$ref`` (into this schema's ``$defs``) merged in.

        Keys written beside the ``$ref`` win, so a property's own description
        replaces the definition's.
        """
        seen: set[str] = set()
        while "$ref" in node:
            ref = str(node["$ref"])
            if ref in seen or not ref.startswith("#/"):
                raise ValueError(f"cannot document $ref {ref!r}")
            seen.add(ref)
            target: Any = self.root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            rest = {k: v for k, v in node.items() if k != "$ref"}
            node = {**target, **rest}
        return node

    def children(self, node: Schema, path: str, form: str) -> Iterator[Field]:
        """Fields nested inside ``node`` (an object, list or choice of them)."""
        node = self.resolve(node)
        required = set(node.get("required", []))
        for name, child in node.get("properties", {}).items():
            yield from self.field(child, _join(path, name), name in required, form)
        for pattern, child in node.get("patternProperties", {}).items():
            yield from self.field(child, _join(path, f"<key matching {pattern}>"), None, form)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            yield from self.field(extra, _join(path, KEY), None, form)
        items = node.get("items")
        if isinstance(items, dict) and self.resolve(items).get("description"):
            # Items that explain themselves (a placement) get a row of their own.
            yield from self.field(items, f"{path}[]", None, form)
        elif isinstance(items, dict) and self.has_fields(items):
            yield from self.children(items, f"{path}[]", form)
        for keyword in ("oneOf", "anyOf"):
            alternatives = [self.resolve(a) for a in node.get(keyword, [])]
            for alternative in alternatives:
                label = _form_name(alternative) if len(alternatives) > 1 else form
                yield from self.children(alternative, path, label)

    def field(self, node: Schema, path: str, required: bool | None, form: str) -> Iterator[Field]:
        resolved = self.resolve(node)
        default = json.dumps(resolved["default"]) if "default" in resolved else None
        yield Field(
            path=path,
            type=self.type_of(resolved),
            required=required,
            default=default,
            description=str(resolved.get("description", "")),
            constraints=tuple(self.constraints(resolved)),
            form=form,
        )
        if self.has_fields(resolved):
            yield from self.children(resolved, path, form)

    def item_row(self, items: Schema) -> bool:
        """Whether a list's items get rows below the list's own row.

        They do when they have fields, or a description worth showing (a
        placement, a path); otherwise their constraints join the list's row.
        """
        return self.has_fields(items) or bool(self.resolve(items).get("description"))

    def has_fields(self, node: Schema) -> bool:
        """Whether a node has named parts of its own to document."""
        node = self.resolve(node)
        if node.get("properties") or node.get("patternProperties"):
            return True
        if isinstance(node.get("additionalProperties"), dict):
            return True
        items = node.get("items")
        if isinstance(items, dict) and self.item_row(items):
            return True
        return any(
            self.has_fields(a) for keyword in ("oneOf", "anyOf") for a in node.get(keyword, [])
        )

    def type_of(self, node: Schema, plural: bool = False) -> str:
        """The type of a value in words; ``plural`` names several of them."""
        node = self.resolve(node)
        for keyword in ("oneOf", "anyOf"):
            if keyword in node:
                words = dict.fromkeys(self.type_of(a, plural) for a in node[keyword])
                return " or ".join(words)
        if "const" in node:
            return json.dumps(node["const"])
        if "enum" in node:
            return " or ".join(json.dumps(v) for v in node["enum"])
        kind = node.get("type")
        if isinstance(kind, list):
            return " or ".join(_type_name(k, plural) for k in kind)
        if kind == "array":
            items = node.get("items")
            count = _exact_count(node)
            what = self.type_of(items, plural=True) if isinstance(items, dict) else "values"
            text = (
                f"{_plural('list', plural)} of {count} {what}"
                if count
                else (f"{_plural('list', plural)} of {what}")
            )
            return text
        if kind == "object" or "properties" in node:
            extra = node.get("additionalProperties")
            if isinstance(extra, dict) and not node.get("properties"):
                return f"{_plural('mapping', plural)} of {KEY} to {self.type_of(extra)}"
            return _plural("mapping", plural)
        if isinstance(kind, str):
            return _type_name(kind, plural)
        return "values" if plural else "any value"

    def constraints(self, node: Schema, depth: int = 0) -> Iterator[str]:
        """What a value must satisfy beyond its type, in the author's words."""
        node = self.resolve(node)
        prefix = ("", "each item: ", "each inner item: ")[min(depth, 2)]
        for text in _limits(node):
            yield prefix + text
        names = node.get("propertyNames")
        if isinstance(names, dict):
            for text in _limits(self.resolve(names)):
                yield f"{prefix}keys: {text}"
        items = node.get("items")
        if isinstance(items, dict) and not self.item_row(items):
            yield from self.constraints(items, depth + 1)
        for keyword in ("oneOf", "anyOf"):
            # The forms with fields get rows of their own; say here what the others need.
            for alternative in (self.resolve(a) for a in node.get(keyword, [])):
                if not self.has_fields(alternative):
                    for text in self.constraints(alternative, depth):
                        yield f"{_form_name(alternative)}: {text}"


_TYPE_NAMES = {
    "object": "mapping",
    "array": "list",
    "string": "string",
    "integer": "whole number",
    "number": "number",
    "boolean": "true/false",
    "null": "null",
}


def _type_name(kind: str, plural: bool) -> str:
    return _plural(_TYPE_NAMES.get(kind, kind), plural)


def _plural(name: str, plural: bool) -> str:
    if not plural:
        return name
    return "true/false values" if name == "true/false" else f"{name}s"


def _limits(node: Schema) -> Iterator[str]:
    if "pattern" in node:
        yield f"matches {node['pattern']}"
    if "format" in node:
        yield f"format {node['format']}"
    low, high = node.get("minLength"), node.get("maxLength")
    if low is not None and high is not None:
        yield f"{low} to {high} characters"
    elif low is not None and low > 1:
        yield f"at least {low} characters"
    elif low == 1:
        yield "not empty"
    elif high is not None:
        yield f"at most {high} characters"
    if "minimum" in node:
        yield f"≥ {node['minimum']}"
    if "exclusiveMinimum" in node:
        yield f"> {node['exclusiveMinimum']}"
    if "maximum" in node:
        yield f"≤ {node['maximum']}"
    if "exclusiveMaximum" in node:
        yield f"< {node['exclusiveMaximum']}"
    if _exact_count(node) is None:
        low, high = node.get("minItems"), node.get("maxItems")
        if low is not None:
            yield f"at least {low} item{'s' if low != 1 else ''}"
        if high is not None:
            yield f"at most {high} item{'s' if high != 1 else ''}"
    if node.get("uniqueItems"):
        yield "no repeated items"
    if "minProperties" in node:
        count = node["minProperties"]
        yield f"at least {count} entr{'ies' if count != 1 else 'y'}"
    if "maxProperties" in node:
        yield f"at most {node['maxProperties']} entries"


def _exact_count(node: Schema) -> int | None:
    low, high = node.get("minItems"), node.get("maxItems")
    return int(low) if low is not None and low == high else None


def _form_name(alternative: Schema) -> str:
    kind = alternative.get("type")
    if "enum" in alternative or "const" in alternative:
        return "fixed-value form"
    return f"{_TYPE_NAMES.get(kind, kind)} form" if isinstance(kind, str) else "alternative form"


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name
