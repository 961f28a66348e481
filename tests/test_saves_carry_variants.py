"""A save carries what rebuilds its game: each file's hash and the text of every variant, so a
game played with a variant file replays after the file is gone, and a save whose files changed
but still replays says which ones."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from legatus.framework.engine.saves import check_save, read_save
from legatus.framework.model.errors import SaveError
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.play.driver import Match
from tests.helpers import answer, legatus_here

ROOT = Path(__file__).resolve().parent.parent
VARIANT = 'variant short_year of julius_caesar "Four turns a year"\nparam turns_per_year = 4\n'


def played(variant: Path | str | None, actions: int = 30) -> Match:
    game = default_catalog().load("julius_caesar", variant)
    session = Match(game, game.new_state(seed=3), history=True)
    while len(session.moves) < actions:
        answer(session, game.legal_actions(session.state)[0])
    return session


def test_a_variant_files_text_travels_with_the_save(tmp_path: Path) -> None:
    path = tmp_path / "short_year.variant"
    path.write_text(VARIANT, "utf-8")
    session = played(path)
    save = tmp_path / "game.json"
    session.save(save)
    path.unlink()  # the variant file is gone: the save still replays
    data = read_save(save)
    assert data["variants"] == [["short_year", VARIANT]] and data["variant"] == "short_year"
    again = Match.resume(data, default_catalog().load_saved)
    assert again.hash() == session.hash() and again.notes == []
    assert again.game.rules.param("turns_per_year") == 4


def test_replay_from_the_command_line_needs_no_variant_file(tmp_path: Path) -> None:
    path = tmp_path / "short_year.variant"
    path.write_text(VARIANT, "utf-8")
    save = tmp_path / "game.json"
    command = [sys.executable, "-m", "legatus.framework.frontends.cli"]
    played_out = subprocess.run(
        [*command, "play", "julius_caesar", "--seed", "2", "--quiet", "--variant", str(path),
         "--save", str(save)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert played_out.returncode == 0, played_out.stderr
    path.unlink()
    again = subprocess.run(
        [*command, "replay", str(save)], capture_output=True, text=True, check=False
    )
    assert again.returncode == 0, again.stderr
    assert "hashes verified" in again.stdout and again.stderr == ""


def test_a_version_1_save_names_its_variant_and_still_replays() -> None:
    session = played("polish_winter")
    data = session.to_save()
    old = {k: v for k, v in data.items() if k not in ("files", "variants", "checksum")}
    old["version"] = 1
    from legatus.framework.engine.saves import _checksum

    old["checksum"] = _checksum(old)
    again = Match.resume(check_save(old), default_catalog().load_saved)
    assert again.hash() == session.hash()


def test_changed_files_are_named_when_the_save_still_replays(tmp_path: Path) -> None:
    """A copy of the game whose map file gained a comment: same game, other files."""
    folder = tmp_path / "jc"
    shutil.copytree(ROOT / "legatus" / "games" / "julius_caesar" / "data", folder)
    catalog = Catalog.discover()
    session = played(None)
    data = session.to_save()
    (folder / "map.yaml").write_text((folder / "map.yaml").read_text() + "\n# a comment\n")
    again = Match.resume(data, lambda name, variants: catalog.load_saved(str(folder), variants))
    assert again.hash() == session.hash()
    assert again.notes == [
        "save: the game's files changed since the save was made (map.yaml); "
        "every action still replays to the saved states"
    ]


def test_a_save_with_a_broken_variants_field_is_refused() -> None:
    data = played(None, 5).to_save()
    data["variants"] = [["x"]]
    from legatus.framework.engine.saves import _checksum

    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(SaveError, match="'variants' field is missing or has the wrong type"):
        check_save(data)
    json.dumps(data)


def test_legatus_replay_warns_and_names_the_files_that_changed(tmp_path: Path) -> None:
    """Through the command line: a save recorded under other digests of two files (as if
    the map and the blocks had changed since) replays, with one warning naming both."""
    from legatus.framework.engine.saves import _checksum

    data = played(None, 40).to_save()
    files = dict(data["files"])
    for name in ("map.yaml", "blocks.yaml"):
        files[name] = "0000000000000000"
    data["files"] = files
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    save = tmp_path / "old.json"
    save.write_text(json.dumps(data), "utf-8")
    done = legatus_here("replay", str(save), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("warning: ") and "(blocks.yaml, map.yaml)" in done.stderr
    assert "replayed 40 actions of julius_caesar: hashes verified" in done.stdout
