"""Every value of the game that is a guess, read from the data and the rules file.

The rulebook prints no map, card or leader value: what the game uses instead is the
reconstruction of ../shared/reference/hannibal-barkas.md, part B. Each guessed entry is
marked in the data (``source: GUESS`` on a space, a connection, a counter or a card, or
``source: {value: GUESS}`` for some of its values), each guessed parameter or table of the
rules file says GUESS in its citation. :func:`guesses` lists them all; :func:`markdown`
writes the list the game's documentation page shows (docs/hannibal-barkas.md, between its
``guesses`` markers; ``python -m legatus.games.hannibal_barkas.guesses`` prints it), and a test
checks the page shows exactly this list, so an owner of the printed game knows every value
to check and can correct it in the data alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent / "data"
GUESS = "GUESS"


@dataclass(frozen=True)
class Guess:
    """One guessed entry: its file, what it is, its name and the values guessed ('' for
    the whole entry)."""

    file: str
    kind: str
    name: str
    values: tuple[str, ...] = ()


def _guessed(source: Any) -> tuple[bool, tuple[str, ...]]:
    if isinstance(source, str):
        return source == GUESS, ()
    if isinstance(source, Mapping):
        fields = tuple(name for name, tag in source.items() if tag == GUESS)
        return bool(fields), fields
    return False, ()


def _entries(folder: Path) -> Iterator[Guess]:
    data = yaml.safe_load((folder / "map.yaml").read_text("utf-8"))
    for space in data["spaces"]:
        found, fields = _guessed(space.get("source"))
        if found:
            kind = "sea zone" if space["kind"] in ("coastal", "open_sea") else "region"
            yield Guess("map.yaml", kind, space["id"], fields)
    for link in data["connections"]:
        found, fields = _guessed(link.get("source"))
        if found:
            yield Guess("map.yaml", link["kind"], " - ".join(link["between"]), fields)
    pieces = yaml.safe_load((folder / "pieces.yaml").read_text("utf-8"))
    for piece in pieces["pieces"]:
        found, fields = _guessed(piece.get("source"))
        if found:
            kind = "leader" if piece["type"] == "leader" else "counters"
            yield Guess("pieces.yaml", kind, piece["id"], fields)
    cards = yaml.safe_load((folder / "cards.yaml").read_text("utf-8"))
    for card in cards["cards"]:
        found, fields = _guessed(card.get("source"))
        if found:
            yield Guess("cards.yaml", f"{card['kind']} card", card["id"], fields)


def _rules(folder: Path) -> Iterator[Guess]:
    from legatus import parse_rules

    for path in sorted((folder / "rules").glob("*.rules")):
        parsed = parse_rules(path.read_text("utf-8"), str(path))
        for item in parsed.decls:
            rule = getattr(item, "rule", None) or ""
            if GUESS in rule:
                kind = type(item).__name__.removesuffix("Decl").lower()
                yield Guess(f"rules/{path.name}", kind, item.name, ())


def guesses(folder: Path = DATA) -> list[Guess]:
    """Every guessed entry of the data files and the rules files."""
    return [*_entries(folder), *_rules(folder)]


def markdown(folder: Path = DATA) -> str:
    """The list of guesses as the documentation page shows it."""
    found = guesses(folder)
    lines: list[str] = []
    groups: dict[tuple[str, str], list[Guess]] = {}
    for guess in found:
        groups.setdefault((guess.file, guess.kind), []).append(guess)
    for (file, kind), items in groups.items():
        lines.append(f"- `{file}`, {kind} ({len(items)}):")
        shown = []
        for item in items:
            shown.append(f"{item.name} ({', '.join(item.values)})" if item.values else item.name)
        lines.append("  " + "; ".join(shown) + ".")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
