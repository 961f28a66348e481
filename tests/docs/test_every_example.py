"""Every example in the docs and the README runs, or is checked, so none can go stale.

Each fenced block of ``docs/*.md`` and ``README.md`` carries a marker on the line above it
that says how it is checked (a MyST comment, ``% check: KIND ARGS``, in the docs; an HTML
comment, ``<!-- check: KIND ARGS -->``, in the README). A block without a marker fails
:func:`test_every_block_says_how_it_is_checked`, so a new example cannot slip in unchecked.
The kinds:

``console [excerpt] [stdin=TEXT] [exit=N]``
    ``$ legatus ...`` lines and their output: each command runs (in the page's folder),
    exits with N (default 0) and prints exactly the lines shown (``...`` in a line stands for
    any text: a path that depends on where Legatus is installed); with ``excerpt``, the
    lines shown appear in that order and a line ``...`` stands for lines left out. ``stdin`` is
    what a person types (``\\n`` between lines, ``\\s`` for a space; default ``quit``).
``sh [parse]``
    Shell commands, one per line (``\\`` continues a line, ``&&`` chains): ``legatus``
    commands run and must succeed (with ``parse``, when a run would take minutes, their
    arguments are parsed and every game, variant and player they name is loaded instead);
    ``pip install`` paths and extras must exist, ``python -c`` runs, and the test and docs
    build commands must be CI's own.
``variant [FILE] [broken]``
    A whole variant file: written to FILE (default: its name + ``.variant``) in the page's
    folder, where later commands find it, and ``legatus variant check`` must accept it
    (``broken``: it is only written, for a later example that shows the error).
``rules GAME``
    A part of GAME's rules: each definition it shows, put into a variant of GAME (as a
    ``replace`` where the game has one), must pass ``legatus variant check``: every name,
    procedure, argument and type in it is the game's.
``rules-file FILE [broken]``
    A whole rules file: written to FILE in the page's folder; ``legatus rules check`` must
    accept it (``broken``: only written, for a later example that shows the error).
``rules-syntax``
    Rules no installed game has (illustrations of rules to come, such as Hannibal Barkas's
    victory checks): they must parse.
``python [sketch]``
    Runs in the page's folder; a line ``EXPRESSION  # VALUE`` also checks the value's repr
    when VALUE is itself an expression. ``sketch``: a fragment naming things it does not
    define (a procedure's ``ctx``), only compiled.
``yaml [in FILE]``
    Parses as safe YAML; ``in FILE``: every key and value shown is in FILE of the page's
    folder (a part of a manifest).
``json record GAME``
    A line of a results file: it has exactly the fields a real record of GAME has.
``json request``
    A request to ``legatus serve``'s API (a JSON object naming a game; the page's own test
    sends it to a real server).
``excerpt FILE``
    A part of FILE of the page's folder (a file an earlier command there made, such as
    the game ``legatus new-game`` writes): its lines appear in FILE, in order and together.
``figure``
    A picture in text (a folder tree, a format): nothing to run.

Directive blocks (``{literalinclude}``, ``{eval-rst}``, ...) are built by Sphinx with
``-W``; here a literalinclude's file must exist. A page may start its folder with
``% check-folder: NAME`` (see :data:`FOLDERS`).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from legatus.framework.frontends.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
MARKER = re.compile(r"^\s*(?:% check: (.*?)|<!-- check: (.*?) -->)\s*$")
FOLDER = re.compile(r"^% check-folder: (\S+)\s*$", re.MULTILINE)
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    info: str
    text: str
    marker: str | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def kind(self) -> str:
        return (self.marker or "").split(" ", 1)[0]

    @property
    def args(self) -> list[str]:
        return (self.marker or "").partition(" ")[2].split()


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page, with the marker above each."""
    lines = page.read_text("utf-8").splitlines()
    found: list[Block] = []
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        if opening is None:
            number += 1
            continue
        indent, fence, info = opening.groups()
        body: list[str] = []
        end = number + 1
        while end < len(lines):
            closing = FENCE.match(lines[end])
            if (
                closing
                and closing.group(2)[0] == fence[0]
                and len(closing.group(2)) >= len(fence)
                and not closing.group(3).strip()
            ):
                break
            body.append(lines[end][len(indent) :] if lines[end].startswith(indent) else lines[end])
            end += 1
        above = number - 1
        while above >= 0 and not lines[above].strip():
            above -= 1
        mark = MARKER.match(lines[above]) if above >= 0 else None
        marker = (mark.group(1) or mark.group(2)) if mark else None
        text = "\n".join(body) + "\n" if body else ""
        found.append(Block(page, number + 1, info.strip(), text, marker))
        number = end + 1
    return found


def _is_directive(block: Block) -> bool:
    return block.info.startswith("{")


# -- the page's folder ----------------------------------------------------------------------


def _julius_caesar_with_dyrrachium(folder: Path) -> None:
    """How to write a scenario: a copy of the game with the example scenario added, and the
    example of a position no play can reach."""
    game = folder / "my_caesar"
    shutil.copytree(ROOT / "legatus" / "games" / "julius_caesar" / "data", game)
    shutil.copyfile(DOCS / "examples" / "dyrrachium.yaml", game / "scenarios" / "dyrrachium.yaml")
    manifest = yaml.safe_load((game / "game.yaml").read_text("utf-8"))
    manifest["files"]["scenarios"].append("scenarios/dyrrachium.yaml")
    (game / "game.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), "utf-8")
    shutil.copyfile(
        DOCS / "examples" / "battle-at-the-card-phase.position.yaml",
        folder / "battle-at-the-card-phase.position.yaml",
    )


#: Folders a page's examples need before they run, by the name ``% check-folder:`` gives.
FOLDERS: dict[str, Callable[[Path], None]] = {
    "julius_caesar-with-dyrrachium": _julius_caesar_with_dyrrachium,
}


@contextlib.contextmanager
def running(folder: Path, stdin: str = "") -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Run in ``folder`` with ``stdin`` typed, collecting what is printed."""
    out, err = io.StringIO(), io.StringIO()
    previous = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with (
            contextlib.chdir(folder),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            yield out, err
    finally:
        sys.stdin = previous


def legatus(folder: Path, argv: list[str], stdin: str = "quit\n") -> tuple[int, str]:
    """``legatus ARGV`` in ``folder``: its exit code and what it printed (stdout, then
    stderr)."""
    with running(folder, stdin) as (out, err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue() + err.getvalue()


# -- the checks, one per kind ---------------------------------------------------------------


def check_console(block: Block, folder: Path) -> None:
    options = block.args
    excerpt = "excerpt" in options
    stdin = next((o[6:] for o in options if o.startswith("stdin=")), "quit\n")
    stdin = stdin.replace("\\n", "\n").replace("\\s", " ")
    exit_code = int(next((o[5:] for o in options if o.startswith("exit=")), "0"))
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"{block.where}: output before the first '$ ' command"
            commands[-1][1].append(line.rstrip())
    assert commands, f"{block.where}: no '$ ' command"
    for command, shown in commands:
        words = shlex.split(command)
        assert words[0] == "legatus", f"{block.where}: {command}: only legatus commands run here"
        code, printed = legatus(folder, words[1:], stdin)
        assert code == exit_code, f"{block.where}: $ {command} exits {code}\n{printed}"
        got = [line.rstrip() for line in printed.splitlines()]
        while shown and not shown[-1]:
            shown.pop()
        if excerpt:
            _assert_excerpt(block, command, shown, got)
        else:
            same = len(got) == len(shown) and all(map(_matches, shown, got))
            assert same, f"{block.where}: $ {command} prints\n" + "\n".join(got)


def _matches(shown: str, printed: str) -> bool:
    """A line shown ending in ``...`` stands for every line that starts the same; ``...``
    inside it for any text."""
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed) is not None


def _assert_excerpt(block: Block, command: str, shown: list[str], got: list[str]) -> None:
    at = 0
    for line in shown:
        if line.strip() in ("...", ""):
            continue
        while at < len(got) and not _matches(line, got[at]):
            at += 1
        assert at < len(got), (
            f"{block.where}: $ {command} does not print, in this order, the line\n{line}\n"
            "It prints:\n" + "\n".join(got)
        )
        at += 1


def _commands(text: str) -> Iterator[list[str]]:
    """The commands of a shell block: continued lines joined, comments dropped, ``&&`` split."""
    joined = re.sub(r"\\\n\s*", " ", text)
    for line in joined.splitlines():
        words = shlex.split(line, comments=True)
        command: list[str] = []
        for word in [*words, "&&"]:
            if word == "&&":
                if command:
                    yield command
                command = []
            else:
                command.append(word)


def _extras() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    return set(project["project"]["optional-dependencies"])


def _check_benchmark(where: str, words: list[str], parse_only: bool) -> None:
    """``python benchmarks/SCRIPT.py ARGS``: the script exists and its ``--help`` lists every
    option given; without ``parse`` it also runs, from the project's folder."""
    script = ROOT / words[0]
    assert script.is_file(), f"{where}: no such script"
    shown = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert shown.returncode == 0, f"{where}: {shown.stderr}"
    for option in (w.partition("=")[0] for w in words[1:] if w.startswith("--")):
        assert re.search(rf"{re.escape(option)}\b", shown.stdout), f"{where}: no option {option}"
    if not parse_only:
        ran = subprocess.run([sys.executable, *words], capture_output=True, text=True, cwd=ROOT)
        assert ran.returncode == 0, f"{where}: {ran.stderr}"


def check_sh(block: Block, folder: Path) -> None:
    parse_only = "parse" in block.args
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    for words in _commands(block.text):
        program, *rest = words
        where = f"{block.where}: {' '.join(words)}"
        if program == "legatus":
            if parse_only:
                with contextlib.chdir(folder):  # files the page wrote before are found
                    _resolve(where, rest)
            else:
                code, printed = legatus(folder, rest)
                assert code == 0, f"{where}: exit {code}\n{printed}"
        elif program == "pip" and rest[:1] == ["install"]:
            for target in (w for w in rest[1:] if not w.startswith("-")):
                path, _, extras = target.partition("[")
                assert (ROOT / path / "pyproject.toml").is_file(), f"{where}: no project {path}"
                wanted = set(extras.rstrip("]").split(",")) - {""}
                assert wanted <= _extras(), f"{where}: no extra {wanted - _extras()}"
        elif program in ("python", "python3") and rest[:1] == ["-c"]:
            ran = subprocess.run(
                [sys.executable, "-c", rest[1]], capture_output=True, text=True, cwd=folder
            )
            assert ran.returncode == 0, f"{where}: {ran.stderr}"
        elif program in ("python", "python3") and rest[:1] and rest[0].startswith("benchmarks/"):
            _check_benchmark(where, rest, parse_only)
        elif program in ("python", "python3") and rest[:2] == ["-m", "venv"]:
            assert len(rest) == 3, where
        elif program in ("python", "python3") and rest[:2] == ["-m", "pytest"]:
            assert shlex.join(words) in ci, f"{where}: not CI's command"  # quoted as CI has it
        elif program == "sphinx-build":
            flags = " ".join(w for w in rest if w.startswith("-") or w in ("html", "docs"))
            assert f"sphinx-build {flags}" in ci.replace("-q ", ""), f"{where}: not CI's build"
        elif program in (".", "source"):
            assert rest[0].endswith("bin/activate"), where
        elif program == "bash":
            assert (ROOT / rest[0]).is_file(), f"{where}: no such script"
        else:
            pytest.fail(f"{where}: no check for '{program}' commands: add one to this test")


def _resolve(where: str, argv: list[str]) -> None:
    """Parse a command line and load what it names, without running it."""
    from legatus.framework.frontends.cli.play_cmd import parse_sides
    from legatus.framework.play.catalog import default_catalog

    try:
        with contextlib.redirect_stderr(io.StringIO()) as err:
            args = build_parser().parse_args(argv)
    except SystemExit:
        pytest.fail(f"{where}: {err.getvalue()}")
    catalog = default_catalog()
    game_name = getattr(args, "game", None)
    if args.command == "variant" and getattr(args, "base", None):
        game_name, variant = args.base, args.variant
    else:
        variant = getattr(args, "variant", None)
    if game_name is None:  # a command that names no game (legatus serve): parsed is enough
        return
    game = catalog.load(game_name, variant)
    for side, player in parse_sides(getattr(args, "side", []), game.definition.side_ids).items():
        if player != "human":
            catalog.make_agent(player, side, 0, game=game)


def check_variant(block: Block, folder: Path) -> None:
    names = [a for a in block.args if a != "broken"]
    found = re.match(r"variant (\w+) of", block.text)
    assert found, f"{block.where}: a variant file starts with 'variant NAME of GAME'"
    path = folder / (names[0] if names else f"{found.group(1)}.variant")
    path.write_text(block.text, "utf-8")
    if "broken" not in block.args:
        code, printed = legatus(folder, ["variant", "check", path.name])
        assert code == 0, f"{block.where}: variant check:\n{printed}"


#: Definitions a variant may declare anew or replace, and how their names are written.
_DEFINITION = re.compile(r"^(param|define|victory|effect|table|procedure)\s+([\w.]+)|^(sequence):")


def rules_as_variant(text: str, game: str) -> str:
    """A part of GAME's rules written as a variant of GAME: a definition the game has is
    replaced, a new one declared, the ``game`` header dropped."""
    from legatus.framework.play.catalog import default_catalog

    ruleset = default_catalog().load(game).rules.ruleset  # type: ignore[attr-defined]
    known = {
        "param": ruleset.params,
        "define": ruleset.defines,
        "victory": ruleset.victories,
        "effect": ruleset.effects,
        "table": ruleset.tables,
        "procedure": ruleset.procedures,
    }
    lines = [f"variant docs_example of {game}", ""]
    for line in text.splitlines():
        if re.match(rf"^game {game}\s*$", line):
            continue
        definition = _DEFINITION.match(line)
        if definition and (definition.group(3) or definition.group(2) in known[definition[1]]):
            line = "replace " + line
        lines.append(line)
    return "\n".join(lines) + "\n"


def check_rules(block: Block, folder: Path) -> None:
    (game,) = block.args
    path = folder / "docs_example.variant"
    path.write_text(rules_as_variant(block.text, game), "utf-8")
    code, printed = legatus(folder, ["variant", "check", path.name])
    assert code == 0, f"{block.where}: as a variant of {game}:\n{printed}"


def check_rules_file(block: Block, folder: Path) -> None:
    name = block.args[0]
    (folder / name).write_text(block.text, "utf-8")
    if "broken" not in block.args:
        code, printed = legatus(folder, ["rules", "check", name])
        assert code == 0, f"{block.where}: rules check:\n{printed}"


def check_rules_syntax(block: Block, folder: Path) -> None:
    from legatus.framework.rules.parser import parse_rules

    parse_rules(block.text, block.where)


def check_python(block: Block, folder: Path) -> None:
    code = compile(block.text, block.where, "exec")
    if "sketch" in block.args:
        return
    namespace: dict[str, object] = {"__name__": "docs_example"}
    with running(folder):
        exec(code, namespace)
        for node in ast.parse(block.text).body:
            if not isinstance(node, ast.Expr):
                continue
            line = block.text.splitlines()[node.lineno - 1]
            comment = line.partition("  # ")[2].strip()
            try:
                ast.parse(comment, mode="eval")
            except SyntaxError:
                continue  # a comment in words
            value = eval(compile(ast.Expression(node.value), block.where, "eval"), namespace)
            assert repr(value) == comment, f"{block.where}: {line.strip()} is {value!r}"


def check_yaml(block: Block, folder: Path) -> None:
    shown = yaml.safe_load(block.text)
    if block.args[:1] == ["in"]:
        whole = yaml.safe_load((folder / block.args[1]).read_text("utf-8"))
        _assert_within(block, shown, whole, "$")


def _assert_within(block: Block, shown: object, whole: object, path: str) -> None:
    if isinstance(shown, dict):
        assert isinstance(whole, dict), f"{block.where}: {path} is not a mapping"
        for key, value in shown.items():
            assert key in whole, f"{block.where}: {path}.{key} is not in the file"
            _assert_within(block, value, whole[key], f"{path}.{key}")
    else:
        assert shown == whole, f"{block.where}: {path} is {whole!r} in the file"


def check_json(block: Block, folder: Path) -> None:
    from legatus.framework.tools.simulate.play import Experiment, play_game

    shown = json.loads(block.text)
    if block.args[:1] == ["request"]:
        # A request to legatus serve's API: tests/docs/test_play_in_the_browser_page.py
        # sends it to a real server; here it must be a JSON object naming a game.
        assert isinstance(shown, dict) and "game" in shown, f"{block.where}: not a match request"
        return
    assert block.args[:1] == ["record"], f"{block.where}: json blocks are results records"
    (game,) = block.args[1:]
    real = play_game(Experiment(game, {}), 0)
    assert sorted(shown) == sorted(real), f"{block.where}: a record has {sorted(real)}"


def check_excerpt(block: Block, folder: Path) -> None:
    (name,) = block.args
    whole = (folder / name).read_text("utf-8").splitlines()
    shown = block.text.rstrip("\n").splitlines()
    found = any(whole[i : i + len(shown)] == shown for i in range(len(whole) - len(shown) + 1))
    assert found, f"{block.where}: these lines are not, together, in {name}"


def check_figure(block: Block, folder: Path) -> None:
    assert block.info in ("", "text"), f"{block.where}: a figure is plain text"


CHECKS: dict[str, Callable[[Block, Path], None]] = {
    "console": check_console,
    "sh": check_sh,
    "variant": check_variant,
    "rules": check_rules,
    "rules-file": check_rules_file,
    "rules-syntax": check_rules_syntax,
    "python": check_python,
    "yaml": check_yaml,
    "json": check_json,
    "excerpt": check_excerpt,
    "figure": check_figure,
}


def _directive_files(block: Block) -> Iterator[Path]:
    if block.info.startswith("{literalinclude}"):
        yield (block.page.parent / block.info.split(None, 1)[1]).resolve()


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_block_says_how_it_is_checked(page: Path) -> None:
    unmarked = [
        f"{b.where} ({b.info or 'no language'})"
        for b in blocks(page)
        if not _is_directive(b) and b.kind not in CHECKS
    ]
    assert not unmarked, "blocks without a '% check: KIND' marker: " + ", ".join(unmarked)
    for block in blocks(page):
        for path in _directive_files(block):
            assert path.is_file(), f"{block.where}: {path} does not exist"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_example_of_the_page_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's examples in order, in a folder of their own (files one writes, the next
    reads)."""
    monkeypatch.setenv("COLUMNS", "100")
    for name in FOLDER.findall(page.read_text("utf-8")):
        FOLDERS[name](tmp_path)
    checked = 0
    for block in blocks(page):
        if block.kind in CHECKS:
            CHECKS[block.kind](block, tmp_path)
            checked += 1
    assert checked or page.name in PAGES_WITHOUT_EXAMPLES, f"{page.name}: no example checked"


#: Pages made only of prose and generated references.
PAGES_WITHOUT_EXAMPLES = {"actions.md", "cli.md", "data-reference.md", "hooks.md"}


def test_a_block_without_a_marker_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Text.\n\n% check: sh\n\n```sh\nlegatus games\n```\n\n```none\nparam x = 1\n```\n"
        "\n  ```{literalinclude} x.txt\n  ```\n"
    )
    found = blocks(page)
    assert [(b.line, b.info, b.marker, b.text) for b in found] == [
        (5, "sh", "sh", "legatus games\n"),
        (9, "none", None, "param x = 1\n"),
        (13, "{literalinclude} x.txt", None, ""),
    ]


def test_rules_become_a_variant_replacing_what_the_game_has() -> None:
    text = (
        "game julius_caesar\n\nparam vp_to_win: int in 1..13 = 10\n"
        'param new_thing: int = 2\ndefine lead: int = vp("caesar")\nsequence:\n  check x\n'
    )
    assert rules_as_variant(text, "julius_caesar") == (
        "variant docs_example of julius_caesar\n\n\nreplace param vp_to_win: int in 1..13 = 10\n"
        'param new_thing: int = 2\ndefine lead: int = vp("caesar")\nreplace sequence:\n'
        "  check x\n"
    )
