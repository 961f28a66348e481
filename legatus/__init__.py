"""Legatus: a generic engine for block wargames.

This module is the public API for game plugins and other extensions: a
game's package (its procedures, queries, invariants, evaluation) and a
third party's plugin import what they need from ``legatus`` and nothing
deeper, so the framework may reorganise its insides without breaking them::

    from legatus import Action, Context, Frame, GamePlugin, Procedure, hookimpl, make_prompt

The framework itself lives in :mod:`legatus.framework`, one sub-package per
floor, each importing only the floors below it: ``model`` (data files, the
map, the loaded game definition), ``rules`` (the rules language), ``engine``
(a game being run: state, prompts, views, saves, positions), ``kit`` (the
block-wargame mechanics games share: ratings, firing order, hits, border
limits), ``play`` (the
match driver, players, the catalog of installed games and players),
``tools`` (check-game, golden playthroughs, bench, simulation, the test kit)
and ``frontends`` (the command line and the web server). The games Legatus
ships are in :mod:`legatus.games`, its built-in players in
:mod:`legatus.plugins`, the data files' JSON Schemas in ``legatus/schemas``.

Names are imported on first use, so ``import legatus`` costs nothing until a
name is read.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from legatus.framework import kit as kit
    from legatus.framework.engine import battleboard as battleboard
    from legatus.framework.engine import outcome as outcome
    from legatus.framework.engine.actionkinds import ActionKind as ActionKind
    from legatus.framework.engine.actionkinds import parse_signature as parse_signature
    from legatus.framework.engine.actions import Action as Action
    from legatus.framework.engine.actions import Prompt as Prompt
    from legatus.framework.engine.core import Context as Context
    from legatus.framework.engine.core import EngineError as EngineError
    from legatus.framework.engine.core import Frame as Frame
    from legatus.framework.engine.core import Game as Game
    from legatus.framework.engine.core import Immediate as Immediate
    from legatus.framework.engine.core import Procedure as Procedure
    from legatus.framework.engine.core import make_prompt as make_prompt
    from legatus.framework.engine.frames import BY_SIDE as BY_SIDE
    from legatus.framework.engine.frames import HIDDEN as HIDDEN
    from legatus.framework.engine.frames import OWNER as OWNER
    from legatus.framework.engine.frames import PIECES as PIECES
    from legatus.framework.engine.frames import PUBLIC as PUBLIC
    from legatus.framework.engine.frames import declare as declare
    from legatus.framework.engine.gameplugin import GamePlugin as GamePlugin
    from legatus.framework.engine.invariants import Invariant as Invariant
    from legatus.framework.engine.invariants import StepInvariant as StepInvariant
    from legatus.framework.engine.records import reset_record as reset_record
    from legatus.framework.engine.render import natural_key as natural_key
    from legatus.framework.engine.render import render_cards as render_cards
    from legatus.framework.engine.render import render_pieces as render_pieces
    from legatus.framework.engine.render import words as words
    from legatus.framework.engine.responses import ResponseWindow as ResponseWindow
    from legatus.framework.engine.simultaneous import Simultaneous as Simultaneous
    from legatus.framework.engine.situation import Situation as Situation
    from legatus.framework.engine.situation import context_of as context_of
    from legatus.framework.engine.state import OFF_MAP as OFF_MAP
    from legatus.framework.engine.state import PieceEntry as PieceEntry
    from legatus.framework.engine.state import PieceMoves as PieceMoves
    from legatus.framework.engine.state import State as State
    from legatus.framework.engine.state import footprint as footprint
    from legatus.framework.engine.state import frames_of as frames_of
    from legatus.framework.engine.state import innermost as innermost
    from legatus.framework.engine.state import note_moved as note_moved
    from legatus.framework.engine.state import occupancy as occupancy
    from legatus.framework.engine.state import on_map as on_map
    from legatus.framework.engine.state import own_piece as own_piece
    from legatus.framework.engine.state import pieces_at as pieces_at
    from legatus.framework.engine.state import pieces_of as pieces_of
    from legatus.framework.engine.state import set_flag as set_flag
    from legatus.framework.engine.state import sides_by_space as sides_by_space
    from legatus.framework.engine.state import zone_cards as zone_cards
    from legatus.framework.engine.textboard import TextBoard as TextBoard
    from legatus.framework.engine.textmap import Label as Label
    from legatus.framework.engine.textmap import Style as Style
    from legatus.framework.engine.typed import Field as Field
    from legatus.framework.engine.typed import FrameView as FrameView
    from legatus.framework.engine.typed import PieceView as PieceView
    from legatus.framework.engine.typed import RecordsView as RecordsView
    from legatus.framework.engine.typed import Slot as Slot
    from legatus.framework.engine.typed import piece as piece
    from legatus.framework.engine.view import observe as observe
    from legatus.framework.model.board import Board as Board
    from legatus.framework.model.errors import LegatusError as LegatusError
    from legatus.framework.model.gamedef import Card as Card
    from legatus.framework.model.gamedef import GameDef as GameDef
    from legatus.framework.model.gamedef import Piece as Piece
    from legatus.framework.model.gamedef import Rating as Rating
    from legatus.framework.model.hexgrid import FACINGS as FACINGS
    from legatus.framework.model.hexgrid import HexGrid as HexGrid
    from legatus.framework.model.hexgrid import opposite as opposite
    from legatus.framework.model.hexgrid import rotate as rotate
    from legatus.framework.play.agents import Agent as Agent
    from legatus.framework.play.agents import AgentRequest as AgentRequest
    from legatus.framework.play.agents import FirstAgent as FirstAgent
    from legatus.framework.play.agents import RandomAgent as RandomAgent
    from legatus.framework.play.ai.greedy import GreedyAgent as GreedyAgent
    from legatus.framework.play.ai.mcts import MctsAgent as MctsAgent
    from legatus.framework.play.hookspecs import RegisterAgent as RegisterAgent
    from legatus.framework.play.hookspecs import RegisterGame as RegisterGame
    from legatus.framework.play.hookspecs import hookimpl as hookimpl
    from legatus.framework.rules.parser import parse_rules as parse_rules
    from legatus.framework.rules.registry import RuleRegistry as RuleRegistry
    from legatus.framework.rules.registry import rules_effect as rules_effect
    from legatus.framework.rules.registry import rules_query as rules_query

#: Each public name -> the module that defines it (a module itself where the value is "").
_PUBLIC: dict[str, str] = {
    # a game's rules: procedures, prompts and actions
    "Procedure": "legatus.framework.engine.core",
    "Immediate": "legatus.framework.engine.core",
    "Context": "legatus.framework.engine.core",
    "Frame": "legatus.framework.engine.core",
    "Game": "legatus.framework.engine.core",
    "EngineError": "legatus.framework.engine.core",
    "make_prompt": "legatus.framework.engine.core",
    "Action": "legatus.framework.engine.actions",
    "Prompt": "legatus.framework.engine.actions",
    "ActionKind": "legatus.framework.engine.actionkinds",
    "parse_signature": "legatus.framework.engine.actionkinds",
    "Simultaneous": "legatus.framework.engine.simultaneous",
    "ResponseWindow": "legatus.framework.engine.responses",
    "RuleRegistry": "legatus.framework.rules.registry",
    "rules_query": "legatus.framework.rules.registry",
    "rules_effect": "legatus.framework.rules.registry",
    "parse_rules": "legatus.framework.rules.parser",
    # what a procedure's frame declares about who sees its fields
    "declare": "legatus.framework.engine.frames",
    "PUBLIC": "legatus.framework.engine.frames",
    "PIECES": "legatus.framework.engine.frames",
    "OWNER": "legatus.framework.engine.frames",
    "BY_SIDE": "legatus.framework.engine.frames",
    "HIDDEN": "legatus.framework.engine.frames",
    # typed views of a frame, a piece and the records (the state stays plain data)
    "FrameView": "legatus.framework.engine.typed",
    "Slot": "legatus.framework.engine.typed",
    "Field": "legatus.framework.engine.typed",
    "PieceView": "legatus.framework.engine.typed",
    "RecordsView": "legatus.framework.engine.typed",
    "piece": "legatus.framework.engine.typed",
    # the state and the game's data
    "State": "legatus.framework.engine.state",
    "footprint": "legatus.framework.engine.state",
    "pieces_at": "legatus.framework.engine.state",
    "zone_cards": "legatus.framework.engine.state",
    "pieces_of": "legatus.framework.engine.state",
    "PieceEntry": "legatus.framework.engine.state",
    "PieceMoves": "legatus.framework.engine.state",
    "innermost": "legatus.framework.engine.state",
    "frames_of": "legatus.framework.engine.state",
    "OFF_MAP": "legatus.framework.engine.state",
    "on_map": "legatus.framework.engine.state",
    "own_piece": "legatus.framework.engine.state",
    "note_moved": "legatus.framework.engine.state",
    "occupancy": "legatus.framework.engine.state",
    "sides_by_space": "legatus.framework.engine.state",
    "set_flag": "legatus.framework.engine.state",
    "reset_record": "legatus.framework.engine.records",
    "GameDef": "legatus.framework.model.gamedef",
    "Card": "legatus.framework.model.gamedef",
    "Piece": "legatus.framework.model.gamedef",
    "Rating": "legatus.framework.model.gamedef",
    "Board": "legatus.framework.model.board",
    "HexGrid": "legatus.framework.model.hexgrid",
    "FACINGS": "legatus.framework.model.hexgrid",
    "opposite": "legatus.framework.model.hexgrid",
    "rotate": "legatus.framework.model.hexgrid",
    "LegatusError": "legatus.framework.model.errors",
    # queries, views, outcomes, invariants and drawing
    "Situation": "legatus.framework.engine.situation",
    "context_of": "legatus.framework.engine.situation",
    "observe": "legatus.framework.engine.view",
    "outcome": "",
    "battleboard": "",
    "kit": "",
    "Invariant": "legatus.framework.engine.invariants",
    "StepInvariant": "legatus.framework.engine.invariants",
    "render_cards": "legatus.framework.engine.render",
    "render_pieces": "legatus.framework.engine.render",
    "words": "legatus.framework.engine.render",
    "natural_key": "legatus.framework.engine.render",
    "TextBoard": "legatus.framework.engine.textboard",
    "Label": "legatus.framework.engine.textmap",
    "Style": "legatus.framework.engine.textmap",
    # plugging in: the game object, the hooks, players
    "GamePlugin": "legatus.framework.engine.gameplugin",
    "hookimpl": "legatus.framework.play.hookspecs",
    "RegisterGame": "legatus.framework.play.hookspecs",
    "RegisterAgent": "legatus.framework.play.hookspecs",
    "Agent": "legatus.framework.play.agents",
    "AgentRequest": "legatus.framework.play.agents",
    "FirstAgent": "legatus.framework.play.agents",
    "RandomAgent": "legatus.framework.play.agents",
    "GreedyAgent": "legatus.framework.play.ai.greedy",
    "MctsAgent": "legatus.framework.play.ai.mcts",
}

#: Modules exported by name.
_MODULES = {
    "outcome": "legatus.framework.engine.outcome",
    "battleboard": "legatus.framework.engine.battleboard",
    "kit": "legatus.framework.kit",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'legatus' has no attribute {name!r}")
    if not module:
        value: Any = importlib.import_module(_MODULES[name])
    else:
        value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
