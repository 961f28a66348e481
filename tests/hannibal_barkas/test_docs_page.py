"""The game's documentation page (docs/hannibal-barkas.md) lists every guessed value of the
data, exactly as the data marks them, and is in the documentation's contents."""

from __future__ import annotations

from pathlib import Path

from legatus.games.hannibal_barkas.guesses import guesses, markdown

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_page_lists_every_guess_of_the_data() -> None:
    page = (DOCS / "hannibal-barkas.md").read_text("utf-8")
    listed = page.split("<!-- guesses:start -->\n", 1)[1].split("<!-- guesses:end -->", 1)[0]
    assert listed == markdown(), "run: python -m legatus.games.hannibal_barkas.guesses"


def test_the_guesses_cover_the_reconstruction() -> None:
    """Reference part B: the map beyond the named regions, every border and sea link, the
    counter mix, every leader's values, every city's values but Placentia's income, every
    event card, the political track's length and the siege track's flags."""
    found = guesses()
    kinds = {(g.file, g.kind) for g in found}
    assert ("map.yaml", "border") in kinds and ("map.yaml", "sea zone") in kinds
    assert ("pieces.yaml", "counters") in kinds and ("pieces.yaml", "leader") in kinds
    names = {g.name: g for g in found}
    assert names["Placentia"].values == ("defence", "vp")  # its income is GIVEN (Ex. 14)
    assert "Lingones" not in names  # its place in Transpadana and levy 6-2 are given (Ex. 13)
    assert "political.alliance" in names and "siege_track" in names
    assert "Roma" in names and "Taurini" in names


def test_the_page_is_in_the_contents() -> None:
    assert "\nhannibal-barkas\n" in (DOCS / "index.md").read_text("utf-8")
