"""``legatus new-game NAME``: a new game plugin, laid out as every game is.

The scaffold is a distribution of its own that installs, validates and plays a
small but whole game, and has one rule test::

    NAME/
      pyproject.toml          the distribution (entry point: the legatus group)
      README.md               the commands that install, check, play and test it
      NAME/
        __init__.py
        plugin.py             the GamePlugin: data folder, registrations
        procedures.py         the rules' Python (one procedure: the march)
        queries.py            queries the rules file and the rule tests read
        invariants.py         what must hold after every action (check-game)
        evaluation.py         how good a position looks to a side (computer players)
        data/
          game.yaml           the manifest: sides, files, action kinds
          map.yaml            spaces and connections
          pieces.yaml         the blocks
          scenarios/start.yaml
          rules/NAME.rules    parameters, the sequence of play, victory
          variants/long_war.variant
      tests/
        test_rules.py         a rule test on the test kit

The layout is the one Legatus's own games follow (``legatus/games/<game>/``);
the plugin guide (docs/how-to-write-a-game-plugin.md) explains each file. That is the
``minimal`` kind, the default. ``--kind block`` makes instead a small block wargame on the
framework's kit whose rules are all data (:mod:`.newgame_block`).
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path

from legatus.framework.model.errors import LegatusError
from legatus.framework.tools import newgame_block

_NAME = re.compile(r"^[a-z][a-z0-9_]{1,39}$")


def check_name(name: str) -> str:
    """A game's name as a package name: lowercase letters, digits and underscores."""
    if not _NAME.match(name) or keyword.iskeyword(name) or name.endswith("_"):
        raise LegatusError(
            f"new-game {name!r}: a game's name is a Python package name: 2 to 40 lowercase "
            "letters, digits and underscores, starting with a letter (e.g. border_war)"
        )
    if name in ("legatus", "test", "tests"):
        raise LegatusError(f"new-game {name!r}: that name is taken; choose another")
    return name


def title_of(name: str) -> str:
    return " ".join(word.capitalize() for word in name.split("_"))


#: The kinds of scaffold: a tiny game with one procedure in Python (the default), or a
#: block wargame on the kit with no Python of its own.
KINDS = ("minimal", "block")


def files(name: str, kind: str = "minimal") -> dict[str, str]:
    """Every file of the scaffold of ``kind`` (:data:`KINDS`), by its path inside the
    distribution's folder."""
    title = title_of(name)
    tag = "".join(word[0] for word in name.split("_")).upper()[:4] or "G"
    if kind == "block":
        return {
            "pyproject.toml": _PYPROJECT.format(
                name=name, dist=name.replace("_", "-"), title=title
            ),
            "README.md": newgame_block.README.format(name=name, title=title),
            **newgame_block.files(name, title, tag),
        }
    if kind != "minimal":
        raise LegatusError(f"new-game: no kind {kind!r}; the kinds are {', '.join(KINDS)}")
    return {
        "pyproject.toml": _PYPROJECT.format(name=name, dist=name.replace("_", "-"), title=title),
        "README.md": _README.format(name=name, title=title),
        f"{name}/__init__.py": f'"""{title}: a Legatus game plugin."""\n',
        f"{name}/plugin.py": _PLUGIN.format(name=name, title=title, tag=tag),
        f"{name}/procedures.py": _PROCEDURES.format(tag=tag),
        f"{name}/queries.py": _QUERIES.format(name=name, tag=tag),
        f"{name}/invariants.py": _INVARIANTS.format(tag=tag),
        f"{name}/evaluation.py": _EVALUATION.format(name=name),
        f"{name}/data/game.yaml": _MANIFEST.format(name=name, title=title, tag=tag),
        f"{name}/data/map.yaml": _MAP,
        f"{name}/data/pieces.yaml": _PIECES,
        f"{name}/data/scenarios/start.yaml": _SCENARIO,
        f"{name}/data/rules/{name}.rules": _RULES.format(name=name, title=title, tag=tag),
        f"{name}/data/variants/long_war.variant": _VARIANT.format(name=name, tag=tag),
        "tests/test_rules.py": _TEST.format(name=name, tag=tag),
    }


def create(name: str, into: Path, kind: str = "minimal") -> Path:
    """Write the scaffold of game ``name`` of ``kind`` into the new folder ``into/name``; a
    one-line error if the name is not a package name or the folder exists and is not
    empty."""
    check_name(name)
    target = into / name
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise LegatusError(f"new-game: {target} exists and is not an empty folder")
    try:
        for path, text in files(name, kind).items():
            where = target / path
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_text(text, "utf-8")
    except OSError as exc:
        raise LegatusError(f"new-game: cannot write {target}: {exc.strerror or exc}") from None
    return target


_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "legatus-{dist}"
version = "0.1.0"
description = "{title}: a block wargame for Legatus."
requires-python = ">=3.11"
dependencies = ["legatus"]

# Legatus finds the game through this entry point (the module registers it with a hook).
[project.entry-points.legatus]
{name} = "{name}.plugin"

[tool.setuptools]
packages = ["{name}"]

[tool.setuptools.package-data]
{name} = ["data/*.yaml", "data/scenarios/*.yaml", "data/rules/*.rules", "data/variants/*.variant"]
"""

_README = """\
# {title}

A game for Legatus, laid out as every Legatus game is (see Legatus's plugin guide).

Install it, check it, play it and run its rule tests:

```sh
pip install -e .
legatus validate {name}
legatus rules check {name}
legatus play {name} --seed 1 --quiet
python -m pytest tests
```

Then make it yours: the map in `{name}/data/map.yaml`, the blocks in
`{name}/data/pieces.yaml`, the sequence of play and victory in
`{name}/data/rules/{name}.rules`, the rules' Python in `{name}/procedures.py`.
"""

_PLUGIN = '''\
"""{title} as a Legatus plugin: one GamePlugin object gives the data folder, what the rules
file may call (procedures and queries, with their types and rule sections), the invariants and
the evaluation for the computer players. The typed action kinds are data: ``actions:`` in
``data/game.yaml``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from legatus import (
    GameDef,
    GamePlugin,
    Invariant,
    RegisterGame,
    RuleRegistry,
    State,
    hookimpl,
)
from {name} import evaluation, invariants, queries
from {name}.procedures import March


class Game(GamePlugin):
    """{title}: two sides march across a small map to hold its towns."""

    name = "{name}"
    data = Path(__file__).parent / "data"

    def register_rules(self, registry: RuleRegistry) -> None:
        registry.add_procedure("march", March(), rule="{tag} 2")
        registry.add_query(
            "towns_held",
            queries.towns_held,
            returns="int",
            params={{"side": "side"}},
            rule="{tag} 3",
        )

    def invariants(self) -> Mapping[str, Invariant]:
        return invariants.INVARIANTS

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float:
        return evaluation.evaluate(definition, state, side)


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(Game())
'''

_PROCEDURES = '''\
"""The rules' Python: the march, a step that asks each side in turn for a move."""

from __future__ import annotations

from legatus import PUBLIC, Action, Context, Frame, Procedure, Prompt, declare, make_prompt


class March(Procedure):
    """{tag} 2: each side in turn moves one block to a neighbouring space, or passes. A block
    may not enter a space an enemy block holds."""

    rule = "{tag} 2"
    # Who may see each field of the step's frame: the sides still to march are public.
    fields = declare(args=PUBLIC, waiting=PUBLIC)

    def start(self, ctx: Context, frame: Frame) -> None:
        frame["waiting"] = list(ctx.definition.side_ids)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if not frame["waiting"]:
            return None
        side = frame["waiting"][0]
        board = ctx.definition.board
        pieces = ctx.state["pieces"]
        enemy = {{p["at"] for p in pieces.values() if p["side"] != side}}
        actions = [Action("pass")]
        for pid, piece in pieces.items():
            if piece["side"] == side and piece["at"] in board.spaces:
                for to in board.neighbours(piece["at"]):
                    if to not in enemy:
                        actions.append(Action("move", (pid, to)))
        return make_prompt(side, "march", "move a block or pass", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame["waiting"].pop(0)
        if action.kind == "move":
            piece, to = action.args
            ctx.state["pieces"][str(piece)]["at"] = to
            ctx.log(f"{{ctx.definition.side_name(side)}} marches to {{to}}")
'''

_QUERIES = '''\
"""Queries in {name}'s own words: the rules file calls them, and rule tests read results
through them instead of the state's dictionaries."""

from __future__ import annotations

from legatus import Situation


def towns_held(at: Situation, side: str) -> int:
    """{tag} 3: the towns (spaces with VP) where only ``side``'s blocks stand."""
    held = 0
    pieces = at.state["pieces"].values()
    for space in at.game.definition.board.spaces.values():
        if space.vp:
            sides = {{p["side"] for p in pieces if p["at"] == space.id}}
            held += sides == {{side}}
    return held
'''

_INVARIANTS = '''\
"""What must hold after every action (``legatus check-game`` checks it); the generic
invariants (each block in one place it may stand, strengths within limits) come from
Legatus."""

from __future__ import annotations

from typing import Any

from legatus import GameDef, Invariant


def enemies_never_share_a_space(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """{tag} 2: a block never enters a space an enemy block holds."""
    held: dict[str, str] = {{}}
    problems = []
    for pid, piece in state["pieces"].items():
        if piece["at"] in definition.board.spaces:
            other = held.setdefault(piece["at"], piece["side"])
            if other != piece["side"]:
                problems.append(f"{{pid}} stands in {{piece['at']}} with an enemy block")
    return problems


INVARIANTS: dict[str, Invariant] = {{
    "enemies never share a space ({tag} 2)": enemies_never_share_a_space,
}}
'''

_EVALUATION = '''\
"""How good a position looks to a side, from -1 (lost) to 1 (won): the greedy and MCTS
players of Legatus read it on the states they sample."""

from __future__ import annotations

from typing import Any

from legatus import GameDef, outcome


def evaluate(definition: GameDef, state: dict[str, Any], side: str) -> float:
    """The game's result once it is over; before, the lead in towns held, squashed."""
    if state["result"] is not None:
        return outcome.value(state["result"], side, definition.side_ids)
    towns = [s.id for s in definition.board.spaces.values() if s.vp]
    lead = 0
    for town in towns:
        sides = {{p["side"] for p in state["pieces"].values() if p["at"] == town}}
        if len(sides) == 1:
            lead += 1 if sides == {{side}} else -1
    return lead / (abs(lead) + 2.0)
'''

_MANIFEST = """\
# {title}: the game manifest. Rule citations use the tag {tag} with the rulebook's section
# numbers (e.g. "{tag} 2").
name: {name}
title: {title}
version: "0.1.0"
description: Two small armies march across a valley to hold its towns.
rulebook: {tag}
max_actions: 400
players: {{min: 2, max: 2}}
sides:
  - {{id: north, name: North, colour: blue}}
  - {{id: south, name: South, colour: red}}
files:
  map: map.yaml
  pieces: pieces.yaml
  scenarios: [scenarios/start.yaml]
  rules: [rules/{name}.rules]
  variants: [variants/long_war.variant]
# The kinds of action the procedures offer, with typed arguments.
actions:
  - {{name: move, args: ["piece: piece", "to: space"], doc: March a block, rule: {tag} 2}}
  - {{name: pass, doc: Move no block this turn, rule: {tag} 2}}
"""

_MAP = """\
space_kinds:
  town: {category: land}
  field: {category: land}
connection_kinds:
  road: {links: [[land, land]]}
spaces:
  - {id: Northkeep, kind: town, vp: 1}
  - {id: Ford, kind: field}
  - {id: Millbrook, kind: town, vp: 1}
  - {id: Bridge, kind: field}
  - {id: Southkeep, kind: town, vp: 1}
connections:
  - {kind: road, between: [Northkeep, Ford]}
  - {kind: road, between: [Ford, Millbrook]}
  - {kind: road, between: [Millbrook, Bridge]}
  - {kind: road, between: [Bridge, Southkeep]}
"""

_PIECES = """\
piece_types:
  infantry: {stands_on: [land]}
pieces:
  - {id: North Foot, side: north, type: infantry, rating: C2, steps: 3}
  - {id: North Horse, side: north, type: infantry, rating: B2, steps: 2}
  - {id: South Foot, side: south, type: infantry, rating: C2, steps: 3}
  - {id: South Horse, side: south, type: infantry, rating: B2, steps: 2}
counts:
  total: 4
  by_side: {north: 2, south: 2}
"""

_SCENARIO = """\
id: start
title: The armies leave their keeps
default: true
setup:
  north:
    map:
      Northkeep: [North Foot, North Horse]
  south:
    map:
      Southkeep: [South Foot, South Horse]
"""

_RULES = """\
# {title}: the rules. Each clause cites its rulebook section with @rule.
game {name}

param turns: int in 1..20 = 6 "Turns in a game" @rule "{tag} 1"
param hold_to_win: int in 1..3 = 2 "Towns a side must hold to win at once" @rule "{tag} 3"

sequence: @rule "{tag} 1"
  repeat turn in 1..turns:
    step march @rule "{tag} 2"
    check conquest @rule "{tag} 3"
  check final @rule "{tag} 4"

victory conquest: @rule "{tag} 3"
  require towns_held(side) >= hold_to_win
  else continue

victory final: @rule "{tag} 4"
  most towns_held(side)
  else draw
"""

_VARIANT = """\
variant long_war of {name} "A longer war: twelve turns"
param turns = 12 @rule "{tag} 1"
"""

_TEST = '''\
"""Rule tests, one per rule section, on Legatus's test kit: a position in a few lines, the
actions by their text, the outcome read through the game's queries."""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom
from {name} import queries


def test_rule_3_holding_two_towns_wins_at_once(play_from: PlayFrom) -> None:
    """{tag} 3: a side that holds two towns after a turn's march wins at once."""
    kit = play_from(
        "{name}",
        """
        at: {{step: march, counters: {{turn: 2}}}}
        setup:
          north: {{map: {{Northkeep: [North Foot], Ford: [North Horse]}}}}
          south: {{map: {{Southkeep: [South Foot, South Horse]}}}}
        """,
    )
    assert kit.asked == ("north", "march")
    kit.act("move(North Horse, Millbrook)", "pass")
    assert queries.towns_held(kit, "north") == 2
    assert kit.over and kit.result is not None and kit.result["winner"] == "north"
'''
