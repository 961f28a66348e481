"""Sphinx configuration for the Legatus documentation.

The data-file and command-line references are generated at build time from the
schemas and the argument parser by the small extensions in ``_ext/``, so they
cannot drift from the code. CI builds with ``sphinx-build -W --keep-going``:
every warning fails the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
# The local extensions, and the checkout itself so the build also works
# without an installed Legatus.
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(1, str(DOCS.parent))

project = "Legatus"
author = "the Legatus authors"
copyright = "the Legatus authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "schemadoc",
    "clidoc",
    "actiondoc",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "examples", "Thumbs.db", ".DS_Store"]

# Smart quotes, but no dashes: "--games" in a help text or schema description is an option,
# and docutils' default would print it as an en dash ("–games").
smartquotes_action = "qe"

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# hookspecs.py imports its parameter types only under TYPE_CHECKING: show the
# annotations in the description, where an unresolvable name is plain text.
autodoc_typehints = "description"
autodoc_member_order = "bysource"
# A Protocol's __call__ would otherwise show object's "Call self as a function."
autodoc_inherit_docstrings = False
autodoc_type_aliases = {"RuleRegistry": "legatus.framework.rules.registry.RuleRegistry"}

nitpicky = False

html_theme = "furo"
html_title = "Legatus"
