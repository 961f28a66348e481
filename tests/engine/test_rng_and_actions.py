"""The seeded generator and the action text/JSON/integer forms."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legatus.framework.engine import rng
from legatus.framework.engine.actions import Action, ActionCodec, ActionSyntaxError


def test_xoshiro128starstar_reference_vector() -> None:
    """The reference C implementation gives these first outputs from state {1, 2, 3, 4}."""
    state = [1, 2, 3, 4]
    assert [rng.next_u32(state) for _ in range(6)] == [
        11520,
        0,
        5927040,
        70819200,
        2031721883,
        1637235492,
    ]


def _reference_next(s: list[int]) -> int:
    """xoshiro128** as its authors write it (the engine's is written out for speed)."""

    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (32 - k))) & rng.MASK32

    result = (rotl((s[1] * 5) & rng.MASK32, 7) * 9) & rng.MASK32
    t = (s[1] << 9) & rng.MASK32
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 11)
    return result


@given(
    st.lists(st.integers(0, rng.MASK32), min_size=4, max_size=4).filter(any),
    st.lists(st.integers(1, 2**32), min_size=1, max_size=20),
)
def test_draws_match_the_reference_generator(words: list[int], bounds: list[int]) -> None:
    """``next_u32`` and ``below`` (with its generator written out) follow the reference
    step by step, rejections included."""
    state, reference = list(words), list(words)
    for n in bounds:
        assert rng.next_u32(state) == _reference_next(reference)
        limit = 2**32 - (2**32 % n)
        while (value := _reference_next(reference)) >= limit:
            pass
        assert rng.below(state, n) == value % n
        assert state == reference


def test_seeded_rolls_are_fixed_forever() -> None:
    state = rng.seed_state(7)
    assert [rng.roll_die(state, 6) for _ in range(5)] == [2, 4, 2, 5, 1]


def test_dice_are_uniform_enough() -> None:
    state = rng.seed_state(1)
    counts = Counter(rng.roll_die(state, 6) for _ in range(60_000))
    assert all(9_600 < counts[face] < 10_400 for face in range(1, 7))


def test_shuffle_is_a_permutation_and_seeded() -> None:
    a, b = list(range(27)), list(range(27))
    rng.shuffle(rng.seed_state(3), a)
    rng.shuffle(rng.seed_state(3), b)
    assert a == b and sorted(a) == list(range(27)) and a != list(range(27))


def test_state_is_json_plain() -> None:
    state = rng.seed_state(123456789012345)
    assert all(isinstance(w, int) and 0 <= w < 2**32 for w in state) and len(state) == 4


names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12
)


@given(
    st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True),
    st.lists(st.one_of(names, st.integers(-99, 99)), max_size=4),
)
def test_action_text_and_json_round_trip(kind: str, args: list[str | int]) -> None:
    action = Action(kind, tuple(args))
    assert Action.parse(action.text) == action
    assert Action.from_json(action.to_json()) == action


@pytest.mark.parametrize("text", ["Move(x)", "move(a", "move(a,,b)", 'move("a)', "move(a) b"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        Action.parse(text)


def test_codec_round_trips_every_action() -> None:
    codec = ActionCodec(
        {"move": [["A", "B"], ["x", "y", "z"], ["x", "y", "z"]], "pass": []}, {"move": 2}
    )
    seen = set()
    for code in range(codec.size):
        action = codec.decode(code)
        assert codec.encode(action) == code
        seen.add(action.text)
    assert codec.size == 2 * 3 + 2 * 3 * 3 + 1
    assert len(seen) == codec.size
    assert "move(A, z, y)" in seen and "move(B, x)" in seen and "pass" in seen
    with pytest.raises(ActionSyntaxError):
        codec.encode(Action("move", ("C",)))
