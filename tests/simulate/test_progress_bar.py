"""The progress bar: drawn on a terminal only, one line rewritten in place."""

from __future__ import annotations

import io

from legatus.framework.frontends.cli.simulate_cmd import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_and_ends_the_line() -> None:
    stream = Terminal()
    bar = ProgressBar("simulate", stream=stream)
    bar(0, 4)
    bar(2, 4)
    bar(4, 4)
    text = stream.getvalue()
    assert text.count("\r") == 3
    assert "\rsimulate [" + "." * 30 + "] 0/4 games" in text
    assert "[" + "#" * 15 + "." * 15 + "] 2/4 games" in text
    assert "] 4/4 games, " in text and text.endswith("/s\n")


def test_progress_bar_is_silent_when_not_a_terminal_or_disabled() -> None:
    pipe = io.StringIO()
    ProgressBar("simulate", stream=pipe)(1, 2)
    assert pipe.getvalue() == ""
    terminal = Terminal()
    ProgressBar("simulate", stream=terminal, enabled=False)(1, 2)
    assert terminal.getvalue() == ""
