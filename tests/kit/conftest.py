from __future__ import annotations

import pytest

from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game


@pytest.fixture(scope="session")
def demo() -> GameDef:
    from pathlib import Path

    return load_game(
        Path(__file__).parent.parent
        / "fixtures"
        / "plugins"
        / "demo_game"
        / "legatus_demo_game"
        / "data"
    )
