"""Finding and loading plugins.

Plugins are modules named in the ``legatus`` entry-point group of any
installed distribution, Legatus itself included. A plugin that cannot be
imported or whose hook raises is recorded as broken, with its name and the
reason, and never stops the other plugins from loading.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from framework import hookspecs
from framework.errors import PluginError

ENTRY_POINT_GROUP = "legatus"


@dataclass(frozen=True)
class GameEntry:
    """A game as a plugin registered it: its name, data folder and plugin."""

    name: str
    data: Path
    plugin: str


@dataclass
class Plugins:
    """A plugin manager with Legatus's hooks and a record of broken plugins."""

    manager: pluggy.PluginManager = field(default_factory=lambda: _new_manager())
    broken: list[PluginError] = field(default_factory=list)

    @classmethod
    def discover(cls, group: str = ENTRY_POINT_GROUP) -> Plugins:
        """Load every plugin of the entry-point group, isolating failures."""
        plugins = cls()
        for entry in sorted(entry_points(group=group), key=lambda e: e.name):
            try:
                module = entry.load()
            except Exception as exc:  # a third party's import error of any kind
                plugins.broken.append(PluginError(entry.name, _reason(exc)))
                continue
            plugins.add(module, entry.name)
        return plugins

    def add(self, module: ModuleType | object, name: str) -> None:
        """Register one plugin object; a failure is recorded, not raised."""
        try:
            self.manager.register(module, name=name)
        except Exception as exc:
            self.broken.append(PluginError(name, _reason(exc)))

    def names(self) -> list[str]:
        return sorted(
            name for name, plugin in self.manager.list_name_plugin() if plugin is not None
        )

    def games(self) -> dict[str, GameEntry]:
        """Every game the plugins register, by name.

        Each plugin's hook is called on its own, so one that raises is
        recorded as broken and the others still register their games. A game
        name registered twice is an error of the later plugin.
        """
        found: dict[str, GameEntry] = {}
        for impl in self.manager.hook.legatus_register_games.get_hookimpls():
            plugin_name = impl.plugin_name

            def register(name: str, data: Path, _plugin: str = plugin_name) -> None:
                if name in found:
                    raise PluginError(
                        _plugin, f"game {name!r} is already registered by {found[name].plugin!r}"
                    )
                found[name] = GameEntry(name, Path(data), _plugin)

            try:
                impl.function(register=register)
            except Exception as exc:
                self.broken.append(PluginError(plugin_name, _reason(exc)))
        return dict(sorted(found.items()))

    def call_each(self, hook_name: str, **kwargs: Any) -> None:
        """Call a contribution hook plugin by plugin, recording failures."""
        hook = getattr(self.manager.hook, hook_name)
        for impl in hook.get_hookimpls():
            try:
                # Like pluggy, give each implementation only the arguments it names.
                impl.function(**{name: kwargs[name] for name in impl.argnames})
            except Exception as exc:
                self.broken.append(PluginError(impl.plugin_name, _reason(exc)))

    def mark_broken(self, plugin: str, reason: str) -> None:
        self.broken.append(PluginError(plugin, reason))


def _new_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    return manager


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


_default: Plugins | None = None


def default_plugins() -> Plugins:
    """The process-wide plugins found through entry points (loaded once)."""
    global _default
    if _default is None:
        _default = Plugins.discover()
    return _default


def reset_default_plugins(factory: Callable[[], Plugins] | None = None) -> None:
    """Forget the cached plugins (tests use this to install fixtures)."""
    global _default
    _default = factory() if factory else None


def hook_names() -> Iterable[str]:
    """Names of every hook in :mod:`framework.hookspecs`."""
    return sorted(n for n in dir(hookspecs) if n.startswith("legatus_"))
