"""The commands of an argparse parser, read for the generated CLI reference.

The ``legatus`` command assembles its subcommands from modules (see
:mod:`legatus.framework.frontends.cli`), so the reference walks the parser those modules build
instead of repeating their options: a command added later is documented by
itself. :func:`commands` knows nothing of Sphinx (the ``clidoc`` extension
renders its result), so the tests can run it without the docs extras.

argparse has no public API for listing subcommands and actions; the private
attributes read here (``_actions``, ``_choices_actions``,
``_mutually_exclusive_groups``) have been stable since Python 3.2.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

#: Usage lines are wrapped at this width whatever the terminal, so the pages
#: do not depend on the machine that builds them.
WIDTH = 88


@dataclass(frozen=True)
class Argument:
    """One positional argument or option of a command."""

    names: tuple[str, ...]
    metavar: str
    help: str
    required: bool
    choices: tuple[str, ...] = ()
    default: str | None = None


@dataclass(frozen=True)
class Command:
    """A command as the user types it (``legatus validate``) and its arguments."""

    name: str
    help: str
    usage: str
    description: str
    arguments: tuple[Argument, ...]


def usage(parser: argparse.ArgumentParser) -> str:
    """The parser's usage text without the ``usage:`` prefix, at :data:`WIDTH`."""
    formatter = argparse.HelpFormatter(prog=parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, "")
    return formatter.format_help().strip()


def commands(parser: argparse.ArgumentParser) -> list[Command]:
    """Every subcommand of ``parser``, nested ones after their parent, in order."""
    found: list[Command] = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {a.dest: a.help or "" for a in action._choices_actions}
        seen: set[int] = set()
        for name, sub in action.choices.items():
            if id(sub) in seen:  # an alias of a command already listed
                continue
            seen.add(id(sub))
            found.append(
                Command(
                    name=sub.prog,
                    help=helps.get(name, ""),
                    usage=usage(sub),
                    description=sub.description or "",
                    arguments=tuple(arguments(sub)),
                )
            )
            found.extend(commands(sub))
    return found


def arguments(parser: argparse.ArgumentParser) -> list[Argument]:
    """The parser's arguments and options, ``--help`` and subcommands left out."""
    result = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        positional = not action.option_strings
        metavar = action.metavar if isinstance(action.metavar, str) else ""
        if not metavar and action.choices and action.nargs != 0:
            metavar = "{" + ",".join(str(c) for c in action.choices) + "}"
        elif not metavar and action.nargs != 0:
            metavar = action.dest if positional else action.dest.upper()
        default = action.default
        shown_default = (
            None
            if positional or default in (None, argparse.SUPPRESS) or action.nargs == 0
            else str(default)
        )
        result.append(
            Argument(
                names=(action.dest,) if positional else tuple(action.option_strings),
                metavar=metavar,
                help=_expanded_help(action, parser.prog),
                required=positional or bool(action.required),
                choices=tuple(str(c) for c in action.choices or ()),
                default=shown_default,
            )
        )
    return result


def _expanded_help(action: argparse.Action, prog: str) -> str:
    """The help text with ``%(default)s`` and the like filled in, as argparse does."""
    text = action.help or ""
    if "%" not in text:
        return text
    params = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
    params["prog"] = prog
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text
