"""Fuzzing the save loader: a damaged save is refused with a SaveError, never half-loaded.

Real saves of short games (the demo skirmish, played to its end, and the first
moves of Julius Caesar, with and without a variant) are cut, byte-flipped,
edited as JSON with and without recomputing the checksum, or replaced by
random JSON, then fed to :func:`~legatus.framework.engine.saves.read_save`,
:func:`~legatus.framework.engine.saves.check_save` and
:func:`~legatus.framework.engine.saves.replay`. The promise (saves.py: "nothing is
half-loaded"):

* only :class:`~legatus.framework.model.errors.SaveError` escapes, and nothing hangs;
* a save whose content changed is refused by its checksum;
* a save whose moves or hashes were edited *and* whose checksum was
  recomputed is refused by the replay, naming the first move that differs
  (or the final state, when moves were only removed from the end);
* a save that loads replays to the final hash it records.

Run long: ``python -m pytest tests/fuzz/test_fuzz_saves.py --hypothesis-profile=long``
(see ``tests/fuzz/conftest.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from legatus.framework.engine.actions import Action, ActionSyntaxError
from legatus.framework.engine.core import Game
from legatus.framework.engine.saves import _FIELDS, _checksum, check_save, read_save
from legatus.framework.model.errors import SaveError
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.catalog import load as load_playable
from legatus.framework.play.driver import Match
from tests.fuzz.mutations import json_values, mutated_bytes
from tests.fuzz.support import budget, time_limit
from tests.helpers import answer

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted(
    (ROOT / "legatus" / "games" / "julius_caesar" / "data" / "variants").glob("*.variant")
)


def factory(name: str, variants: Sequence[tuple[str, str]]) -> Game:
    """The factory the ``legatus replay`` command uses: installed games by name."""
    return default_catalog().load_saved(name, variants)


def play(game: str, variant: str | None, seed: int, moves: int) -> Match:
    """A short game between random players (the choices seeded, so the saves are fixed)."""
    playable = load_playable(game, variant)
    session = Match(playable, playable.new_state(seed=seed), history=True)
    chooser = random.Random(seed)
    while len(session.moves) < moves and not playable.is_over(session.state):
        answer(session, chooser.choice(playable.legal_actions(session.state)))
    return session


SESSIONS = [
    play("demo_skirmish", None, 1, 200),
    play("demo_skirmish", None, 2, 200),
    play("julius_caesar", None, 1, 40),
    play("julius_caesar", VARIANTS[0].stem if VARIANTS else None, 2, 25),
]
SAVES = [s.to_save() for s in SESSIONS]
#: The legal actions before each move of each save, to edit a move into another legal one.
LEGAL = [
    [[a.text for a in s.game.legal_actions(state)] for state in s.states[:-1]] for s in SESSIONS
]
TEXTS = [json.dumps(save, indent=1) + "\n" for save in SAVES]


def copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def resealed(save: dict[str, Any]) -> dict[str, Any]:
    """``save`` with its checksum recomputed, as a forger would."""
    body = {k: v for k, v in save.items() if k != "checksum"}
    return {**body, "checksum": _checksum(body)}


def load_or_refuse(load: Callable[[], dict[str, Any]]) -> tuple[dict[str, Any] | None, str]:
    """Load and replay a save; return it (or None) and the SaveError message ("" if none).

    Any other exception fails the test; a save that loads must replay to its final hash.
    """
    try:
        with time_limit("loading a save"):
            data = load()
            session = Match.resume(data, factory)
    except SaveError as error:
        assert str(error)
        event("refused: " + _reason(str(error)))
        return None, str(error)
    assert session.hash() == data["final"]
    event("loaded")
    return data, ""


def _reason(message: str) -> str:
    """The kind of refusal, without the move or the file, for the statistics."""
    text = re.sub(r"move \d+ \(.*?\)", "move N", message.split(": ", 1)[-1])
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates
    return re.sub(r"\d+", "N", text)[:60]


@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("saves") / "game.json"


def test_the_real_saves_replay() -> None:
    """The fuzzer's starting points are sound, so every refusal comes from the damage."""
    for save, session in zip(SAVES, SESSIONS, strict=True):
        assert (
            Match.resume(check_save(copy(save)), factory).hash() == session.hash() == save["final"]
        )
    assert [len(s["moves"]) for s in SAVES][2:] == [40, 25]


@budget(60)
@given(st.sampled_from(range(len(SAVES))), st.data())
def test_truncated_saves(save_file: Path, which: int, data: st.DataObject) -> None:
    text = TEXTS[which].encode()
    cut = data.draw(st.integers(0, len(text) - 1))
    save_file.write_bytes(text[:cut])
    loaded, message = load_or_refuse(lambda: read_save(save_file))
    if cut < len(text.rstrip()):
        assert loaded is None, f"a save cut at byte {cut} of {len(text)} was accepted"
        assert "truncated or corrupt JSON" in message, message


@budget(80)
@given(st.sampled_from(range(len(SAVES))), st.data())
def test_byte_damaged_saves(save_file: Path, which: int, data: st.DataObject) -> None:
    damaged = data.draw(mutated_bytes(TEXTS[which].encode()))
    save_file.write_bytes(damaged)
    loaded, _ = load_or_refuse(lambda: read_save(save_file))
    if loaded is not None:
        assert loaded == SAVES[which], "a save whose content changed was accepted"


# -- JSON edits ---------------------------------------------------------------------------


@st.composite
def edited_moves(draw: st.DrawFn, which: int) -> dict[str, Any]:
    """A real save with moves or hashes edited (one to three edits), moves and hashes aligned."""
    save = copy(SAVES[which])
    moves, hashes = save["moves"], save["hashes"]
    for _ in range(draw(st.integers(1, 3))):
        if not moves:
            break
        i = draw(st.integers(0, len(moves) - 1))
        j = draw(st.integers(0, len(moves) - 1))
        side, text = moves[i] if _well_formed(moves[i]) else ("red", "pass")
        kind = draw(
            st.sampled_from(
                [
                    "other_legal",
                    "other_legal",
                    "other_move",
                    "text",
                    "side",
                    "shape",
                    "delete",
                    "repeat",
                    "swap",
                    "hash",
                    "final",
                ]
            )
        )
        if kind == "other_legal" and i < len(LEGAL[which]):
            moves[i] = [side, draw(st.sampled_from(LEGAL[which][i]))]
        elif kind == "other_move":
            moves[i] = copy(moves[j])
        elif kind == "text":
            moves[i] = [side, draw(st.text(max_size=20) | st.sampled_from(["pass", "x()"]))]
        elif kind == "side":
            moves[i] = [draw(st.sampled_from(["red", "blue", "caesar", "pompey", ""])), text]
        elif kind == "shape":
            moves[i] = draw(json_values)
        elif kind == "delete":
            del moves[i], hashes[i]
        elif kind == "repeat":
            moves.insert(i, copy(moves[i]))
            hashes.insert(i, hashes[i])
        elif kind == "swap":
            moves[i], moves[j] = moves[j], moves[i]
            hashes[i], hashes[j] = hashes[j], hashes[i]
        elif kind == "hash":
            hashes[i] = draw(st.sampled_from([*hashes, "0" * 16]) | st.text(max_size=16))
        elif kind == "final":
            save["final"] = draw(st.sampled_from([*hashes, "0" * 16]))
    return save


def _well_formed(entry: Any) -> bool:
    return isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)


def _meaning(entry: Any) -> Any:
    """A move as the replay understands it: ``[side, Action]`` (equivalent spellings agree)."""
    if _well_formed(entry):
        try:
            return (entry[0], Action.parse(entry[1]))
        except ActionSyntaxError:
            return tuple(entry)
    return json.dumps(entry)


def expected_refusal(original: dict[str, Any], edited: dict[str, Any]) -> str | None:
    """What the replay must say about ``edited``: the first move that differs, or the final state.

    None when the edit changed nothing the replay can see (an action spelt differently).
    """
    old = list(zip(map(_meaning, original["moves"]), original["hashes"], strict=True))
    new = list(zip(map(_meaning, edited["moves"]), edited["hashes"], strict=True))
    for number, (before, after) in enumerate(zip(old, new, strict=False), 1):
        if before != after:
            return f"save: move {number} "
    if len(new) > len(old):
        return f"save: move {len(old) + 1} "
    if len(new) < len(old):
        # The first moves of the game: a true save of the game so far if its final hash is
        # the state after the last of them.
        if new and edited["final"] == new[-1][1]:
            return None
        return "save: the final state differs"
    if edited["final"] != original["final"]:
        return "save: the final state differs"
    return None


@budget(100)
@given(st.sampled_from(range(len(SAVES))), st.data())
def test_edited_moves_with_a_recomputed_checksum_are_refused_naming_the_move(
    which: int, data: st.DataObject
) -> None:
    edited = resealed(data.draw(edited_moves(which)))
    loaded, message = load_or_refuse(lambda: check_save(copy(edited)))
    expected = expected_refusal(SAVES[which], edited)
    if expected is None:
        assert loaded is not None, message
    else:
        assert loaded is None, f"an edited save was accepted; expected {expected!r}"
        assert expected in message, (expected, message)


@budget(60)
@given(st.sampled_from(range(len(SAVES))), st.data())
def test_edits_without_a_new_checksum_are_refused(which: int, data: st.DataObject) -> None:
    edited = data.draw(edited_moves(which) | random_fields(which, reseal=False))
    loaded, message = load_or_refuse(lambda: check_save(copy(edited)))
    if edited != SAVES[which]:
        assert loaded is None
        assert re.search(
            "checksum does not match|wrong type|not a Legatus save|is not supported", message
        ), message


# -- random values ------------------------------------------------------------------------

AWKWARD = st.sampled_from(
    [
        None,
        True,
        0,
        -1,
        2**64,
        10**40,
        1.5,
        float("nan"),
        "",
        "julius_caesar",
        "demo_skirmish",
        "legatus/games/julius_caesar/data",
        "tests/fixtures/plugins/demo_game/legatus_demo_game/data",
        "/",
        "\x00",
        "705",
        "meeting",
        *[p.stem for p in VARIANTS],
        str(VARIANTS[0]) if VARIANTS else "x.variant",
        "free_deployment",
        [],
        ["free_deployment"],
        ["x"],
        [["x"]],
        [{}],
        [1],
        [None],
        [["red", "pass"]],
        {},
        [[[[[[[[[[[]]]]]]]]]]],
    ]
)


@st.composite
def random_fields(draw: st.DrawFn, which: int, reseal: bool = True) -> dict[str, Any]:
    """A real save with one to three fields replaced by random values, resealed or not."""
    save = copy(SAVES[which])
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from([*_FIELDS, "extra"]))
        if name == "checksum":
            continue
        save[name] = draw(AWKWARD | json_values)
    return resealed(save) if reseal else save


@budget(100)
@given(st.sampled_from(range(len(SAVES))), st.data())
def test_random_field_values_with_a_recomputed_checksum(which: int, data: st.DataObject) -> None:
    edited = data.draw(random_fields(which))
    load_or_refuse(lambda: check_save(copy(edited)))


@budget(60)
@given(json_values)
def test_random_json(value: Any) -> None:
    loaded, _ = load_or_refuse(lambda: check_save(value))
    assert loaded is None


@budget(60)
@given(st.binary(max_size=512) | json_values.map(lambda v: json.dumps(v).encode()))
def test_random_files(save_file: Path, raw: bytes) -> None:
    save_file.write_bytes(raw)
    loaded, _ = load_or_refuse(lambda: read_save(save_file))
    assert loaded is None


#: JSON that Python's own parser and printer choke on: deep nesting, numbers too long to convert.
AWKWARD_JSON = st.sampled_from(
    [
        *("[" * n + "]" * n for n in (10, 400, 900, 2000, 100_000)),
        *('{"a":' * n + "1" + "}" * n for n in (900, 5000)),
        *("9" * n for n in (19, 20, 4300, 4301, 5000, 100_000)),
        "-" + "9" * 5000,
        "1e999",
        "-1e999",
        "NaN",
        "Infinity",
        '"\\ud800"',
        '"\\udc80x"',
        '"\\u0000"',
        '["\\ud800"]',
        "1.0",
        "true",
    ]
)


@st.composite
def awkward_texts(draw: st.DrawFn) -> bytes:
    """A real save with one field's JSON replaced by awkward JSON text, resealed if we can."""
    which = draw(st.sampled_from(range(len(SAVES))))
    save = copy(SAVES[which])
    field = draw(st.sampled_from([*_FIELDS, "extra"]))
    save[field] = "@@AWKWARD@@"
    text = json.dumps(save, indent=1).replace('"@@AWKWARD@@"', draw(AWKWARD_JSON))
    if draw(st.booleans()):
        try:
            text = json.dumps(resealed(json.loads(text)))
        except (ValueError, RecursionError):
            event("could not reseal")
    return text.encode("utf-8")


@budget(60)
@given(awkward_texts())
def test_awkward_json_in_a_save(save_file: Path, raw: bytes) -> None:
    save_file.write_bytes(raw)
    load_or_refuse(lambda: read_save(save_file))
