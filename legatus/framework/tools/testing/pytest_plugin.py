"""The test kit's pytest fixture: ``play_from``, whose kits are checked when a test ends.

Installing Legatus registers this module with pytest (an entry point of the
``pytest11`` group named after the module), so a game plugin's tests can ask
for the fixture without importing anything::

    def test_rule_7_4_hits(play_from):
        kit = play_from("julius_caesar", POSITION)
        kit.dice([1, 3, 4]).act("fire(Caesar)")

It is :func:`legatus.framework.tools.testing.play_from`, and when the test has passed it
closes every kit it made: rolls forced and never made fail the test then
(``ERROR at teardown``, naming them). A test that failed already is not
reported twice.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

import pytest

_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Note whether the test's own call failed (its kits' dice are then not checked)."""
    report = yield
    if call.when == "call" and report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture
def play_from(request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """:func:`legatus.framework.tools.testing.play_from`, with each kit it makes closed when the test ends."""
    from legatus.framework.tools.testing.kit import Kit
    from legatus.framework.tools.testing.kit import play_from as start

    made: list[Kit] = []

    def play(*args: Any, **kwargs: Any) -> Kit:
        kit = start(*args, **kwargs)
        made.append(kit)
        return kit

    yield play
    if not request.node.stash.get(_FAILED, False):
        for kit in made:
            kit.close()
