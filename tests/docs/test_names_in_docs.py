"""Every Python name the docs and the README give resolves, so a renamed or moved function
cannot leave a page naming what does not exist.

A dotted name ``legatus.x.y`` in inline code or in a MyST role's target
(``{func}`legatus.x.y```, ``{meth}`text <legatus.x.y>```) must import: its longest
importable prefix is a module, and the rest are attributes of it, one after the other.
A dotted name that starts with one of Legatus's own packages without ``legatus.``
(``framework.engine.view``, ``games.julius_caesar``) is a path from before the package
moved under ``legatus/``, and fails too. Fenced blocks are left out: their code runs or
compiles (tests/docs/test_every_example.py).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
DOTTED = re.compile(r"(?<![\w./-])(~?)([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")
#: What ends a file's name rather than a Python name.
FILE_ENDINGS = {"py", "md", "yaml", "json", "jsonl", "toml", "html", "svg", "txt", "rules"}
#: Legatus's own packages: a name starting with one of them lacks its ``legatus.``.
PACKAGES = {path.name for path in (ROOT / "legatus").iterdir() if (path / "__init__.py").is_file()}


def prose_lines(page: Path) -> list[tuple[int, str]]:
    """The page's lines outside fenced blocks, numbered from 1."""
    found: list[tuple[int, str]] = []
    fence: str | None = None
    for number, line in enumerate(page.read_text("utf-8").splitlines(), 1):
        opening = FENCE.match(line)
        if opening:
            mark = opening.group(2)
            if fence is None:
                fence = mark
                continue
            if mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip(" `~"):
                fence = None
                continue
        if fence is None:
            found.append((number, line))
    return found


def dotted_names(text: str) -> list[str]:
    """The dotted names in the inline code of ``text`` (a role's target, ``~`` dropped)."""
    names = []
    for span in INLINE.findall(text):
        target = re.search(r"<([^<>]+)>\s*$", span)
        for _, name in DOTTED.findall(target.group(1) if target else span):
            names.append(name)
    return names


def resolves(name: str) -> bool:
    """Whether ``name`` is a module, or attributes of the longest module it starts with."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def unresolved(page: Path) -> list[str]:
    bad = []
    shown = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page.name
    for number, line in prose_lines(page):
        for name in dotted_names(line):
            first, *_, last = name.split(".")
            if last in FILE_ENDINGS:  # a file's name (schemas.py), not a Python name
                continue
            where = f"{shown}:{number}: {name}"
            if first in PACKAGES:
                bad.append(f"{where} (an old path: legatus.{name}?)")
            elif first == "legatus" and not resolves(name):
                bad.append(f"{where} (does not resolve)")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_legatus_name_in_the_docs_resolves(page: Path) -> None:
    bad = unresolved(page)
    assert not bad, "names that do not exist:\n" + "\n".join(bad)


def test_a_name_that_does_not_exist_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Use `legatus.framework.play.agents.make_agent(spec)` or\n"
        "{func}`the catalog's <legatus.framework.play.catalog.Catalog.make_agent>`, "
        "`framework.agents.make_agent`, {class}`~legatus.framework.play.ai.infoset.Nothing`.\n"
        "\n```python\nlegatus.not_checked_here\n```\n",
        "utf-8",
    )
    assert unresolved(page) == [
        "page.md:1: legatus.framework.play.agents.make_agent (does not resolve)",
        "page.md:2: framework.agents.make_agent (an old path: legatus.framework.agents.make_agent?)",
        "page.md:2: legatus.framework.play.ai.infoset.Nothing (does not resolve)",
    ]
