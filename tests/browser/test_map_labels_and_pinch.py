"""The map at full size and on a touch screen (issue 34, item 9): labels that would overlap
at the fit-to-screen zoom are moved (below their place) or hidden, the less important first
(a place's victory points, then places before sea and area names); zooming in shows them
again; two fingers pinch the map to zoom about their middle."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Locator, Page, expect

from tests.browser.pages import faults, open_page
from tests.server.harness import Server

#: The boxes of the labels shown, in map units (hidden ones left out), and their names.
LABEL_BOXES = """
() => [...document.querySelectorAll("svg.board .space-label, svg.board .area-label")]
  .filter((n) => getComputedStyle(n).visibility !== "hidden" && getComputedStyle(n).display !== "none")
  .map((n) => { const b = n.getBBox(); return { id: n.textContent, x: b.x, y: b.y, w: b.width, h: b.height }; })
"""


def overlaps(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The pairs of label boxes that overlap (by more than a hair: a thousandth of the
    smaller box's height)."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0 and dy > 0.001 * min(a["h"], b["h"]):
                found.append((a["id"], b["id"]))
    return found


def labels(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(LABEL_BOXES)
    return found


def view_box(page: Page) -> list[float]:
    found: list[float] = page.evaluate(
        "(() => { const b = document.querySelector('svg.board').viewBox.baseVal;"
        " return [b.x, b.y, b.width, b.height]; })()"
    )
    return found


@pytest.mark.parametrize(
    ("game", "scenario", "players", "kept"),
    [
        ("julius_caesar", None, {"caesar": "human", "pompey": "human"}, ["Roma", "Alexandria"]),
        (
            "hannibal_barkas",
            "gates-2p",
            {"rome": "human", "carthage": "human"},
            ["Roma", "Carthago", "Syracusae"],
        ),
    ],
)
def test_no_two_labels_overlap_at_the_fitted_zoom(
    browser: Browser,
    server: Server,
    game: str,
    scenario: str | None,
    players: dict[str, str],
    kept: list[str],
) -> None:
    request: dict[str, Any] = {"game": game, "seed": 3, "players": players}
    if scenario:
        request["scenario"] = scenario
    links = server.create(**request)
    page = open_page(browser, f"{server.url}/m/{links[('spectator', '')]}")
    expect(page.locator("svg.board .space").first).to_be_attached()
    expect(page.locator("svg.board")).to_have_attribute("data-labels", "placed")
    fitted = labels(page)
    every = page.locator("svg.board .space-label, svg.board .area-label").count()
    assert overlaps(fitted) == [], overlaps(fitted)[:10]
    shown = {box["id"] for box in fitted}
    assert set(kept) <= shown, set(kept) - shown  # the most important places keep their names
    assert len(shown) >= every // 2, (len(shown), every)  # most of them
    # Closer, more names find room; the whole map again, as before.
    for _ in range(3):
        page.click('.zoom-controls button[aria-label="zoom in"]')
    expect(page.locator("svg.board")).to_have_attribute("data-labels", "placed")
    closer = labels(page)
    assert overlaps(closer) == []
    hidden_before = every - len(shown)
    if hidden_before:
        hidden_now = every - len(closer)
        # Names outside the part of the map shown count as shown: they were not hidden.
        assert hidden_now < hidden_before, (hidden_now, hidden_before)
    page.click('.zoom-controls button[aria-label="whole map"]')
    expect(page.locator("svg.board")).to_have_attribute("data-labels", "placed")
    assert {box["id"] for box in labels(page)} == shown
    assert not faults(page)


def pinch(page: Page, x: float, y: float, start: float, end: float) -> None:
    """Two fingers on the page, ``start`` px either side of (x, y), moving to ``end`` px in
    six steps, then lifted: touch events of the browser's own (Chromium's DevTools
    protocol), which the page receives as touch pointers."""
    session = page.context.new_cdp_session(page)

    def send(kind: str, half: float | None) -> None:
        points = (
            []
            if half is None
            else [{"x": x - half, "y": y, "id": 0}, {"x": x + half, "y": y, "id": 1}]
        )
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", start)
    for step in range(1, 7):
        send("touchMove", start + (end - start) * step / 6)
    send("touchEnd", None)
    session.detach()


def settled_box(page: Page, element: Locator) -> FloatRect:
    """The element's box once the page's layout has settled: the same in two measurements a
    tenth of a second apart (on a loaded machine the panels around the board may still be
    filling in when it first appears, moving it down the page)."""
    last = element.bounding_box()
    for _ in range(50):
        page.wait_for_timeout(100)
        box = element.bounding_box()
        if box is not None and box == last:
            return box
        last = box
    raise AssertionError(f"the board's box never settled: {last}")


def test_two_fingers_pinch_the_map_to_zoom_about_their_middle(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.faults = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.faults.append(str(error)))  # type: ignore[attr-defined]
    page.goto(f"{server.url}/m/{links[('seat', 'caesar')]}")
    board = page.locator("svg.board")
    expect(board.locator(".space").first).to_be_attached()
    expect(board).to_have_attribute("data-labels", "placed")
    box = settled_box(page, board)
    mx, my = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = view_box(page)
    centre = (before[0] + before[2] / 2, before[1] + before[3] / 2)  # the map point there
    # Fingers 40 px apart spread to 160 px apart, about the board's middle: four times closer.
    pinch(page, mx, my, 20, 80)
    closer = view_box(page)
    assert closer[2] == pytest.approx(before[2] / 4, rel=0.05), (before, closer)
    # The map point under the fingers' middle stays under it.
    assert closer[0] + closer[2] / 2 == pytest.approx(centre[0], abs=before[2] * 0.01)
    assert closer[1] + closer[3] / 2 == pytest.approx(centre[1], abs=before[3] * 0.01)
    # Pinching in zooms out again.
    pinch(page, mx, my, 80, 20)
    again = view_box(page)
    assert again[2] == pytest.approx(before[2], rel=0.05), (before, again)
    assert not page.faults  # type: ignore[attr-defined]
    assert not faults(page)
    context.close()
