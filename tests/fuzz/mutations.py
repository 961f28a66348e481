"""Hypothesis strategies that damage real input files the way people and disks do.

Random bytes rarely get past the first line of a parser, so most inputs here
start from a real file of a real game and change it a little: a line deleted,
repeated, swapped or re-indented, a scalar replaced by something awkward (a
5000-digit number, a date that does not exist, a Python tag that would run a
command), an anchor and alias pair, random Unicode, a cut at a random byte,
or deep nesting. Structured mutations (:func:`mutated_tree`) keep the YAML
well-formed and change values, so that schema and cross-reference checks get
exercised too, not only the syntax error path.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

#: A file that only exists if some input made Python run a command or a constructor.
MARKER = Path(tempfile.gettempdir()) / f"legatus-fuzz-code-ran-{os.getpid()}"

#: Tags that would run code under an unsafe YAML loader; each creates :data:`MARKER`.
PAYLOADS = (
    f"!!python/object/apply:os.system ['touch {MARKER}']",
    f"!!python/object/apply:builtins.open ['{MARKER}', w]",
    f"!!python/object/apply:subprocess.call [[touch, '{MARKER}']]",
    f"!!python/object/apply:io.FileIO ['{MARKER}', w]",
    f"!!python/object/new:io.FileIO ['{MARKER}', w]",
    "!!python/name:os.system",
    "!!python/module:os",
    f"!python/object/apply:os.system ['touch {MARKER}']",
    f"!<tag:yaml.org,2002:python/object/apply:os.system> ['touch {MARKER}']",
    f"!!python/object/apply:builtins.exec [\"open('{MARKER}', 'w')\"]",
)

#: A ``%TAG`` directive that hides the python tag behind a handle; must start a document.
TAG_DIRECTIVE = (
    f"%TAG !p! tag:yaml.org,2002:python/\n---\nx: !p!object/apply:os.system ['touch {MARKER}']\n"
)

#: Scalars that are valid YAML but awkward values, and fragments that are not valid at all.
AWKWARD_SCALARS = (
    "0",
    "-1",
    "-0",
    "9" * 30,
    "9" * 5000,
    "-" + "9" * 4400,
    "0x" + "f" * 5000,
    "0b" + "1" * 20000,
    "0o" + "7" * 3000,
    "1_000_000",
    "1e999",
    "-1e999",
    "1e-999",
    ".inf",
    "-.inf",
    ".nan",
    "~",
    "null",
    "yes",
    "no",
    "on",
    "true",
    "True",
    "2001-12-14",
    "2001-13-45",
    "2001-02-30 25:61:61",
    "190:20:30",
    "12:30:45",
    "!!float x",
    "!!int x",
    "!!int 1.5",
    "!!bool maybe",
    "!!null x",
    "!!binary aGk",
    "!!binary aGk=",
    "!!timestamp 2020-99-99",
    "!!timestamp x",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1]",
    "!!str",
    "!!map [1]",
    "!!seq {a: 1}",
    "!custom x",
    "!<tag:example.com:x> y",
    "''",
    '""',
    "'unterminated",
    '"\\q"',
    '"\\U0010ffff\\x00"',
    '"\\ud800"',
    "[",
    "{",
    "]",
    "}",
    "|",
    ">-",
    "|9",
    "-",
    "?",
    ":",
    "&a",
    "*a",
    "&a x",
    "*zz",
    "<<",
    "<<: {a: 1}",
    "%YAML 1.1",
    "---",
    "...",
    "@",
    "`",
    "#",
    "\t",
    "\x00",
    "\x85",
    "\u2028",
    "\ufeff",
    "\U0001f600",
    "é",
    "[[[[]]]]",
    "{a: {b: {c: {d: []}}}}",
    "? [a]\n: b",
    "? {a: 1}\n: b",
    *PAYLOADS,
)

YAML_BREAKERS = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12
)


def nested(depth: int, flow: str) -> str:
    """``depth`` levels of ``[``, ``{a:`` or block indentation around a scalar."""
    if flow == "[":
        return "[" * depth + "1" + "]" * depth
    if flow == "{":
        return "{a: " * depth + "1" + "}" * depth
    return "".join("\n" + "  " * (i + 1) + "a:" for i in range(depth)) + " 1"


@st.composite
def awkward_value(draw: st.DrawFn) -> str:
    """A replacement for one scalar."""
    kind = draw(st.sampled_from(["pool", "pool", "unicode", "nested", "digits"]))
    if kind == "pool":
        return draw(st.sampled_from(AWKWARD_SCALARS))
    if kind == "unicode":
        return draw(YAML_BREAKERS)
    if kind == "digits":
        return draw(st.sampled_from(["", "-", "0x", "0o", "0b", "+"])) + "9" * draw(
            st.integers(1, 6000)
        )
    flow = draw(st.sampled_from(["[", "{", "block"]))
    depth = draw(st.sampled_from([2, 31, 32, 33, 34, 100, 400, 999, 3000]))
    return nested(min(depth, 400) if flow == "block" else depth, flow)


_SCALAR_AFTER = re.compile(r"(?::|- )\s*(\S.*)$")


@st.composite
def mutated_yaml_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to four line-level or character-level edits."""
    for _ in range(draw(st.integers(1, 4))):
        lines = text.splitlines(keepends=True) or [""]
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        kind = draw(
            st.sampled_from(
                [
                    "delete",
                    "duplicate",
                    "swap",
                    "indent",
                    "dedent",
                    "tab",
                    "scalar",
                    "scalar",
                    "scalar",
                    "anchor",
                    "insert",
                    "truncate",
                    "crlf",
                    "tag_directive",
                ]
            )
        )
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "indent":
            lines[i] = " " * draw(st.integers(1, 5)) + lines[i]
        elif kind == "dedent":
            lines[i] = lines[i].lstrip(" ")
        elif kind == "tab":
            lines[i] = "\t" + lines[i]
        elif kind == "scalar":
            match = _SCALAR_AFTER.search(lines[i].rstrip("\r\n"))
            value = draw(awkward_value())
            if match:
                start, end = match.span(1)
                lines[i] = lines[i][:start] + value + lines[i][end:]
            else:
                lines[i] = lines[i].rstrip("\r\n") + " " + value + "\n"
        elif kind == "anchor":
            lines[i] = _with(lines[i], draw(st.sampled_from(["&a ", "&anchor "])))
            lines[j] = _with(lines[j], draw(st.sampled_from(["*a", "*anchor", "*a ", "<<: *a"])))
        elif kind == "insert":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(awkward_value()) + lines[i][at:]
        elif kind == "truncate":
            whole = "".join(lines)
            lines = [whole[: draw(st.integers(0, len(whole)))]]
        elif kind == "crlf":
            lines = ["".join(lines).replace("\n", draw(st.sampled_from(["\r\n", "\r", "\x85"])))]
        elif kind == "tag_directive":
            lines = [TAG_DIRECTIVE, *lines]
        text = "".join(lines)
    return text


def _with(line: str, insert: str) -> str:
    """``line`` with ``insert`` put in front of its value (after ``:`` or ``- ``)."""
    match = _SCALAR_AFTER.search(line.rstrip("\r\n"))
    if match is None:
        return line.rstrip("\r\n") + " " + insert + "\n"
    start = match.start(1)
    return line[:start] + insert + line[start:]


@st.composite
def mutated_bytes(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` with bytes flipped, inserted or cut: not UTF-8, NUL bytes, a cut code point."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "insert", "truncate", "bom"]))
        if kind == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "insert":
            data[at:at] = draw(
                st.sampled_from(
                    [b"\x00", b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf"]
                )
                | st.binary(min_size=1, max_size=8)
            )
        elif kind == "truncate":
            del data[at:]
        elif kind == "bom":
            data[0:0] = b"\xef\xbb\xbf"
    return bytes(data)


# -- structured mutations: parse, change values, dump --------------------------------------

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of a plain value, in document order."""
    slots: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        current = stack.pop()
        keys: Sequence[Any] = (
            list(current)
            if isinstance(current, dict)
            else range(len(current))
            if isinstance(current, list)
            else ()
        )
        for key in keys:
            slots.append((current, key))
            stack.append(current[key])
    return slots


def _leaves(value: Any) -> list[Any]:
    return [c[k] for c, k in _slots(value) if not isinstance(c[k], dict | list)]


@st.composite
def mutated_tree(draw: st.DrawFn, text: str) -> str:
    """The document of ``text`` with values moved, removed, repeated or replaced, dumped again.

    Reusing values found elsewhere in the same file keeps many documents valid
    against their schema (an id where an id belongs, a list of names where a
    list belongs), so the cross-reference checks see wrong-but-well-typed data.
    """
    value = yaml.safe_load(text)
    for _ in range(draw(st.integers(1, 3))):
        slots = _slots(value)
        if not slots:
            break
        container, key = draw(st.sampled_from(slots))
        kind = draw(
            st.sampled_from(["delete", "reuse", "reuse", "reuse_key", "repeat", "random", "wrap"])
        )
        if kind == "delete":
            del container[key]
        elif kind == "reuse":
            other_container, other_key = draw(st.sampled_from(slots))
            container[key] = _copy(other_container[other_key])
        elif kind == "reuse_key" and isinstance(container, dict):
            names = [k for c, k in slots if isinstance(k, str)]
            new = draw(st.sampled_from(names))
            container[new] = container.pop(key)
        elif kind == "repeat" and isinstance(container, list):
            container.insert(key, _copy(container[key]))
        elif kind == "random":
            container[key] = draw(json_values | st.sampled_from(_leaves(value) or [None]))
        elif kind == "wrap":
            container[key] = draw(st.sampled_from([[container[key]], {"x": container[key]}]))
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
