"""Any Legatus game as an OpenSpiel Python game (``pip install 'legatus[openspiel]'``).

:func:`register` makes ``legatus_GAME`` loadable with ``pyspiel.load_game``, so
OpenSpiel's own algorithms, bots and tests run on it::

    import pyspiel
    from legatus.framework.tools.simulate import openspiel

    name = openspiel.register("julius_caesar")          # "legatus_julius_caesar"
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

How the game looks to OpenSpiel:

* **players** are the game's sides, in their order (player 0 is the first side); the
  current player is the side the engine's prompt asks. Every prompt is a decision, even
  one with a single legal action. Sequential, imperfect information, zero-sum: a
  finished game returns :func:`legatus.framework.engine.outcome.value` of its result to each
  side (two sides: 1 won, -1 lost, 0 drawn), and a game that reaches its action bound
  ends drawn.
* **chance** is the engine's dice. The engine rolls inside the rules, in the middle of
  applying an action, from the state's own seeded generator, so a die cannot be a
  chance node of its own. OpenSpiel sees one chance node, at the start: which seed the
  engine's generator gets (``seeds`` outcomes, equally likely); every die after it comes
  from that generator, exactly as in ``legatus play --seed S``. A state is therefore
  determined by its history (the seed, then the actions), which is what OpenSpiel's
  serialization and its tests rely on.
* **actions** are integers: the game's stable action codes (from the action kinds its
  plugin declares) when there are at most ``FLAT_LIMIT`` of them, as for the naval
  module; otherwise *slots*: action *i* is the prompt's *i*-th legal action in canonical
  order (``max_legal`` slots; Julius Caesar's codes number about 3·10²²). A prompt's
  legal actions are what the side may see, so a slot means the same action in every
  state of an information set.
* **observations** come from the side's view (:func:`legatus.framework.engine.view.observe`):
  the string is its canonical JSON, the tensor its
  :class:`~legatus.framework.tools.simulate.encoding.ViewEncoder` vector. The **information state**
  string is the side's information set (:mod:`legatus.framework.play.ai.infoset`): the state with
  every fact the side may not see removed, its readable log included (so it recalls
  what it saw), as canonical JSON. Neither contains anything the side may not see.
* :func:`resampler` gives OpenSpiel's information-set MCTS bot states drawn from the
  acting side's information set (hidden pieces dealt, a fresh generator for the dice),
  and :class:`Evaluator` scores leaves with the game's own evaluation, as Legatus's
  MCTS player does.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from legatus.framework.engine import outcome, rng
from legatus.framework.engine.actions import Action, ActionCodec, action_for
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.state import State
from legatus.framework.engine.view import observe
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.ai.evaluation import evaluator
from legatus.framework.play.ai.infoset import InformationSet, information_set, known_state
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import MAX_ACTIONS, Match
from legatus.framework.tools.simulate.encoding import ViewEncoder

#: Largest action encoding used as OpenSpiel's action ids (a legal-action mask this long).
FLAT_LIMIT = 1 << 16
#: Slots when the encoding is larger: more than any prompt of the shipped games offers
#: (Julius Caesar's largest seen is about a hundred).
MAX_LEGAL = 512
#: Seeds the chance node at the start chooses from.
SEEDS = 1000

#: Registered games: OpenSpiel name -> what :func:`register` was given.
_REGISTERED: dict[str, dict[str, Any]] = {}


class _Plain:
    """A Legatus state inside an OpenSpiel state: copied the engine's way (marshal), which is
    what OpenSpiel's ``clone`` (a ``deepcopy`` of the state's attributes) then does."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Plain:
        return _Plain(marshal.loads(marshal.dumps(self.value)))

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.value = value


def register(
    game: str,
    *,
    scenario: str | None = None,
    variant: str | None = None,
    options: Sequence[str] = (),
    max_actions: int | None = None,
    name: str | None = None,
) -> str:
    """Register ``game`` (with a scenario, variant and options) as an OpenSpiel game;
    return its name for ``pyspiel.load_game`` (``legatus_GAME`` unless ``name``)."""
    loaded = default_catalog().load(game, variant)
    definition = loaded.definition
    short = name or f"legatus_{definition.name}"
    settings = {
        "game": game,
        "scenario": scenario,
        "variant": variant,
        "options": tuple(options),
        "max_actions": max_actions or definition.max_actions or MAX_ACTIONS,
    }
    known = _REGISTERED.get(short)
    if known is not None:
        if known != settings:
            raise LegatusError(f"OpenSpiel game {short!r} is registered already with {known}")
        return short
    sides = len(definition.side_ids)
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"Legatus {definition.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=sides,
        min_num_players=sides,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seeds": SEEDS, "max_legal": MAX_LEGAL},
    )
    _REGISTERED[short] = settings
    # OpenSpiel keeps the factory for the life of the process: a class (as OpenSpiel's own
    # Python games register), since a closure it releases at exit crashes the interpreter.
    factory = type(
        f"LegatusGame_{definition.name}",
        (LegatusGame,),
        {"GAME_TYPE": game_type, "SETTINGS": settings},
    )
    pyspiel.register_game(game_type, factory)
    return short


def load(game: str, **settings: Any) -> Any:
    """``pyspiel.load_game`` of ``game``, registered first (see :func:`register`)."""
    return pyspiel.load_game(register(game, **settings))


class LegatusGame(pyspiel.Game):  # type: ignore[misc]
    """A Legatus game (scenario, variant and options fixed) for OpenSpiel."""

    #: Set on the subclass :func:`register` makes for each registered game.
    GAME_TYPE: ClassVar[Any] = None
    SETTINGS: ClassVar[dict[str, Any]] = {}

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        settings = self.SETTINGS
        self.legatus: Game = default_catalog().load(settings["game"], settings["variant"])
        self.settings = settings
        definition = self.legatus.definition
        self.sides: tuple[str, ...] = tuple(definition.side_ids)
        self.seeds = int(params.get("seeds", SEEDS))
        codec: ActionCodec | None = (
            self.legatus.actions.codec() if self.legatus.actions is not None else None
        )
        self.codec = codec if codec is not None and codec.size <= FLAT_LIMIT else None
        self.slots = int(params.get("max_legal", MAX_LEGAL))
        actions = self.codec.size if self.codec is not None else self.slots
        self.encoder = ViewEncoder(self.legatus)
        self.max_actions = int(settings["max_actions"])
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=self.seeds,
            num_players=len(self.sides),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_actions,
        )
        super().__init__(self.GAME_TYPE, info, params)

    def new_initial_state(self) -> LegatusState:
        return LegatusState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationStateObserver(self)
        return ViewObserver(self)

    def setup(self, seed: int) -> State:
        settings = self.settings
        return self.legatus.new_state(
            settings["scenario"], seed=seed, options=settings["options"], run=Run(count=False)
        )


class LegatusState(pyspiel.State):  # type: ignore[misc]
    """A Legatus state: the seed's chance node first, then the engine's prompts."""

    def __init__(self, game: LegatusGame) -> None:
        super().__init__(game)
        #: The Legatus state (None until the chance node has chosen the seed).
        self._truth: _Plain | None = None
        #: Legatus actions applied so far (the action bound counts them).
        self._moves = 0

    # -- the helpers ----------------------------------------------------------------------
    def _game(self) -> LegatusGame:
        found: LegatusGame = self.get_game()
        return found

    @property
    def truth(self) -> State:
        """The Legatus state (the whole truth: never show it to a player)."""
        if self._truth is None:
            raise LegatusError("the game has not started: the seed's chance node comes first")
        state: State = self._truth.value
        return state

    def legal(self) -> list[Action]:
        """The prompt's legal Legatus actions, in canonical order."""
        game = self._game()
        return list(game.legatus.legal_actions(self.truth, Run(count=False)))

    def action_of(self, action_id: int) -> Action:
        """The Legatus action an OpenSpiel action id stands for in this state."""
        return action_for(action_id, self.legal(), self._game().codec)

    # -- OpenSpiel's API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self._truth is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        prompt = self.truth["prompt"]
        return self._game().sides.index(prompt["side"])

    def _legal_actions(self, player: int) -> list[int]:
        game = self._game()
        legal = self.legal()
        if game.codec is not None:
            return sorted(game.codec.encode(a) for a in legal)
        if len(legal) > game.slots:
            raise LegatusError(
                f"{len(legal)} legal actions exceed the {game.slots} slots: load the game "
                f"with a larger max_legal"
            )
        return list(range(len(legal)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._game().seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action_id: int) -> None:
        game = self._game()
        if self._truth is None:
            self._truth = _Plain(game.setup(int(action_id)))
            return
        action = self.action_of(int(action_id))
        # Through the match driver, as every front end plays: the match answers in place on
        # this state (it keeps no history), checking the action once.
        match = Match(game.legatus, self.truth, run=Run(count=False))
        match.answer(self.truth["prompt"]["side"], action)
        self._moves += 1

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action_id}"
        if self._truth is None or self.is_terminal():
            return f"action {action_id}"
        try:
            return self.action_of(int(action_id)).text
        except LegatusError:
            return f"action {action_id}"

    def is_terminal(self) -> bool:
        if self._truth is None:
            return False
        state = self.truth
        return (
            state["result"] is not None
            or state["prompt"] is None
            or (self._moves >= self._game().max_actions)
        )

    def returns(self) -> list[float]:
        game = self._game()
        if self._truth is None or self.truth["result"] is None:
            return [0.0] * len(game.sides)
        result = self.truth["result"]
        return [outcome.value(result, side, game.sides) for side in game.sides]

    def __str__(self) -> str:
        """The state's short fingerprint: what OpenSpiel's tests compare between copies."""
        if self._truth is None:
            return "(no seed yet)"
        text = json.dumps(self.truth, sort_keys=True, separators=(",", ":"), default=str)
        return f"{self._moves} actions, state {hashlib.sha1(text.encode()).hexdigest()[:16]}"


class ViewObserver:
    """A side's view: its canonical JSON, and its :class:`ViewEncoder` vector."""

    def __init__(self, game: LegatusGame) -> None:
        self.game = game
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def _view(self, state: LegatusState, player: int) -> dict[str, Any] | None:
        if state._truth is None:
            return None
        side = self.game.sides[player]
        return dict(observe(self.game.legatus.definition, state.truth, side))

    def set_from(self, state: LegatusState, player: int) -> None:
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
            return
        acting = (
            not state.is_terminal() and state.truth["prompt"]["side"] == self.game.sides[player]
        )
        legal = len(state.legal()) if acting else 0
        self.tensor[:] = self.game.encoder.encode(view, legal)

    def string_from(self, state: LegatusState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return f"{self.game.sides[player]}: before the seed"
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class InformationStateObserver:
    """A side's information set (its view, what it recalls, no hidden fact) as a string."""

    def __init__(self, game: LegatusGame) -> None:
        self.game = game
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: LegatusState, player: int) -> None:
        raise LegatusError("the information state has no tensor: use its string")

    def string_from(self, state: LegatusState, player: int) -> str:
        side = self.game.sides[player]
        if state._truth is None:
            return f"{side}: before the seed"
        known = known_state(self.game.legatus, state.truth, side)
        return json.dumps(known, sort_keys=True, separators=(",", ":"), default=str)


def resampler(state: LegatusState, player: int, seed: int | None = None) -> LegatusState:
    """A state drawn from ``player``'s information set at ``state`` (for
    ``ISMCTSBot.set_resampler``): the hidden facts dealt again, and a fresh generator, so
    neither the true hidden pieces nor the true future dice reach the search."""
    game = state._game()
    side = game.sides[player]
    # The bot resamples the same root at every simulation: its information set once.
    key = (game.get_type().short_name, state.history_str(), player)
    info = _LAST_INFO.get(key)
    if info is None:
        info = information_set(game.legatus, state.truth, side)
        _LAST_INFO.clear()
        _LAST_INFO[key] = info
    stream = rng.seed_state(seed if seed is not None else _next_seed())
    sample: LegatusState = state.clone()
    sample._truth = _Plain(info.sample(stream))
    return sample


_COUNTER = [0]
#: The information set the resampler built last, by (game, history, player).
_LAST_INFO: dict[tuple[str, str, int], InformationSet] = {}


def _next_seed() -> int:
    _COUNTER[0] += 1
    return _COUNTER[0]


class Evaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaves scored by the game's own evaluation (its plugin's ``evaluate``, or the result
    when the game is over), the way Legatus's MCTS scores them; uniform priors."""

    def __init__(self, game: LegatusGame) -> None:
        self.game = game
        self.judge = evaluator(game.legatus)

    def evaluate(self, state: LegatusState) -> np.ndarray[Any, Any]:
        if state._truth is None:
            return np.zeros(len(self.game.sides))
        if state.is_terminal():
            return np.array(state.returns())
        return np.array([self.judge(state.truth, side) for side in self.game.sides])

    def prior(self, state: LegatusState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            found: list[tuple[int, float]] = state.chance_outcomes()
            return found
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
