"""The getting-started page names every game Legatus ships: its `legatus games` excerpt lists
each one as the command prints it, and its count of games is the number shipped."""

from __future__ import annotations

import re

import yaml

from tests.helpers import ROOT, legatus

PAGE = (ROOT / "docs" / "getting-started.md").read_text("utf-8")
NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def shipped() -> dict[str, str]:
    """Each game in legatus/games: its name -> its title."""
    found = {}
    for manifest in sorted((ROOT / "legatus" / "games").glob("*/data/game.yaml")):
        data = yaml.safe_load(manifest.read_text("utf-8"))
        found[data["name"]] = data["title"]
    return found


def test_the_games_excerpt_lists_every_shipped_game_as_printed() -> None:
    printed = {line.split()[0]: line for line in legatus("games").stdout.splitlines() if line}
    excerpt = PAGE.split("$ legatus games\n", 1)[1].split("```", 1)[0]
    for name in shipped():
        line = printed[name]
        assert line in excerpt.splitlines(), f"getting-started.md lacks: {line}"


def test_the_page_counts_and_names_the_games_shipped() -> None:
    games = shipped()
    sentence = re.search(r"(\w+) games come with Legatus: ([^.]*)\.", PAGE.replace("\n", " "))
    assert sentence is not None
    assert sentence.group(1) == NUMBERS[len(games)]
    for title in games.values():
        short = title.split(" — ")[0].replace("Great Battles of Julius Caesar", "The Great Battles")
        assert short.split()[-1] in sentence.group(2), title
