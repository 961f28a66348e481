"""The catalog: installed games and players, by name. The one place names are resolved.

Plugins are modules named in the ``legatus`` entry-point group of any
installed distribution, Legatus itself included. The catalog loads them,
asks each for its games (:class:`~legatus.framework.engine.gameplugin.GamePlugin` objects)
and players, and turns a name into what the rest of Legatus works with: a
game's manifest, its checked rules, a playable
:class:`~legatus.framework.engine.core.Game`, a player. A plugin that cannot be
imported, or whose hook raises, is recorded as broken with the reason and
never stops the others from loading.

Nothing below this module looks plugins up: the loader reads folders, the
engine runs the :class:`Game` it is given, and the players find the game's
evaluation on the game object. :func:`default_catalog` is the process's
catalog, for the command line and the tools at the top.
"""

from __future__ import annotations

import hashlib
import stat
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from legatus.framework.engine.actionkinds import ActionKinds
from legatus.framework.engine.core import Game, Provenance
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.model.errors import DataError, LegatusError, PluginError, RulesError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import MANIFEST, find_manifest, load_game
from legatus.framework.model.names import did_you_mean
from legatus.framework.play import collector, hookspecs
from legatus.framework.play.agents import Agent, AgentFactory, AgentRequest, parse_player_spec
from legatus.framework.rules import ast
from legatus.framework.rules.loading import load_rules, with_variant
from legatus.framework.rules.parser import parse_variant, read_source
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset

ENTRY_POINT_GROUP = "legatus"

#: A variant: the name of one the game ships, a variant file, or one parsed already.
VariantSpec = str | Path | ast.VariantFile | None


class NameShadowed(UserWarning):
    """A name given on the command line that is both an installed game and a local folder."""


@dataclass(frozen=True)
class RulesToCheck:
    """What checking a game's rules needs: its definition, plugin, registry and problems."""

    definition: GameDef
    registry: RuleRegistry
    plugin: GamePlugin | None = None
    plugin_problems: tuple[str, ...] = ()

    @property
    def symbols(self) -> Any:
        return self.definition.symbols()

    def load(self) -> Ruleset:
        """The game's rules, checked and compiled (RulesErrors lists every problem)."""
        return load_rules(self.definition.rules_files, self.symbols, self.registry)


class Catalog:
    """Games and players found through plugins, with a record of broken plugins."""

    def __init__(self) -> None:
        self.manager = pluggy.PluginManager(hookspecs.PROJECT)
        self.manager.add_hookspecs(hookspecs)
        self.broken: list[PluginError] = []
        self._games: dict[str, tuple[GamePlugin, str]] | None = None
        self._agents: dict[str, AgentFactory] | None = None
        self._loaded: dict[tuple[str, str], Game] = {}
        self._definitions: dict[tuple[str, str, tuple[tuple[str, int, int], ...]], GameDef] = {}

    # -- plugins ----------------------------------------------------------------------------
    @classmethod
    def discover(cls, group: str = ENTRY_POINT_GROUP) -> Catalog:
        """Load every plugin of the entry-point group, isolating failures."""
        catalog = cls()
        for entry in sorted(entry_points(group=group), key=lambda e: e.name):
            try:
                module = entry.load()
            except Exception as exc:  # a third party's import error of any kind
                catalog.broken.append(PluginError(entry.name, _reason(exc)))
                continue
            catalog.add(module, entry.name)
        return catalog

    def add(self, module: ModuleType | object, name: str) -> None:
        """Register one plugin module or object; a failure is recorded, not raised."""
        try:
            self.manager.register(module, name=name)
        except Exception as exc:
            self.broken.append(PluginError(name, _reason(exc)))
        self._games = self._agents = None
        self._loaded.clear()
        self._definitions.clear()

    def remove(self, name: str) -> None:
        """Unregister the plugin ``name`` (tests add plugins for one test)."""
        if self.manager.get_plugin(name) is not None:
            self.manager.unregister(name=name)
        self._games = self._agents = None
        self._loaded.clear()
        self._definitions.clear()

    def plugin_names(self) -> list[str]:
        return sorted(
            name for name, plugin in self.manager.list_name_plugin() if plugin is not None
        )

    # -- games ------------------------------------------------------------------------------
    def games(self) -> dict[str, GamePlugin]:
        """Every game the plugins register, by name (sorted).

        Each plugin's hook is called on its own, so one that raises is
        recorded as broken and the others still register their games.
        """
        return {name: game for name, (game, _) in self._game_entries().items()}

    def plugin_of(self, game: str) -> str:
        """The name of the plugin that registered ``game``."""
        return self._game_entries()[game][1]

    def _game_entries(self) -> dict[str, tuple[GamePlugin, str]]:
        if self._games is not None:
            return self._games
        found: dict[str, tuple[GamePlugin, str]] = {}
        for impl in self.manager.hook.legatus_register_games.get_hookimpls():
            plugin_name = impl.plugin_name

            def register(game: GamePlugin, _plugin: str = plugin_name) -> None:
                if not isinstance(game, GamePlugin):
                    raise PluginError(
                        _plugin,
                        f"registered {game!r}, not a legatus.framework.engine.gameplugin.GamePlugin",
                    )
                if not game.name:
                    raise PluginError(_plugin, f"{type(game).__name__} has no name")
                if game.name in found:
                    raise PluginError(
                        _plugin,
                        f"game {game.name!r} is already registered by {found[game.name][1]!r}",
                    )
                found[game.name] = (game, _plugin)

            try:
                impl.function(register=register)
            except Exception as exc:
                self.broken.append(PluginError(plugin_name, _reason(exc)))
        self._games = dict(sorted(found.items()))
        return self._games

    def manifest(self, name_or_path: str | Path) -> Path:
        """The manifest path of a game given by folder, manifest or installed name.

        A bare name that is both an installed game and a folder here means the installed
        game; a :class:`NameShadowed` warning says so (``./NAME`` gives the folder).
        """
        manifest = find_manifest(name_or_path)
        games = self.games()
        bare = isinstance(name_or_path, str) and "/" not in name_or_path
        if manifest is not None and bare and name_or_path in games:
            warnings.warn(
                NameShadowed(
                    f"{name_or_path!r} is the installed game; the folder ./{name_or_path} here "
                    f"is not used (give ./{name_or_path} to use it)"
                ),
                stacklevel=2,
            )
            manifest = None
        if manifest is not None:
            return manifest
        game = games.get(str(name_or_path))
        if game is None:
            raise DataError.single(
                str(name_or_path),
                0,
                "$",
                f"no game folder or installed game named {str(name_or_path)!r}"
                f"{did_you_mean(str(name_or_path), games)}; "
                f"installed games: {', '.join(games) or 'none'}",
            )
        return Path(game.data) / MANIFEST

    def definition(self, name_or_path: str | Path) -> GameDef:
        """A game's data, loaded and checked (DataError lists every problem).

        An installed game's is loaded once per process while its files stay as they were
        (their names, sizes and modification times) and the working folder is the same (the
        messages name files relative to it): a :class:`GameDef` is immutable, so every
        caller shares it. A game folder given by path is loaded afresh each time (a designer
        edits it)."""
        manifest = self.manifest(name_or_path)
        folder = manifest.parent.resolve()
        if not any(Path(game.data).resolve() == folder for game in self.games().values()):
            return load_game(manifest)
        key = (str(manifest.resolve()), str(Path.cwd()), _files_stamp(folder))
        found = self._definitions.get(key)
        if found is None:
            found = self._definitions[key] = load_game(manifest)
        return found

    def rules(self, name_or_path: str | Path) -> RulesToCheck:
        """A game's data and the registry its plugin fills, for checking its rules.

        A folder whose manifest names an installed game gets that game's
        plugin (so a designer may edit a copy of a game's files); any other
        folder gets only the engine's generic queries.
        """
        definition = self.definition(name_or_path)
        registry, problems = self.registry_for(definition.name)
        return RulesToCheck(definition, registry, self.games().get(definition.name), problems)

    def registry_for(self, game: str) -> tuple[RuleRegistry, tuple[str, ...]]:
        """The registry an installed game's plugin fills (even if its data do not load),
        and a line per failure; only the built-ins and engine queries for another name."""
        registry = RuleRegistry()
        register_engine_queries(registry)
        plugin = self.games().get(game)
        if plugin is None:
            return registry, ()
        try:
            plugin.register_rules(registry)
        except Exception as exc:  # a plugin bug of any kind is reported, not raised
            return registry, (f"plugin {self.plugin_of(game)}: {_reason(exc)}",)
        return registry, ()

    def load(self, name_or_path: str | Path, variant: VariantSpec = None) -> Game:
        """The playable game ``name_or_path`` (an installed game or a game folder), with a variant.

        Loading and checking the data and rules happens once per (game,
        variant): the :class:`Game` is immutable, so every caller shares it.
        """
        return self.load_variants(name_or_path, [] if variant is None else [variant])

    def load_variants(self, name_or_path: str | Path, variants: Sequence[VariantSpec]) -> Game:
        """The game with several variants applied in order (a test's changes on a variant)."""
        manifest = self.manifest(name_or_path)
        keys = [_variant_key(v) for v in variants if v is not None]
        if any(key is None for key in keys):  # a variant parsed in memory: not cached
            return self._load(manifest, variants)
        key = (str(manifest.resolve()), "+".join(k or "" for k in keys))
        found = self._loaded.get(key)
        if found is None:
            found = self._loaded[key] = self._load(manifest, variants)
            collector.loaded()
        return found

    def _load(self, manifest: Path, variants: Sequence[VariantSpec]) -> Game:
        loaded = self.rules(manifest)
        if loaded.plugin_problems:
            raise PluginError(loaded.definition.name, "; ".join(loaded.plugin_problems))
        ruleset = loaded.load()
        names: list[str] = []
        applied: list[tuple[str, str]] = []
        for variant in variants:
            if variant is None:
                continue
            parsed = _parse_variant(loaded.definition.variant_files, variant)
            if parsed.base != loaded.definition.name:
                raise RulesError(
                    parsed.span,
                    f"variant {parsed.name!r} is of {parsed.base!r}, not {loaded.definition.name!r}",
                )
            ruleset = with_variant(ruleset, parsed, loaded.symbols, loaded.registry)
            names.append(parsed.name)
            applied.append((parsed.name, parsed.source))
        files = file_digests(loaded.definition)
        plugin = loaded.plugin or GamePlugin()
        declared = plugin.action_kinds(loaded.definition)
        try:
            kinds = ActionKinds(loaded.definition, declared) if declared else None
        except ValueError as exc:
            raise PluginError(loaded.definition.name, f"action kinds: {exc}") from None
        return compile_game(
            loaded.definition,
            ruleset,
            loaded.registry,
            variant="+".join(names) if names else None,
            plugin=plugin,
            actions=kinds,
            sources=Provenance(files, tuple(applied)),
        )

    def load_saved(self, name: str, variants: Sequence[tuple[str, str]]) -> Game:
        """The game a save was made with: its variants rebuilt from the text the save carries
        (a variant known only by name, in an older save, is looked up by name)."""
        specs: list[VariantSpec] = [
            parse_variant(text, f"<variant {variant} in the save>") if text else variant
            for variant, text in variants
        ]
        return self.load_variants(name, specs)

    # -- players ------------------------------------------------------------------------------
    def agents(self) -> dict[str, AgentFactory]:
        """Every player the plugins register, by name (the built-in ones included)."""
        if self._agents is not None:
            return self._agents
        found: dict[str, AgentFactory] = {}
        for impl in self.manager.hook.legatus_register_agents.get_hookimpls():

            def register(name: str, factory: AgentFactory, _plugin: str = impl.plugin_name) -> None:
                if name in found or name == "human":
                    raise LegatusError(f"plugin {_plugin!r}: player {name!r} is already registered")
                found[name] = factory

            impl.function(register=register)
        self._agents = dict(sorted(found.items()))
        return self._agents

    def make_agent(self, spec: str, side: str, seed: int, *, game: Game | None = None) -> Agent:
        """The player named by ``spec`` (``NAME`` or ``NAME:key=value,...``) for ``side``."""
        name, options = parse_player_spec(spec)
        agents = self.agents()
        factory = agents.get(name)
        if factory is None:
            raise LegatusError(
                f"unknown player {name!r}; known players: {', '.join(['human', *agents])}"
            )
        return factory(AgentRequest(side, seed, game, options))


def _files_stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Each file under ``folder``: its path, size and modification time (nanoseconds)."""
    found = []
    for path in sorted(folder.rglob("*")):
        status = path.stat()
        if stat.S_ISREG(status.st_mode):
            found.append((str(path), status.st_size, status.st_mtime_ns))
    return tuple(found)


def _variant_key(variant: VariantSpec) -> str | None:
    """What identifies a variant for the cache (None: do not cache)."""
    if variant is None:
        return ""
    if isinstance(variant, ast.VariantFile):
        # Parsed in memory: its text identifies it, if it kept its text.
        if not variant.source:
            return None
        return "text:" + hashlib.sha256(variant.source.encode()).hexdigest()
    return str(variant)


def _parse_variant(
    shipped: Sequence[Path], variant: str | Path | ast.VariantFile
) -> ast.VariantFile:
    if isinstance(variant, ast.VariantFile):
        return variant
    path = variant_path(shipped, variant)
    return parse_variant(read_source(path), str(path))


def variant_path(game_variants: Sequence[Path], variant: str | Path) -> Path:
    """A variant given by file path, or by the name of one the game ships."""
    path = Path(variant)
    if path.suffix and path.is_file():
        return path
    for candidate in game_variants:
        if candidate.stem == str(variant):
            return candidate
    names = ", ".join(p.stem for p in game_variants) or "none"
    raise LegatusError(
        f"no variant {str(variant)!r}: not a file, nor one of the game's variants ({names})"
    )


def file_digests(definition: GameDef) -> dict[str, str]:
    """A short hash of every file the game's definition and rules were built from, by path
    relative to its folder (so a save can say which file changed)."""
    folder = definition.folder
    files = sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".yaml", ".yml", ".rules", ".variant")
    )
    files += [p for p in definition.rules_files if p not in files]
    found: dict[str, str] = {}
    for path in files:
        name = str(path.relative_to(folder) if path.is_relative_to(folder) else path.name)
        found[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return found


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


_default: Catalog | None = None


def default_catalog() -> Catalog:
    """The process's catalog, found through entry points (loaded once)."""
    global _default
    if _default is None:
        _default = Catalog.discover()
    return _default


def reset_default_catalog(factory: Callable[[], Catalog] | None = None) -> None:
    """Forget the process's catalog (tests use this to install fixtures)."""
    global _default
    _default = factory() if factory else None


def load(name_or_path: str | Path, variant: VariantSpec = None) -> Game:
    """``default_catalog().load(...)``: the playable game, for scripts and the tools at the top."""
    return default_catalog().load(name_or_path, variant)


def hook_names() -> list[str]:
    """Names of every hook in :mod:`legatus.framework.play.hookspecs`."""
    return sorted(n for n in dir(hookspecs) if n.startswith("legatus_"))
