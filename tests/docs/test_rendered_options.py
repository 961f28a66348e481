"""Options keep their two hyphens on the rendered pages: ``--games`` never becomes ``–games``.

docutils' smart quotes turn ``--`` into an en dash by default, which made the CLI reference
print ``–games``. The test builds the CLI reference page with the docs' own configuration
(needs the docs extra, which CI installs before the tests).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_cli_reference_prints_options_with_two_hyphens(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="the docs extra is not installed: pip install '.[docs]'")
    pytest.importorskip("myst_parser", reason="the docs extra is not installed")
    from sphinx.application import Sphinx

    source = tmp_path / "docs"
    source.mkdir()
    shutil.copy(DOCS / "conf.py", source / "conf.py")
    shutil.copytree(DOCS / "_ext", source / "_ext")
    (source / "index.md").write_text(
        "# Options\n\nPlay `--games` games: --games N.\n\n```{cli}\n```\n", "utf-8"
    )
    app = Sphinx(
        str(source), str(source), str(tmp_path / "html"), str(tmp_path / "doctrees"), "html",
        status=None, warning=None, freshenv=True,
        confoverrides={"html_theme": "basic"},
    )  # fmt: skip
    app.build()
    html = (tmp_path / "html" / "index.html").read_text("utf-8")
    assert "–games" not in html and "&#8211;games" not in html
    assert html.count("--games") >= 3  # the prose, simulate's and check-game's options
