"""``legatus rules check`` and ``legatus variant check|diff``: the rules checker's front end.

``rules check TARGET`` checks an installed game's rules files and shipped
variants (TARGET is its name, folder or manifest) or one ``.rules`` file. A file whose ``game``
header names an installed game is checked against that game's names and
registered procedures; a file without one (a tables-only file, say) against
the built-ins only. ``variant check FILE`` applies a variant to its base
game's rules and checks the result; ``variant diff FILE`` says what it
changes. ``--base`` gives the base rules as a game or ``.rules`` files instead
of the game the variant names. Every problem is printed as
``file:line:col: message`` with the source line and a caret (or as JSON with
``--format json``); the exit code is 0 when clean and 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from legatus.framework.model.errors import (
    DataError,
    LegatusError,
    RulesError,
    RulesErrors,
    printable,
)
from legatus.framework.play.catalog import RulesToCheck, default_catalog
from legatus.framework.rules.loading import (
    compile_rules,
    parse_files,
    rules_only,
    with_variant,
)
from legatus.framework.rules.parser import parse_variant, read_source
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.variants import Change, diff

if TYPE_CHECKING:
    from legatus.framework.model.gamedef import GameDef

RULES_SUFFIXES = (".rules",)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rules = subparsers.add_parser(
        "rules", help="check rules files", description="Check a game's rules files."
    )
    rules_commands = rules.add_subparsers(dest="rules_command", metavar="COMMAND", required=True)
    check = rules_commands.add_parser(
        "check",
        help="check a game's rules or one .rules file",
        description="Parse and check rules: every name resolved against the game's data and "
        "the registered procedures, queries and effects; types, arity, duplicates, cycles, "
        "unreachable steps, table gaps and overlaps. Exits 0 when clean, 1 otherwise.",
    )
    check.add_argument("target", help="an installed game, a game folder, or a .rules file")
    _format_option(check)
    check.set_defaults(func=run_rules_check)

    variant = subparsers.add_parser(
        "variant",
        help="check a rule variant, show its changes, or compare it by simulation",
        description="Work with rule variant files.",
    )
    variant_commands = variant.add_subparsers(
        dest="variant_command", metavar="COMMAND", required=True
    )
    for name, helptext, func in (
        ("check", "apply a variant to its base rules and check the result", run_variant_check),
        ("diff", "list what a variant changes relative to its base rules", run_variant_diff),
    ):
        sub = variant_commands.add_parser(name, help=helptext, description=helptext + ".")
        sub.add_argument("file", help="the variant file")
        sub.add_argument(
            "--base",
            nargs="+",
            metavar="BASE",
            help="the base rules: a game (name or folder) or .rules files "
            "(default: the game the variant names)",
        )
        _format_option(sub)
        sub.set_defaults(func=func)
    from legatus.framework.frontends.cli.compare_cmd import register_compare

    register_compare(variant_commands)  # ``variant compare``: a paired simulation


def _format_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people, json for programs",
    )


# -- where rules come from ------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Rules files to check, with the names and registry to check them against."""

    label: str
    files: tuple[Path, ...]
    game: str | None
    symbols: Mapping[str, frozenset[str]]
    registry: RuleRegistry
    notes: tuple[str, ...] = ()
    #: the game's shipped variants, checked along with its rules
    variants: tuple[Path, ...] = ()


def _is_rules_file(target: str) -> bool:
    path = Path(target)
    return path.is_file() and path.suffix in RULES_SUFFIXES


def _game_header(path: Path) -> str | None:
    """The ``game NAME`` header of a rules file, read without a full parse."""
    for line in read_source(path).splitlines():
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        words = text.split()
        return words[1] if len(words) == 2 and words[0] == "game" else None
    return None


def _load(game: str | None) -> tuple[GameDef | None, tuple[str, ...]]:
    if game is None:
        return None, ("no game named: names are checked against the built-ins only",)
    try:
        return default_catalog().definition(game), ()
    except DataError as exc:
        first = exc.problems[0]
        return None, (
            f"game {game!r} could not be loaded ({first.message}); its names are not checked",
        )


def source_for(targets: Sequence[str], game_hint: str | None = None) -> Source:
    """The rules a command should check: a game's, or the given .rules files'.

    Rules files that all belong to an installed game's manifest are checked as
    that game (with its other rules files, which they may refer to); others on
    their own, against the names of the game their header names, if any.
    """
    if all(_is_rules_file(t) for t in targets):
        files = tuple(Path(t) for t in targets)
        game = next((g for g in (_game_header(f) for f in files) if g), None) or game_hint
        gamedef, notes = _load(game)
        if gamedef is not None:
            listed = {p.resolve() for p in gamedef.rules_files}
            if all(f.resolve() in listed for f in files):
                return _game_source(default_catalog().rules(gamedef.folder))
        symbols = gamedef.symbols() if gamedef is not None else {}
        registry, failures = default_catalog().registry_for(game) if game else (RuleRegistry(), ())
        return Source(", ".join(targets), files, game, symbols, registry, notes + failures)
    if len(targets) != 1:
        raise DataError.single(" ".join(targets), 0, "$", "give one game, or only .rules files")
    return _game_source(default_catalog().rules(targets[0]))


def _game_source(found: RulesToCheck) -> Source:
    files = found.definition.rules_files
    notes = found.plugin_problems
    if not files:
        notes = (*notes, f"game {found.definition.name!r} lists no rules files in its manifest")
    return Source(
        found.definition.name,
        tuple(files),
        found.definition.name,
        found.symbols,
        found.registry,
        notes,
        tuple(found.definition.variant_files),
    )


def _compile(source: Source) -> Ruleset:
    return compile_rules(rules_only(parse_files(source.files)), source.symbols, source.registry)


# -- commands --------------------------------------------------------------------------


def run_rules_check(args: argparse.Namespace) -> int:
    source = source_for([args.target])
    try:
        ruleset = _compile(source)
        errors: list[RulesError] = []
        for path in source.variants:
            try:
                variant = parse_variant(read_source(path), str(path))
                with_variant(ruleset, variant, source.symbols, source.registry)
            except (RulesErrors, RulesError) as exc:
                errors.extend(_errors(exc))
        if errors:
            raise RulesErrors(errors)
    except (RulesErrors, RulesError) as exc:
        return _report_errors(exc, args.format, source.notes)
    summary = _summary(source.label, ruleset)
    if source.variants:
        summary += f"; {len(source.variants)} variant(s) ok"
    return _report_ok(args.format, source.notes, summary)


def variant_file(given: str) -> Path:
    """A variant file, or the file of a variant an installed game ships, by its name."""
    path = Path(given)
    if path.is_file():
        return path
    if path.exists() or path.suffix or "/" in given:
        # A device (/dev/zero) or a named pipe is no file of text to read: say what it is.
        reason = (
            "it is a folder"
            if path.is_dir()
            else "it is not a regular file"
            if path.exists()
            else "no such file"
        )
        raise LegatusError(f"cannot read the variant file {given}: {reason}")
    shipped = {
        p.stem: (name, p) for name in default_catalog().games() for p in _shipped_variants(name)
    }
    if given in shipped:
        return shipped[given][1]
    known = ", ".join(f"{game}: {stem}" for stem, (game, _) in sorted(shipped.items()))
    raise LegatusError(
        f"no variant file {given!r}, nor a variant an installed game ships ({known or 'none'})"
    )


def _shipped_variants(game: str) -> list[Path]:
    try:
        return list(default_catalog().definition(game).variant_files)
    except DataError:
        return []


def _load_variant(args: argparse.Namespace) -> tuple[Ruleset, Ruleset, Source]:
    path = variant_file(args.file)
    variant = parse_variant(read_source(path), str(path))
    source = source_for(args.base or [variant.base], game_hint=variant.base)
    base = _compile_base(source)
    return base, with_variant(base, variant, source.symbols, source.registry), source


def _compile_base(source: Source) -> Ruleset:
    try:
        return _compile(source)
    except RulesErrors as exc:
        note = RulesError(
            exc.errors[0].span, f"the base rules ({source.label}) have problems; fix them first"
        )
        raise RulesErrors([note, *exc.errors]) from None


def run_variant_check(args: argparse.Namespace) -> int:
    try:
        base, result, source = _load_variant(args)
    except (RulesErrors, RulesError) as exc:
        return _report_errors(exc, args.format, ())
    changes = diff(base, result)
    summary = f"{args.file}: ok, {len(changes)} change(s) to {source.label}"
    return _report_ok(args.format, source.notes, summary)


def run_variant_diff(args: argparse.Namespace) -> int:
    try:
        base, result, source = _load_variant(args)
    except (RulesErrors, RulesError) as exc:
        return _report_errors(exc, args.format, ())
    changes = diff(base, result)
    if args.format == "json":
        print(json.dumps([c.as_dict() for c in changes], indent=2, ensure_ascii=False))
        return 0
    _print_notes(source.notes)
    shown = printable(args.file)
    print(f"{shown} changes {source.label}:" if changes else f"{shown} changes nothing")
    for change in changes:
        print(_indent(change))
    return 0


# -- output ----------------------------------------------------------------------------


def _errors(exc: RulesErrors | RulesError) -> tuple[RulesError, ...]:
    return exc.errors if isinstance(exc, RulesErrors) else (exc,)


def error_dict(error: RulesError) -> dict[str, object]:
    return {
        "file": error.span.file,
        "line": error.span.line,
        "column": error.span.column,
        "message": error.message,
        "hint": error.hint,
        "source_line": error.source_line,
    }


def _report_errors(exc: RulesErrors | RulesError, fmt: str, notes: Sequence[str]) -> int:
    errors = _errors(exc)
    if fmt == "json":
        print(json.dumps([error_dict(e) for e in errors], indent=2, ensure_ascii=False))
        return 1
    _print_notes(notes)
    for error in errors:
        print(error.render())
    print(f"{len(errors)} problem(s) found")
    return 1


def _report_ok(fmt: str, notes: Sequence[str], summary: str) -> int:
    if fmt == "json":
        print("[]")
        return 0
    _print_notes(notes)
    print(printable(summary))
    return 0


def _print_notes(notes: Sequence[str]) -> None:
    for note in notes:
        print(f"note: {printable(note)}", file=sys.stderr)


def _summary(label: str, ruleset: Ruleset) -> str:
    from legatus.framework.rules.plan import plan

    steps = plan(ruleset)
    parts = [
        f"{len(ruleset.files)} file(s)",
        f"{len(ruleset.params)} parameter(s)",
        f"{len(steps)} step(s)",
        f"{len(ruleset.victories)} victory check(s)",
        f"{len(ruleset.effects)} effect(s)",
        f"{len(ruleset.tables)} table(s)",
    ]
    if ruleset.procedures:
        parts.append(f"{len(ruleset.procedures)} procedure(s)")
    return f"{label}: ok ({', '.join(parts)})"


def _indent(change: Change) -> str:
    return "  " + str(change).replace("\n", "\n  ")
