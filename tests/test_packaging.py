"""The distribution installs one import package, ``legatus``, and one console script.

Anything else a wheel puts at the top of site-packages (a ``framework``, a
``games``) would collide with another distribution of that name. The wheel
is built from this checkout and installed, without its dependencies, into a
fresh virtual environment: what appears there is what a user gets.
"""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A wheel built and a fresh environment made: among the few long checks (CI runs them).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(out), str(ROOT)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (found,) = out.glob("legatus-*.whl")
    return found


def test_the_wheel_holds_one_top_level_package(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    tops = {name.split("/")[0] for name in names}
    data = {top for top in tops if top.endswith((".dist-info", ".data"))}
    assert tops - data == {"legatus"}
    (info,) = (top for top in data if top.endswith(".dist-info"))
    with zipfile.ZipFile(wheel) as archive:
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert "[console_scripts]\nlegatus = legatus.framework.frontends.cli:console" in entry_points
    # The data every game needs travels with the package.
    assert "legatus/schemas/map.schema.json" in names
    assert "legatus/games/julius_caesar/data/game.yaml" in names
    assert "legatus/framework/rules/grammar.lark" in names


def test_installed_it_adds_only_legatus_and_its_script(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )  # fmt: skip
    before = {p.name for p in site.iterdir()}
    scripts_before = {p.name for p in (env / "bin").iterdir()}
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    added = {p.name for p in site.iterdir()} - before
    assert {name for name in added if not name.endswith(".dist-info")} == {"legatus"}
    assert {p.name for p in (env / "bin").iterdir()} - scripts_before == {"legatus"}
