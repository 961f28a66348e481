"""What a player reads at the terminal: no raw Python values, VP on screen, cards explained,
the end in words, the game's variants listed (the commands run in the test's process,
``legatus_here``: the game is loaded once)."""

from __future__ import annotations

import re
from pathlib import Path

from legatus.framework.engine.render import words
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.helpers import legatus_here

ROOT = Path(__file__).resolve().parent.parent


def views(name: str, seed: int, steps: int, every: int) -> list[str]:
    game = default_catalog().load(name)
    sides = game.definition.side_ids
    match = Match.new(game, seed=seed, players={s: RandomAgent(i) for i, s in enumerate(sides)})
    found = []
    while not match.over and len(match.moves) < steps:
        match.play(until=every)
        found += [game.plugin.render_view(game.definition, match.view(s)) for s in sides]
    return found


def test_no_python_brackets_or_quotes_reach_the_screen_and_no_line_is_cut() -> None:
    for text in views("julius_caesar", 2, 400, 17) + views("gbojc_naval", 2, 300, 23):
        assert not re.search(r"[{\[]'|': |\bNone\b|\bTrue\b|\bFalse\b", text), text
        assert "..." not in text


def test_julius_caesar_shows_vp_and_explains_command_cards() -> None:
    text = views("julius_caesar", 2, 30, 30)[0]
    assert re.search(r"^   VP: Caesar \d+, Pompeius \d+$", text, re.MULTILINE)
    assert re.search(r"\d/\d \(\d moves?, \d lev(y|ies)\)", text)


def test_values_read_as_words() -> None:
    assert words({"caesar": {"move": 3, "levy": 2}, "pompey": None}) == (
        "caesar (move: 3; levy: 2); pompey: none"
    )
    assert words([True, False, []]) == "yes, no, none"


def test_the_end_of_a_game_is_said_in_words() -> None:
    result = legatus_here("play", "julius_caesar", "--seed", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "result: Pompeius wins — After the last year: more VP wins; then the holder of Roma; "
        "else a draw (final_victory, JC 1.2)"
    )


def test_legatus_variants_lists_the_shipped_variants_and_options() -> None:
    result = legatus_here("variants", "julius_caesar")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # Every variant file the game ships (16 since b68ea76 added three; the 13 here was stale).
    shipped = ROOT / "legatus" / "games" / "julius_caesar" / "data" / "variants"
    count = len(list(shipped.glob("*.variant")))
    assert count >= 16
    assert lines[0] == f"julius_caesar: {count} variant(s) (--variant NAME)"
    assert any(line.split()[0] == "polish_winter" and "[JC 8.0 (PL)]" in line for line in lines)
    assert "scenario 705: 1 option(s) (--option ID)" in lines
    assert any(line.split()[0] == "free_deployment" for line in lines)


def test_each_command_card_is_explained_once_per_screen() -> None:
    """``2/1 (2 moves, 1 levy)`` where the card first shows; later on the screen, ``2/1``."""
    screens = views("julius_caesar", 2, 60, 6)
    explained = re.compile(r"(\d/\d) \(\d moves?, \d lev(?:y|ies)\)")
    assert any(explained.search(screen) for screen in screens)
    for screen in screens:
        names = explained.findall(screen)
        assert len(names) == len(set(names)), screen
        for name in set(re.findall(r"\b\d/\d\b", screen)):
            assert name in names, screen  # every card shown is explained once


def test_legatus_version_and_every_default_in_help() -> None:
    import argparse

    from legatus.framework.frontends.cli import build_parser

    result = legatus_here("--version")
    assert result.returncode == 0 and re.fullmatch(r"legatus \d+\.\d+\.\d+\n", result.stdout)
    parsers = [build_parser()]
    checked = 0
    while parsers:
        parser = parsers.pop()
        formatter = parser._get_formatter()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
            elif action.dest != "help" and action.dest != "version":
                assert action.help, f"{parser.prog} {action.option_strings or action.dest}"
                if action.option_strings and action.default not in (None, False, []):
                    shown = formatter._get_help_string(action) or ""
                    assert "default" in shown, f"{parser.prog} {action.option_strings}"
                    checked += 1
    assert checked >= 18  # --games, --seed, --workers, --format... of every command


def test_battles_and_defections_read_as_sentences() -> None:
    """JC 7.1 battles and Jupiter's defectors in words, not as the record's fields."""
    screens = "\n".join(views("julius_caesar", 7, 420, 1))  # a game with a defection
    assert re.search(
        r"^   battle at [A-Z][a-z ]+, round \d: (Caesar|Pompeius) attacks", screens, re.M
    )
    assert re.search(r"^   defected: [\w ]+ \(from (Caesar|Pompeius)\)", screens, re.M)
    assert "location:" not in screens and "attacker:" not in screens
    # Battles still to fight show when a turn has several (rare between random players).
    game = default_catalog().load("julius_caesar")
    view = Match.new(game, seed=2).view("caesar")
    view["records"]["battles"] = ["Roma", "Narbo"]
    screen = game.plugin.render_view(game.definition, view)
    assert re.search(r"^   battles to fight: Roma, Narbo$", screen, re.M)


def test_the_reason_names_the_numbers_and_replay_says_it_the_same_way(tmp_path: Path) -> None:
    from legatus.framework.frontends.cli.play_cmd import explain

    game = default_catalog().load("julius_caesar")
    ended = {"winner": "pompey", "reason": "Pompeius wins (winter_victory)"}
    assert explain(game, ended) == (
        "At each winter check a side with 10 VP or more wins (winter_victory, JC 1.2)"
    )
    save = tmp_path / "game.json"
    played = legatus_here("play", "julius_caesar", "--seed", "3", "--quiet", "--save", str(save))
    replayed = legatus_here("replay", str(save))
    assert played.returncode == replayed.returncode == 0, played.stderr + replayed.stderr
    result = played.stdout.splitlines()[0]
    assert result.startswith("result: ") and " — " in result
    assert replayed.stdout.splitlines()[1] == result
