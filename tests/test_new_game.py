"""``legatus new-game``: a scaffold laid out as every game is, that installs, validates, plays,
passes check-game and runs its own rule test."""

from __future__ import annotations

import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

from legatus.framework.tools.newgame import files
from tests.helpers import legatus
from tests.waits import bound

GAMES = Path(__file__).resolve().parent.parent / "legatus" / "games"


def test_the_block_scaffold_differs_from_the_minimal_one_only_where_it_must() -> None:
    """Both kinds share the distribution's files; the block game has no Python rules."""
    minimal, block = files("border_war"), files("border_war", "block")
    assert minimal["pyproject.toml"] == block["pyproject.toml"]
    assert "border_war/procedures.py" in minimal and "border_war/procedures.py" not in block
    assert "border_war/data/rules/border_war.rules" in block


def test_the_scaffold_has_the_layout_of_the_shipped_games() -> None:
    made = set(files("border_war"))
    package = {path.removeprefix("border_war/") for path in made if path.startswith("border_war/")}
    for game in ("julius_caesar", "hannibal_barkas", "gbojc_naval"):
        shipped = {str(p.relative_to(GAMES / game)) for p in (GAMES / game).rglob("*")}
        for common in ("plugin.py", "queries.py", "invariants.py", "evaluation.py"):
            assert common in package and common in shipped, (game, common)
        assert "data/game.yaml" in package and "data/game.yaml" in shipped, game
        assert any(p.startswith("data/rules/") for p in shipped), game
        assert any(p.startswith("data/rules/") for p in package)


def test_bad_names_and_taken_folders_are_one_line_errors(tmp_path: Path) -> None:
    for name in ("Border", "9lives", "with-dash", "class", "legatus"):
        result = legatus("new-game", name, "--into", str(tmp_path))
        assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith(f"error: new-game {name!r}: ")
    assert legatus("new-game", "border_war", "--into", str(tmp_path)).returncode == 0
    again = legatus("new-game", "border_war", "--into", str(tmp_path))
    assert again.returncode == 1
    assert (
        again.stderr
        == f"error: new-game: {tmp_path / 'border_war'} exists and is not an empty folder\n"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "variant", "tests"),
    [("minimal", "long_war", "1 passed"), ("block", "hard_winter", "2 passed")],
)
def test_the_new_game_installs_validates_plays_and_passes_its_test(
    tmp_path: Path, kind: str, variant: str, tests: str
) -> None:
    """Installed (without its dependencies) into a fresh environment that sees this one's
    packages, the new game is found by Legatus like any plugin."""
    created = legatus("new-game", "border_war", "--into", str(tmp_path), "--kind", kind)
    assert created.returncode == 0, created.stderr
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    inner = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    outer = sysconfig.get_paths()["purelib"]
    (Path(inner) / "_outer.pth").write_text(f"import site; site.addsitedir({outer!r})\n")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), *args], capture_output=True, text=True, check=False, timeout=bound(900),
            cwd=tmp_path,
        )  # fmt: skip

    installed = run("-m", "pip", "install", "-q", "--no-deps", str(tmp_path / "border_war"))
    assert installed.returncode == 0, installed.stderr
    cli = ("-m", "legatus.framework.frontends.cli")
    validated = run(*cli, "validate", "border_war")
    assert validated.returncode == 0 and "border_war 0.1.0: ok" in validated.stdout
    assert run(*cli, "rules", "check", "border_war").returncode == 0
    checked_variant = run(*cli, "variant", "check", variant)
    assert checked_variant.stdout == f"{variant}: ok, 1 change(s) to border_war\n", (
        checked_variant.stderr
    )
    played = run(*cli, "play", "border_war", "--seed", "1", "--quiet")
    assert played.returncode == 0 and played.stdout.startswith("result: "), played.stderr
    checked = run(*cli, "check-game", "border_war", "--games", "10")
    assert checked.returncode == 0 and "no faults" in checked.stdout, checked.stdout
    tested = run("-m", "pytest", "-q", "-p", "no:cacheprovider", "border_war/tests")
    assert tested.returncode == 0 and tests in tested.stdout, tested.stdout
