"""The engine's only source of randomness: a small seeded generator of our own.

We do not use Python's :mod:`random`: its algorithms are not promised to stay
the same across Python versions, and its state is not plain data. This is
xoshiro128** (Blackman and Vigna, 2018): four 32-bit words of state, kept in
the game state as a list of four integers, so it is copied, saved and hashed
with everything else. Seeds are expanded with splitmix32-style mixing so that
nearby seeds give unrelated streams.

Every function takes the state list and updates it in place.

>>> rng = seed_state(7)
>>> [roll_die(rng, 6) for _ in range(5)]
[2, 4, 2, 5, 1]
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK32 = 0xFFFFFFFF
T = TypeVar("T")


def _mix32(z: int) -> int:
    """A 32-bit finaliser (from MurmurHash3's fmix32)."""
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK32
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK32
    return z ^ (z >> 16)


def seed_state(seed: int) -> list[int]:
    """The four-word generator state for a seed (any integer)."""
    seed &= (1 << 64) - 1
    words = []
    counter = (seed ^ (seed >> 32)) & MASK32
    for i in range(4):
        counter = (counter + 0x9E3779B9 + i) & MASK32
        words.append(_mix32(counter ^ ((seed >> 32) & MASK32)))
    if not any(words):  # the all-zero state is the one state xoshiro cannot leave
        words[0] = 1
    return words


def next_u32(s: MutableSequence[int]) -> int:
    """The next 32-bit output; advances the state."""
    s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
    x = (s1 * 5) & MASK32
    result = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
    s2 ^= s0
    s3 ^= s1
    s[0] = s0 ^ s3
    s[1] = s1 ^ s2
    s[2] = s2 ^ ((s1 << 9) & MASK32)
    s[3] = ((s3 << 11) | (s3 >> 21)) & MASK32
    return result


def below(s: MutableSequence[int], n: int) -> int:
    """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling).

    :func:`next_u32` is written out in the loop: search draws tens of thousands of
    these a second, and the call was most of their cost.
    """
    if not 0 < n <= MASK32 + 1:
        raise ValueError(f"below() needs 0 < n <= 2**32, got {n}")
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)
    while True:
        s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
        x = (s1 * 5) & MASK32
        value = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
        s2 ^= s0
        s3 ^= s1
        s[0] = s0 ^ s3
        s[1] = s1 ^ s2
        s[2] = s2 ^ ((s1 << 9) & MASK32)
        s[3] = ((s3 << 11) | (s3 >> 21)) & MASK32
        if value < limit:
            return value % n


def roll_die(s: MutableSequence[int], sides: int = 6) -> int:
    """One die: a uniform integer from 1 to ``sides``."""
    return below(s, sides) + 1


def roll_dice(s: MutableSequence[int], count: int, sides: int = 6) -> list[int]:
    return [below(s, sides) + 1 for _ in range(count)]


def shuffle(s: MutableSequence[int], items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates), drawing from ``s``: ``j = below(s, i + 1)``
    for each ``i`` from the last down to 1, swapping items ``i`` and ``j``.

    :func:`below` is written out in the loop, the generator's words kept in locals until
    the end: a search shuffles the cards it cannot see for every sample it draws (hundreds
    of draws each), and the calls were most of their cost.
    """
    if len(items) > MASK32 + 1:
        raise ValueError(f"shuffle() draws below 2**32, got {len(items)} items")
    s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (MASK32 + 1) - ((MASK32 + 1) % n)
        while True:
            x = (s1 * 5) & MASK32
            value = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
            t2 = s2 ^ s0
            t3 = s3 ^ s1
            s0, s1, s2, s3 = (
                s0 ^ t3,
                s1 ^ t2,
                t2 ^ ((s1 << 9) & MASK32),
                ((t3 << 11) | (t3 >> 21)) & MASK32,
            )
            if value < limit:
                break
        j = value % n
        items[i], items[j] = items[j], items[i]
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3


def choice(s: MutableSequence[int], items: list[T]) -> T:
    if not items:
        raise ValueError("choice() from an empty list")
    return items[below(s, len(items))]
