"""The engine's own plugin: generic queries every game's rules may use.

Registered through the ``legatus`` entry-point group like any other plugin.
"""

from __future__ import annotations

from framework.engine.queries import register_engine_queries
from framework.hookspecs import hookimpl
from framework.rules.registry import RuleRegistry


@hookimpl
def legatus_register_rules(game: str, registry: RuleRegistry) -> None:
    register_engine_queries(registry)
