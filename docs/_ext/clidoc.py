"""A Sphinx directive that documents the ``legatus`` command from its parser.

In MyST::

    ```{cli}
    ```

renders the usage of ``legatus`` and one section per subcommand (usage,
description, arguments), read from :func:`legatus.framework.frontends.cli.build_parser` by
:func:`clireference.commands` at build time, so a command added to
:data:`legatus.framework.frontends.cli.COMMAND_MODULES` appears without editing the page.
"""

from __future__ import annotations

from typing import Any

from clireference import Argument, Command, commands, usage
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from legatus.framework.frontends.cli import build_parser


def _literal_block(text: str) -> nodes.literal_block:
    block = nodes.literal_block(text, text)
    block["language"] = "text"
    return block


def _argument_item(argument: Argument) -> nodes.definition_list_item:
    term = nodes.term()
    for i, name in enumerate(argument.names):
        if i:
            term += nodes.Text(", ")
        shown = name if name == argument.metavar else f"{name} {argument.metavar}".strip()
        term += nodes.literal("", shown)
    definition = nodes.definition()
    facts = []
    if argument.help:
        facts.append(argument.help[0].upper() + argument.help[1:].rstrip(".") + ".")
    facts.append("Required." if argument.required else "Optional.")
    if argument.choices:
        facts.append(f"One of: {', '.join(argument.choices)}.")
    if argument.default is not None:
        facts.append(f"Default: {argument.default}.")
    definition += nodes.paragraph("", " ".join(facts))
    return nodes.definition_list_item("", term, definition)


def _command_section(command: Command) -> nodes.section:
    ident = "cli-" + nodes.make_id(command.name.split(" ", 1)[-1])
    section = nodes.section(ids=[ident], names=[ident])
    section += nodes.title("", "", nodes.literal("", command.name))
    if command.help:
        section += nodes.paragraph("", command.help[0].upper() + command.help[1:] + ".")
    section += _literal_block(command.usage)
    if command.description:
        section += nodes.paragraph("", command.description)
    if command.arguments:
        section += nodes.paragraph(
            "", "Arguments and options (every command also takes -h/--help):"
        )
        section += nodes.definition_list("", *(_argument_item(a) for a in command.arguments))
    return section


class CliDirective(SphinxDirective):
    """``cli``: the usage of ``legatus`` and a section per subcommand."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        parser = build_parser()
        result: list[nodes.Node] = [_literal_block(usage(parser))]
        if parser.description:
            result.append(nodes.paragraph("", parser.description))
        for command in commands(parser):
            section = _command_section(command)
            self.state.document.note_explicit_target(section)
            result.append(section)
        return result


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cli", CliDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
