"""No leak at the terminal (issue 38): for two states that differ only in what a side may
not see, everything the terminal prints to that side is the same: its view, the question and
its choices (step by step and whole, each with what the game says of it, and any warning),
the map, ``where`` for every place, ``blocks`` and ``legend``. Checked at many moments of
random games of every game Legatus ships, and end to end through the real command line with
two position files that differ only in Pompeius's blocks."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from legatus.framework.engine.textmap import Style
from legatus.framework.frontends.cli.terminal import Terminal
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.tools.checkgame import perturb
from tests.helpers import legatus

COLOUR = Style(colour=True, unicode=True, width=120)


def printed(match: Match, side: str) -> str:
    """Everything the terminal prints to ``side`` now, every command typed once."""
    terminal = Terminal([side], quiet=False)
    terminal.match = match
    terminal.style = COLOUR
    board = terminal.board(match)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        terminal.show_view(match, side)
        if side in match.waiting_for():
            prompt = match.prompt(side if side != match.waiting_for()[0] else None)
            assert prompt is not None
            for flat in (False, True):
                terminal._flat = flat
                terminal.show_choices(match, side, prompt)
            seen = terminal.seen(match, side)
            for action in prompt.actions:
                print(board.warning(seen, action))
        seen = terminal.seen(match, side)
        terminal.say(match, board.draw(seen, COLOUR))
        grid = match.game.definition.board.hex_grid
        places = board.named or sorted(
            {p["at"] for p in [*seen["pieces"]["known"].values(), *seen["pieces"]["hidden"]]
             if p.get("at") in (grid or ())}
        )  # fmt: skip
        for space in places:
            terminal.say(match, board.where(seen, space))
        terminal.say(match, board.blocks(seen))
        terminal.say(match, board.legend(seen, COLOUR))
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "scenario", "seed", "every"),
    [("julius_caesar", None, 5, 23), ("gbojc_naval", None, 2, 17),
     ("hannibal_barkas", "campaign-2p", 3, 41), ("hannibal_barkas", "campaign-5p", 4, 53)],
)  # fmt: skip
def test_what_the_terminal_prints_ignores_what_a_side_may_not_see(
    name: str, scenario: str | None, seed: int, every: int
) -> None:
    game = default_catalog().load(name)
    sides = game.definition.side_ids
    players = {side: RandomAgent(seed + i) for i, side in enumerate(sides)}
    match = Match.new(game, scenario, seed=seed, players=players)
    seated = [s for s in sides if any(s in seat for seat in match.state["seats"].values())]
    for moment in range(6):
        match.play(until=every)
        if match.over:
            break
        for side in seated:
            other = Match(game, perturb(game.definition, match.state, side, salt=moment))
            assert other.state != match.state or moment == 0  # the hidden facts did change
            assert printed(match, side) == printed(other, side), (side, moment)


def positions(folder: Path) -> tuple[Path, Path]:
    """Dyrrachium 706 twice: Pompeius's blocks where they are in the game's position, and
    with Legio 1 and Legio 34 swapped between Dyrrachium and Thessalonica and Legio 35 at
    full strength: what Caesar may not see (JC 3.0)."""
    shipped = default_catalog().definition("julius_caesar").position_files[0].read_text()
    swapped = shipped.replace(
        "Dyrrachium: [Pompeius, Legio 1, Legio 3, P Equitatus 1]",
        "Dyrrachium: [Pompeius, Legio 34, Legio 3, P Equitatus 1]",
    ).replace(
        "Thessalonica: [Scipio, Legio 34, {piece: Legio 35, strength: 2}]",
        "Thessalonica: [Scipio, Legio 1, {piece: Legio 35, strength: 3}]",
    )
    assert swapped != shipped
    first, second = folder / "a.position.yaml", folder / "b.position.yaml"
    first.write_text(shipped)
    second.write_text(swapped)
    return first, second


def test_caesar_reads_the_same_screens_whatever_pompeius_hides(tmp_path: Path) -> None:
    """End to end: every line Caesar's terminal prints, the map, where, blocks, legend and
    the choices included, is the same for two positions that differ only in which Pompeius
    block stands where and how strong (up to his first decision, the game is Caesar's)."""
    typed = ["map", "where Dyrrachium", "where dyr", "where Thessalonica", "where Mare Internum",
             "blocks", "legend", "all", "where Athenae", "quit"]  # fmt: skip
    screens = []
    for position in positions(tmp_path):
        result = legatus("play", "julius_caesar", "--position", str(position), "--side",
                         "caesar=human", "--side", "pompey=first", "--no-autosave",
                         stdin="\n".join(typed) + "\n")  # fmt: skip
        assert result.returncode == 0, result.stderr
        screens.append(result.stdout)
    assert screens[0] == screens[1]
    assert "Dyrrachium (Dyr) ==" in screens[0] and "4 hidden Pompeius blocks" in screens[0]
    assert "Legio 34" not in screens[0] and "Legio 1 " not in screens[0]
