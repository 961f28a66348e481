"""The ``legatus`` command line.

Each command lives in its own module exposing ``register(subparsers)``; this
module only assembles them and maps errors to exit codes: 0 success, 1 the
input has problems (reported), 2 usage errors (argparse's own), 130 interrupted
by Ctrl-C, 143 stopped by SIGTERM (handled as Ctrl-C is: worker processes
stopped, finished work kept). Every error and warning is printed through
:func:`legatus.framework.model.errors.printable` (escape codes in a file name or
a variant's line shown escaped, never acted on) and each of its lines shortened
to :data:`LONGEST` characters; a file that cannot be written (a full disk, a
read-only file system) or a standard output that takes no more text is one
line too, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import threading
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn

from legatus.framework.model.errors import LegatusError, printable
from legatus.framework.play import collector

#: Command modules, each with ``register(subparsers)``; commands set ``func``.
COMMAND_MODULES = (
    "legatus.framework.frontends.cli.games_cmd",
    "legatus.framework.frontends.cli.validate_cmd",
    "legatus.framework.frontends.cli.rules_cmds",
    "legatus.framework.frontends.cli.variants_cmd",
    "legatus.framework.frontends.cli.play_cmd",
    "legatus.framework.frontends.cli.check_cmd",
    "legatus.framework.frontends.cli.golden_cmd",
    "legatus.framework.frontends.cli.bench_cmd",
    "legatus.framework.frontends.cli.simulate_cmd",
    "legatus.framework.frontends.cli.workbench_cmd",
    "legatus.framework.frontends.cli.position_cmd",
    "legatus.framework.frontends.cli.serve_cmd",
    "legatus.framework.frontends.cli.newgame_cmd",
)


class DefaultsFormatter(argparse.HelpFormatter):
    """Each option's default in its help, where there is one worth saying."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "(default" in text
            or default is None
            or default is False
            or default == []
            or default is argparse.SUPPRESS
            or action.option_strings == []
        ):
            return text
        return f"{text} (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (what is wrong, and where the usage is), and each
    option's default shown in ``--help``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        say(f"error: {self.prog}: {message} (see {self.prog} --help)")
        sys.exit(2)


#: The longest line of an error or a warning: a longer one (a megabyte of input echoed
#: back) is shortened in its middle.
LONGEST = 2000


def shortened(line: str, longest: int = LONGEST) -> str:
    """``line``, or its start and end around a note of how much was left out."""
    if len(line) <= longest:
        return line
    keep = longest // 2
    return f"{line[:keep]} [... {len(line) - 2 * keep:,} characters left out ...] {line[-keep:]}"


def say(message: str) -> None:
    """An error or a warning on standard error: each line made printable and shortened."""
    lines = [shortened(printable(line)) for line in message.split("\n")]
    print("\n".join(lines), file=sys.stderr)


def os_error(exc: OSError) -> str:
    """An operating system's refusal as one line: what could not be done, and why."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename is not None:
        return f"{exc.filename}: {reason}"
    try:
        sys.stdout.flush()
    except OSError:
        return f"cannot write to the standard output: {reason}"
    return f"cannot write: {reason}"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="legatus",
        description="Legatus: a generic engine for block wargames.",
    )
    parser.add_argument("--version", action="version", version=f"legatus {_version()}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=Parser
    )
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        module.register(subparsers)
    return parser


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    say(f"warning: {message}")


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that everything Ctrl-C stops cleanly (worker
    processes, a game at the terminal that saves itself) stops the same way."""


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Any:
    """SIGTERM raises :class:`Terminated` while a command runs (in the main thread only:
    Python runs signal handlers there), the earlier handler restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    warnings.showwarning = _show_warning
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with _sigterm_as_interrupt():
            code: int = args.func(args)
            sys.stdout.flush()  # a full disk behind the standard output is said here
    except LegatusError as exc:
        say(f"error: {exc}")
        return 1
    except Terminated:
        # SIGTERM (a job scheduler, systemd, kill): stopped as Ctrl-C stops, workers too.
        print("terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        # Ctrl-C: what was done is kept (a game at the terminal is saved after every action,
        # simulate and check-game write each finished game to their results file at once).
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        # A file or the standard output refused to take what was written (errno 28, no
        # space left on device; a read-only file system): the commands write their results
        # as they go, so what was written before is kept.
        say(f"error: {os_error(exc)}")
        return 1
    return code


def console() -> int:
    """The ``legatus`` program: :func:`main` in a process of its own, whose garbage
    collector is set for playing many moves (:mod:`legatus.framework.play.collector`)."""
    collector.tune()
    code = main()
    try:
        sys.stdout.flush()
    except OSError:
        # The standard output refused text (main has said so): point it at the null device,
        # so Python's own flush at exit does not print a traceback of its own.
        import os

        code = code or 1
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("legatus")
    except PackageNotFoundError:
        return "(not installed)"


if __name__ == "__main__":
    sys.exit(main())
