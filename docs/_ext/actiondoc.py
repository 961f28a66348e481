"""A Sphinx directive that lists a game's actions from its plugin's declaration.

In MyST::

    ```{actions} legatus.games.julius_caesar.plugin.JuliusCaesar
    ```

renders one table per game: every action kind with its typed signature, what
it does and its rule, read at build time from the game plugin's
``action_kinds`` over the game's own data (the domains of its arguments come
from there), so the reference cannot drift from the code.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from legatus.framework.engine.actionkinds import ActionKinds
from legatus.framework.model.loader import MANIFEST, load_game


def _row(*cells: nodes.Node | str) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", cell if isinstance(cell, nodes.Node) else nodes.Text(cell))
        row += entry
    return row


class ActionsDirective(SphinxDirective):
    """``actions PLUGIN_CLASS``: a table of the game's declared action kinds."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        module, _, name = self.arguments[0].rpartition(".")
        plugin = getattr(importlib.import_module(module), name)()
        definition = load_game(Path(plugin.data) / MANIFEST)
        kinds = ActionKinds(definition, plugin.action_kinds(definition))
        table = nodes.table()
        group = nodes.tgroup(cols=3)
        for width in (35, 50, 15):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row("Action", "What it does", "Rule")
        group += head
        body = nodes.tbody()
        for kind in kinds:
            body += _row(nodes.literal("", kind.signature()), kind.doc, kind.rule)
        group += body
        table += group
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("actions", ActionsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
