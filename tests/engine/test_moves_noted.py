"""Every writer of a piece's place or side notes the change
(:func:`~legatus.framework.engine.state.note_moved`), found in the source.

The kit's index of the blocks on the map is read unchecked while no change is noted
(:class:`~legatus.framework.kit.movement.Occupancy`), so a writer that does not note its
change would leave a stale index: a rules bug. A piece's typed view notes by itself
(:class:`~legatus.framework.engine.typed.PieceView`'s ``at`` and ``side``); this test reads
every module of ``legatus`` for the other way to write them, an entry's ``["at"]`` or
``["side"]``, and asks the function that writes it to note the change, or to call the
kit's ``place()``, which does. (Tests/kit/test_occupancy_along_games.py plays the block
games with every read and note checked.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import legatus

ROOT = Path(legatus.__file__).parent
FIELDS = {"at", "side"}
NOTES = {"note_moved", "place"}
#: Functions that write ``["at"]``/``["side"]`` into a dictionary that is not a state's
#: piece: a side's view, a search's skeleton of the pieces, a position's text.
NOT_A_STATE = {
    ("framework/engine/view.py", "_entry"),
    ("framework/play/ai/infoset.py", "_entry"),
    ("framework/engine/positions.py", "export"),
}


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    for target in found:
        flat += target.elts if isinstance(target, ast.Tuple) else [target]
    return flat


def _writes_place(function: ast.AST) -> bool:
    return any(
        isinstance(target, ast.Subscript)
        and isinstance(target.slice, ast.Constant)
        and target.slice.value in FIELDS
        for node in ast.walk(function)
        for target in _targets(node)
    )


def _notes(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            if name in NOTES:
                return True
    return False


def writers() -> dict[tuple[str, str], bool]:
    """Each function of ``legatus`` writing an entry's ``at`` or ``side``: whether it notes."""
    found: dict[tuple[str, str], bool] = {}
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            inner = [n for n in ast.walk(node) if n is not node and isinstance(n, ast.FunctionDef)]
            own = [n for n in node.body if n not in inner]
            body = ast.Module(body=own, type_ignores=[])
            if _writes_place(body):
                found[(path.relative_to(ROOT).as_posix(), node.name)] = _notes(body)
    return found


def test_every_writer_of_a_place_or_side_notes_it() -> None:
    found = writers()
    silent = sorted(key for key, noted in found.items() if not noted and key not in NOT_A_STATE)
    assert silent == [], f"write a piece's place or side and call note_moved() or place(): {silent}"
    assert set(found) >= NOT_A_STATE, "a function named here writes no place any more"
    assert found[("framework/kit/movement.py", "place")]  # the scan finds the writers
