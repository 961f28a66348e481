"""Regenerate the outputs shown by docs/how-to-write-a-scenario.md.

Run ``python docs/examples/regenerate.py`` from anywhere after the loader's
messages or the Julius Caesar data change (``tests/docs/test_examples.py``
fails and names the file), then read the diff before committing it: the page
explains each line of these outputs.

It does what the page describes: copies the game's data folder to a temporary
``my_caesar/``, adds the example scenario to the manifest, and runs
``legatus validate my_caesar/`` on the good copy and the broken ones.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import shutil
import tempfile
from pathlib import Path

import yaml

from legatus.framework.frontends.cli import main

EXAMPLES = Path(__file__).resolve().parent
GAME_DATA = EXAMPLES.parents[1] / "legatus" / "games" / "julius_caesar" / "data"
SCENARIO = "scenarios/dyrrachium.yaml"

#: output file -> (scenario file put in place of the example, extra arguments)
OUTPUTS = {
    "dyrrachium-ok.out": ("dyrrachium.yaml", ()),
    "dyrrachium-broken.out": ("dyrrachium-broken.yaml", ()),
    "dyrrachium-typo.out": ("dyrrachium-typo.yaml", ()),
    "dyrrachium-typo.json": ("dyrrachium-typo.yaml", ("--format", "json")),
}


def _game_copy(parent: Path) -> Path:
    folder = parent / "my_caesar"
    shutil.copytree(GAME_DATA, folder)
    manifest_path = folder / "game.yaml"
    manifest = yaml.safe_load(manifest_path.read_text("utf-8"))
    manifest["files"]["scenarios"].append(SCENARIO)
    manifest_path.write_text(yaml.safe_dump(manifest, sort_keys=False), "utf-8")
    return folder


def _validate(args: tuple[str, ...]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["validate", "my_caesar/", *args])
    return out.getvalue()


def regenerate() -> None:
    start = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        folder = _game_copy(Path(tmp))
        os.chdir(tmp)
        try:
            for output, (scenario, args) in OUTPUTS.items():
                shutil.copyfile(EXAMPLES / scenario, folder / SCENARIO)
                (EXAMPLES / output).write_text(_validate(args), "utf-8")
        finally:
            os.chdir(start)
    good = (EXAMPLES / "dyrrachium.yaml").read_text("utf-8").splitlines(keepends=True)
    broken = (EXAMPLES / "dyrrachium-broken.yaml").read_text("utf-8").splitlines(keepends=True)
    diff = difflib.unified_diff(good, broken, "dyrrachium.yaml", "dyrrachium-broken.yaml")
    (EXAMPLES / "dyrrachium-broken.diff").write_text("".join(diff), "utf-8")


if __name__ == "__main__":
    regenerate()
