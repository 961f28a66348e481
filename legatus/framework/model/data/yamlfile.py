"""Safe YAML loading that remembers where every value came from.

Game data is written by people, so every error must point at a line. We let
PyYAML's safe composer (libyaml's where PyYAML has it, its pure-Python one to report a
fault) build its node tree (which records the position of each node) and turn it into
plain Python values ourselves, noting the line of every JSON path on the way. Anchors and aliases are refused, because a few lines of
aliases can expand into gigabytes ("billion laughs"); only the safe scalar
types are accepted, so no code can ever run from a data file. Nesting is
bounded while the event stream is read, before PyYAML's recursive composer
(which overflows the stack) or its scanner (quadratic in the depth of flow
collections) can be made to work hard; whole numbers are bounded too, since
Python refuses to print an integer of more than 4300 digits and every error
message prints the value it is about.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from legatus.framework.model import diskcache
from legatus.framework.model.errors import DataError, DataProblem

#: Data files larger than this are refused before parsing.
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Deeper nesting than this is refused (it is never needed by real data).
MAX_DEPTH = 32
#: Whole numbers beyond this magnitude are refused (signed 64 bits; no data needs more).
MAX_INT = 2**63 - 1


@dataclass(frozen=True)
class Document:
    """A parsed data file: its plain value and the line of each JSON path."""

    file: str
    value: Any
    lines: Mapping[str, int]

    def line_of(self, path: str) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        while path:
            line = self.lines.get(path)
            if line is not None:
                return line
            path = parent_path(path)
        return 1

    def problem(self, path: str, message: str) -> DataProblem:
        return DataProblem(self.file, self.line_of(path), path, message)


def parent_path(path: str) -> str:
    """``$.a.b[2]`` -> ``$.a.b``; ``$`` -> ``""``."""
    if path == "$":
        return ""
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else "$"


def child_path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key.isidentifier():
        return f"{path}.{key}"
    escaped = key.replace("\\", "\\\\").replace("'", "\\'")
    return f"{path}['{escaped}']"


def load_yaml(path: Path, display: str | None = None) -> Document:
    """Read and parse one YAML file; raise :class:`DataError` on any problem."""
    name = display or str(path)
    try:
        # Read at most one byte past the limit: a device that never ends (/dev/zero)
        # or a huge file is refused without being read whole.
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise DataError.single(
                name, 0, "$", f"data files may be at most {MAX_FILE_BYTES} bytes"
            )
    except OSError as exc:
        raise DataError.single(name, 0, "$", f"cannot read file: {exc.strerror}") from None
    return parse_yaml(raw, name)


def parse_yaml(raw: bytes, name: str) -> Document:
    """Parse YAML bytes (which must be UTF-8) into a :class:`Document`.

    A file parsed once is read again from the per-user cache
    (:mod:`legatus.framework.model.diskcache`), keyed by its bytes and the parser's version,
    so a second process reads no YAML at all. Only files that parse are kept; a faulty one
    is parsed, and reported, every time."""
    if len(raw) > MAX_FILE_BYTES:
        raise DataError.single(name, 0, "$", f"data files may be at most {MAX_FILE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError.single(
            name,
            line,
            "$",
            f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    entry = diskcache.entry_name("yaml", raw, _PARSER_VERSION)
    stored = diskcache.read(entry)
    if isinstance(stored, tuple) and len(stored) == 2 and isinstance(stored[1], dict):
        return Document(name, stored[0], stored[1])
    document = _parse_text(text, name)
    diskcache.write(entry, (document.value, dict(document.lines)))
    return document


#: libyaml's parser (PyYAML's C binding), where PyYAML was built with it; None where not.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None) if yaml.__with_libyaml__ else None

#: What a file's parse depends on besides its bytes: this module, PyYAML and its parser.
_PARSER_VERSION = (
    hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    + yaml.__version__
    + ("+libyaml" if _FAST_LOADER is not None else "")
)


def _parse_text(text: str, name: str) -> Document:
    """Parse a file's text: with libyaml where it is installed, else (and to report a fault)
    with PyYAML's pure-Python parser, whose messages are the ones quoted.

    libyaml reads a game's files about twenty times faster. Its nodes carry the same lines,
    so a file it reads gives the same document (``tests/data/test_yaml_parsers.py`` checks
    every shipped data file both ways). A file it refuses, or whose values are refused, is
    read again by the pure-Python parser, so an error names the same line and says the same
    thing on every machine."""
    if _FAST_LOADER is not None:
        try:
            depth = 0
            for event in yaml.parse(text, Loader=_FAST_LOADER):
                depth = _check_event(event, name, depth)
            node = yaml.compose(text, Loader=_FAST_LOADER)
            return _document(node, name)
        except (yaml.YAMLError, DataError):
            pass
    try:
        loader = _CheckedLoader(text, name)  # its reader refuses control characters at once
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise _syntax_error(name, text, exc) from None
    return _document(node, name)


def _document(node: yaml.Node | None, name: str) -> Document:
    if node is None:
        return Document(name, None, {"$": 1})
    lines: dict[str, int] = {}
    value = _Builder(name, lines).build(node, "$", 0)
    return Document(name, value, lines)


class _CheckedLoader(yaml.SafeLoader):
    """PyYAML's safe composer, which checks every event before it composes it.

    Anchors and aliases are refused (they can expand without bound), and so is deep nesting.
    The composer pulls its events one at a time, so a file of a million ``[`` stops at the
    first one too deep, before the recursive composer (which would overflow the stack) or
    the scanner (quadratic in the depth of flow collections) works through the rest; the
    file is parsed once."""

    def __init__(self, text: str, name: str) -> None:
        super().__init__(text)
        self._name = name
        self._depth = 0

    def get_event(self) -> Any:
        event = super().get_event()  # type: ignore[no-untyped-call]
        self._depth = _check_event(event, self._name, self._depth)
        return event


def _check_event(event: yaml.Event, name: str, depth: int) -> int:
    """Refuse an anchor, an alias or nesting too deep; the nesting depth after ``event``."""
    anchor = getattr(event, "anchor", None)
    if isinstance(event, yaml.AliasEvent) or anchor is not None:
        raise DataError.single(
            name,
            _event_line(event),
            "$",
            "YAML anchors and aliases (& and *) are not allowed in data files",
        )
    if isinstance(event, yaml.CollectionStartEvent):
        depth += 1
        if depth > MAX_DEPTH + 1:
            raise DataError.single(
                name, _event_line(event), "$", f"nesting deeper than {MAX_DEPTH} levels"
            )
    elif isinstance(event, yaml.CollectionEndEvent):
        depth -= 1
    return depth


def _event_line(event: yaml.Event) -> int:
    return event.start_mark.line + 1 if event.start_mark else 0


def _syntax_error(name: str, text: str, exc: yaml.YAMLError) -> DataError:
    """Where the parser noticed the problem, and where the construct began."""
    if isinstance(exc, yaml.reader.ReaderError):
        # Control characters and the like: the reader knows the offset, not the line.
        line = text[: exc.position].count("\n") + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        return DataError.single(
            name, line, "$", f"YAML does not allow the character U+{ord(char):04X} in a file"
        )
    if not isinstance(exc, yaml.MarkedYAMLError):
        return DataError.single(name, 0, "$", f"YAML syntax error: {exc}")
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 0
    what = exc.problem or "invalid YAML"
    context = exc.context_mark
    if exc.context and context is not None and context.line + 1 != line:
        what += f" ({exc.context} at line {context.line + 1})"
    return DataError.single(name, line, "$", f"YAML syntax error: {what}")


class _Builder:
    """Turns a composed node tree into plain values, recording lines by path."""

    def __init__(self, name: str, lines: dict[str, int]) -> None:
        self.name = name
        self.lines = lines
        self._constructor = yaml.constructor.SafeConstructor()

    def fail(self, node: yaml.Node, path: str, message: str) -> DataError:
        return DataError.single(self.name, _line(node), path, message)

    def build(self, node: yaml.Node, path: str, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self.fail(node, path, f"nesting deeper than {MAX_DEPTH} levels")
        self.lines.setdefault(path, _line(node))
        if isinstance(node, yaml.MappingNode):
            self._plain_tag(node, path, "map")
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            self._plain_tag(node, path, "seq")
            return [
                self.build(item, child_path(path, i), depth + 1)
                for i, item in enumerate(node.value)
            ]
        assert isinstance(node, yaml.ScalarNode)
        return self._scalar(node, path)

    def _plain_tag(self, node: yaml.Node, path: str, expected: str) -> None:
        if node.tag != f"tag:yaml.org,2002:{expected}":
            raise self.fail(
                node, path, f"unsupported YAML value: the tag {node.tag!r} is not allowed"
            )

    def _mapping(self, node: yaml.MappingNode, path: str, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(key_node, path, "mapping keys must be plain strings")
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(
                    key_node, path, "YAML merge keys (<<) are not allowed in data files"
                )
            key = self._scalar(key_node, path)
            if not isinstance(key, str):
                key = str(key) if isinstance(key, int) and not isinstance(key, bool) else key
            if not isinstance(key, str):
                raise self.fail(key_node, path, f"mapping key {key!r} must be a string")
            if key in result:
                raise self.fail(key_node, child_path(path, key), f"duplicate key {key!r}")
            child = child_path(path, key)
            self.lines[child] = _line(key_node)
            result[key] = self.build(value_node, child, depth + 1)
        return result

    def _scalar(self, node: yaml.ScalarNode, path: str) -> Any:
        try:
            value = self._constructor.construct_object(node, deep=False)
        except yaml.constructor.ConstructorError as exc:
            raise self.fail(node, path, f"unsupported YAML value: {exc.problem}") from None
        except Exception as exc:
            # An explicit tag on text that is not of its type. PyYAML's safe
            # constructors trust their resolver's patterns, so with a tag they
            # fail in many ways: ValueError (``!!float x``, ``!!timestamp
            # 2020-99-99``, a number over 4300 digits), KeyError (``!!bool
            # maybe``), IndexError (``!!int ''``), AttributeError (``!!timestamp
            # ''``). Only scalars reach here, and only the safe constructors.
            kind = node.tag.rsplit(":", 1)[-1]
            reason = str(exc).split(";", 1)[0] if isinstance(exc, ValueError) else ""
            raise self.fail(
                node,
                path,
                f"{_short(node.value)} is not a valid {kind}" + (f": {reason}" if reason else ""),
            ) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise self.fail(
                node, path, f"{_short(node.value)} is too large: numbers must lie within ±{MAX_INT}"
            )
        if isinstance(value, str | int | float | bool) or value is None:
            return value
        # Dates, binary and other implicit types are not part of any schema:
        # keep the text as written rather than guessing.
        return node.value


def _short(text: str) -> str:
    """A scalar as written, cut to a readable length."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1 if node.start_mark is not None else 0
