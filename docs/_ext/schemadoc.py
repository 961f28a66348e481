"""A Sphinx directive that documents the data-file schemas from the schemas themselves.

In MyST::

    ```{schema} map
    ```

renders the reference of one data-file kind; without an argument the directive
renders every kind in :data:`legatus.framework.model.data.schemas.KINDS`, so a kind added
later appears by itself. Each kind becomes a section with the schema's title
and description and a table of every field (from
:func:`schemafields.schema_fields`): its path, type and constraints, whether it
is required, its default and its description.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from docutils import nodes
from schemafields import Field, schema_fields
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from legatus.framework.model.data.schemas import KINDS, schema

_COLUMNS = (("Field", 22), ("Type", 20), ("Required", 8), ("Default", 10), ("Description", 40))


def _required_text(required: bool | None) -> str:
    return {True: "yes", False: "no", None: "–"}[required]


def _cell(*children: nodes.Node) -> nodes.entry:
    entry = nodes.entry()
    entry.extend(children)
    return entry


def _constraint(text: str) -> nodes.paragraph:
    """A constraint in italics, with a regular expression set as code."""
    head, matches, pattern = text.partition("matches ")
    paragraph = nodes.paragraph("", "", nodes.emphasis("", head + matches))
    if matches:
        paragraph += nodes.literal("", pattern)
    return paragraph


def _row(field: Field) -> nodes.row:
    type_cell = nodes.paragraph("", field.type)
    constraints = [_constraint(text) for text in field.constraints]
    description = nodes.paragraph()
    if field.form:
        description += nodes.emphasis("", f"({field.form}) ")
    description += nodes.Text(field.description)
    default = nodes.paragraph("", "", nodes.literal("", field.default)) if field.default else None
    row = nodes.row()
    row += _cell(nodes.paragraph("", "", nodes.literal("", field.path)))
    row += _cell(type_cell, *constraints)
    row += _cell(nodes.paragraph("", _required_text(field.required)))
    row += _cell(*([default] if default else []))
    row += _cell(description)
    return row


def fields_table(fields: list[Field]) -> nodes.table:
    table = nodes.table(classes=["schema-fields"])
    group = nodes.tgroup(cols=len(_COLUMNS))
    table += group
    for _, width in _COLUMNS:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    header = nodes.row()
    for title, _ in _COLUMNS:
        header += _cell(nodes.paragraph("", title))
    head += header
    group += head
    body = nodes.tbody()
    for field in fields:
        body += _row(field)
    group += body
    return table


class SchemaDirective(SphinxDirective):
    """``schema [KIND]``: the reference of one data-file kind, or of every kind."""

    optional_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        kinds = self.arguments or list(KINDS)
        for kind in kinds:
            if kind not in KINDS:
                raise self.error(
                    f"unknown data file kind {kind!r}; known kinds: {', '.join(KINDS)}"
                )
        # Rebuild every page using the directive when a schema file changes.
        for kind in kinds:
            self.env.note_dependency(str(_schema_path(kind)))
        return [self.section(kind) for kind in kinds]

    def section(self, kind: str) -> nodes.section:
        root = schema(kind)
        section = nodes.section(ids=[f"schema-{kind}"], names=[f"schema-{kind}"])
        section += nodes.title("", str(root.get("title", kind)))
        intro = nodes.paragraph()
        intro += nodes.Text("Schema ")
        intro += nodes.literal("", f"legatus/schemas/{kind}.schema.json")
        intro += nodes.Text(f" (kind {kind!r}). {root.get('description', '')}")
        section += intro
        required = [n for n in root.get("properties", {}) if n in root.get("required", [])]
        if required:
            line = nodes.paragraph()
            line += nodes.Text("Required top-level fields: ")
            for i, name in enumerate(required):
                if i:
                    line += nodes.Text(", ")
                line += nodes.literal("", name)
            line += nodes.Text(".")
            section += line
        section += fields_table(schema_fields(root))
        self.state.document.note_explicit_target(section)
        return section


def _schema_path(kind: str) -> Any:
    return resources.files("legatus.schemas").joinpath(f"{kind}.schema.json")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("schema", SchemaDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
