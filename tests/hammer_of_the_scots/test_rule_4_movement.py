"""HotS 4.0-4.6: group moves on the kit, with the rulebook's examples.

Positions are built on the Braveheart state with every block moved where the example puts
it (the rest off the map); the legal paths are the kit's group moves with the game's
settings (:class:`~legatus.games.hammer_of_the_scots.movement.Movement`).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from legatus.framework.play.catalog import Catalog
from legatus.games.hammer_of_the_scots import movement, plugin

DATA = plugin.HammerOfTheScots.data


def _game() -> Any:
    catalog = Catalog()
    catalog.add(plugin, "hammer_of_the_scots")
    return catalog.load(DATA)


GAME = _game()


def _ctx(**where: str) -> SimpleNamespace:
    """Every block off the map but those given (block id with ``_`` for spaces and ``__``
    for ``/``: area)."""
    state = GAME.new_state("braveheart", seed=1)
    for entry in state["pieces"].values():
        entry["at"] = "out"
    for name, area in where.items():
        state["pieces"][name.replace("__", "/").replace("_", " ")]["at"] = area
    values = GAME.rules.values
    return SimpleNamespace(
        game=GAME,
        definition=GAME.definition,
        state=state,
        param=lambda name: values[name],
        log=lambda *args, **kwargs: None,
        fired=lambda rule: None,
    )


def _ends(ctx: SimpleNamespace, side: str, block: str) -> set[str]:
    return {path[-1] for path in movement.Movement(ctx, side).block_paths(block)}


def test_move_ratings_and_red_borders_stop() -> None:
    """HotS 2.13, 4.3; 3.0 4.2's example: from Buchan a Move-2 block reaches Angus, Mar,
    Strathspey, Badenoch, Fife, Moray and Atholl; a Move-3 block also Mentieth, Lochaber,
    Garmoran and Ross (reference 6.2)."""
    ctx = _ctx(Buchan__S="Buchan", Wallace="Buchan")
    two = {"Angus", "Mar", "Strathspey", "Badenoch", "Fife", "Moray", "Atholl"}
    assert _ends(ctx, "scots", "Buchan/S") == two
    assert _ends(ctx, "scots", "Wallace") == two | {"Mentieth", "Lochaber", "Garmoran", "Ross"}


def test_the_norse_never_moves_by_land() -> None:
    """HotS 4.7."""
    assert _ends(_ctx(Norse="Moray"), "scots", "Norse") == set()


def test_entering_an_enemy_area_stops() -> None:
    """HotS 4.0: Wallace in Buchan may attack Angus but not pass through it."""
    ctx = _ctx(Wallace="Buchan", Angus__E="Angus")
    assert "Angus" in _ends(ctx, "scots", "Wallace")
    assert all(
        "Angus" not in path[1:-1] for path in movement.Movement(ctx, "scots").block_paths("Wallace")
    )


def test_border_limits_per_player() -> None:
    """HotS 4.3's example: six Scots go Buchan -> Angus; two more from Strathspey cannot
    reach Angus (their way is the full Buchan-Angus border), two from Mar can (Mar-Angus is
    another, red, border)."""
    six = ("Douglas", "Campbell", "Graham", "Barclay", "Lindsay", "Fraser")
    ctx = _ctx(**dict.fromkeys(six, "Buchan"), Grant="Strathspey", Mar__S="Mar")
    for block in six:
        movement.move_group_block(ctx, "scots", block, ["Buchan", "Angus"])
    assert "Angus" not in _ends(ctx, "scots", "Grant")
    assert "Angus" in _ends(ctx, "scots", "Mar/S")


def test_england_stops_and_one_block_per_group_move_crosses() -> None:
    """HotS 4.4: a block entering England stops (Dunbar -> England -> Annan is no path);
    each Group Move lets one block across the Anglo-Scottish border."""
    ctx = _ctx(Dunbar__E="Dunbar", Edward="England", Hobelars="England")
    paths = movement.Movement(ctx, "english").block_paths("Dunbar/E")
    assert ("Dunbar", "England") in paths
    assert all("England" not in path[1:-1] for path in paths)
    movement.begin_group(ctx, "english", "England")
    movement.move_group_block(ctx, "english", "Edward", ["England", "Annan"])
    assert _ends(ctx, "english", "Hobelars") == set()
    movement.begin_group(ctx, "english", "England")
    assert "Annan" in _ends(ctx, "english", "Hobelars")


def test_border_example_two_blocks_from_england_attack_galloway() -> None:
    """HotS sidebar "Border Movement Example": the English play a 2; two blocks leave
    England by two Group Moves, pass through vacant Annan and attack Galloway."""
    ctx = _ctx(Edward="England", Hobelars="England", Galloway__S="Galloway")
    for block in ("Edward", "Hobelars"):
        movement.begin_group(ctx, "english", "England")
        paths = movement.Movement(ctx, "english").block_paths(block)
        assert ("England", "Annan", "Galloway") in paths
        movement.move_group_block(ctx, "english", block, ["England", "Annan", "Galloway"])
    attack = ctx.state["records"]["command"]["attacks"]["Galloway"]
    assert attack["attacker"] == "english"


def test_pinning_example() -> None:
    """HotS 4.6's example: six blocks in Buchan, attacked by 3 from Angus and 2 from
    Strathspey: five are pinned and one may leave, only towards Badenoch or Mar."""
    six = ("Douglas", "Campbell", "Graham", "Barclay", "Lindsay", "Fraser")
    english = {"York_Infantry": "Angus", "Lancaster_Infantry": "Angus", "Durham_Infantry": "Angus"}
    ctx = _ctx(
        **dict.fromkeys(six, "Buchan"),
        **english,
        Westmor_Infantry="Strathspey",
        Cumbria_Infantry="Strathspey",
    )
    for block, origin in [
        *((b.replace("_", " "), a) for b, a in english.items()),
        ("Westmor Infantry", "Strathspey"),
        ("Cumbria Infantry", "Strathspey"),
    ]:
        movement.move_group_block(ctx, "english", block, [origin, "Buchan"])
    movement.declare_main(ctx, "english", "Buchan", "Angus")
    movement.settle_attacks(ctx, "english")
    moves = movement.Movement(ctx, "scots")
    assert moves.pinned("Buchan") == 5
    assert {path[1] for path in moves.block_paths("Douglas")} == {"Badenoch", "Mar"}
