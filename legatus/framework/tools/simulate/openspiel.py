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
  :class:`~legatus.framework.tools.simulate.encoding.ViewEncoder` vector. The **information
  state** string is a key of the side's information set
  (:mod:`legatus.framework.play.ai.infoset`: the state with every fact the side may not see
  removed, and the log it may read, so it recalls what it saw): the side and a 128-bit
  digest, equal for two states exactly when the information set written out
  (:func:`information_state_text`) is. OpenSpiel's searches ask for it several times per
  simulation, so it is worked out once per state and kept on it, and the log goes into it
  as a digest that grows with the log, not as text: a key costs the same early and late
  in a game. Neither contains anything the side may not see.
* :class:`Resampler` gives OpenSpiel's information-set MCTS bot states drawn from the
  acting side's information set (hidden pieces dealt, a fresh generator for the dice), from
  seeds derived from the bot's seed and what the side knows, so a game replays in any
  process; :class:`Evaluator` scores leaves with the game's own evaluation, as Legatus's
  MCTS player does; :func:`ismcts_bot` makes the bot with both.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from legatus.framework.engine import outcome, rng
from legatus.framework.engine.actions import Action, ActionCodec, action_for
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.state import State
from legatus.framework.engine.view import observe, readable_log, viewer_of
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.ai.evaluation import evaluator
from legatus.framework.play.ai.infoset import (
    CANONICAL,
    InformationSet,
    KnownText,
    information_set,
    known_state,
)
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import MAX_ACTIONS
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


class _Truth:
    """A Legatus state inside an OpenSpiel state, with what is derived from it once and
    kept until the state is played on (:meth:`changed`): its legal actions, each player's
    information-state key, the information sets the resampler draws from, and the digests
    of the log as each side reads it.

    Copied the engine's way (marshal), with what was derived (a copy is the same state),
    which is what OpenSpiel's ``clone`` (a ``deepcopy`` of the state's attributes) then
    does. A new truth (a resampled one, a test's) starts with nothing derived, so nothing
    derived from another state can go stale on it.
    """

    __slots__ = (
        "digests",
        "ids",
        "infosets",
        "keys",
        "legal",
        "player",
        "run",
        "terminal",
        "value",
    )

    def __init__(
        self, value: State, digests: dict[tuple[str, ...], tuple[bytes, int]] | None = None
    ) -> None:
        self.value = value
        #: The engine's run for this state (no rule counted): it remembers the decision the
        #: state reached, so listing its actions, checking the one chosen and listing the
        #: next decision's after it cost one call of the procedure each, not two or three.
        self.run = Run(count=False)
        #: OpenSpiel's current player (None: not worked out yet).
        self.player: int | None = None
        #: Whether the game is over (None: not worked out yet).
        self.terminal: bool | None = None
        #: The legal actions, in canonical order (None: not listed yet).
        self.legal: list[Action] | None = None
        #: Their OpenSpiel ids (None: not asked for yet).
        self.ids: list[int] | None = None
        #: Each player's information-state key.
        self.keys: dict[int, str] = {}
        #: Each player's information set, without its log, and the log it may read (what
        #: the resampler draws from).
        self.infosets: dict[int, tuple[InformationSet, list[dict[str, Any]]]] = {}
        #: For a tuple of sides, ``(digest, position)``: the digest of the entries before
        #: ``position`` of the log that every one of them may read (:func:`_log_digest`).
        #: The log only grows, so a digest stays true when the state is played on.
        self.digests: dict[tuple[str, ...], tuple[bytes, int]] = dict(digests or {})

    def changed(self) -> None:
        """The state was played on: forget what was derived from it, but the log's digests
        and the run (its memory of the decision reached is the new one's)."""
        self.player = None
        self.terminal = None
        self.legal = None
        self.ids = None
        self.keys = {}
        self.infosets = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Truth:
        copy = _Truth(marshal.loads(marshal.dumps(self.value)), self.digests)
        copy.player = self.player
        copy.terminal = self.terminal
        copy.legal = self.legal  # actions are immutable, and the list is never changed
        copy.ids = self.ids  # never changed either
        copy.keys = dict(self.keys)
        copy.infosets = dict(self.infosets)  # read only: a sample copies what it takes
        return copy

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.__init__(value)  # type: ignore[misc]


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
        #: What a side knows of a state, as canonical JSON: the information-state key's text.
        self.known_text = KnownText(self.legatus)
        self._lenses: dict[str, list[tuple[str, ...]]] = {}
        self._wider: dict[
            str, tuple[dict[tuple[str, ...], tuple[str, ...]], list[tuple[str, ...]]]
        ] = {}
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

    def lenses(self, side: str) -> list[tuple[str, ...]]:
        """``side`` with each side (itself included), in the sides' order: the groups of
        readers whose shared log an information-state key of ``side`` works out."""
        found = self._lenses.get(side)
        if found is None:
            found = self._lenses[side] = [tuple(sorted({side, other})) for other in self.sides]
        return found

    def wider(
        self, side: str
    ) -> tuple[dict[tuple[str, ...], tuple[str, ...]], list[tuple[str, ...]]]:
        """For a sample drawn for ``side``: every pair of sides (as a sorted tuple) with the
        group of it and ``side``, whose shared entries are the pair's in the sample; and
        those groups, sorted (:func:`resample`)."""
        found = self._wider.get(side)
        if found is None:
            pairs = {tuple(sorted({a, b})) for a in self.sides for b in self.sides}
            wider = {pair: tuple(sorted({*pair, side})) for pair in pairs}
            found = self._wider[side] = (wider, sorted(set(wider.values())))
        return found

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
        self._truth: _Truth | None = None
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
        return list(self._legal())

    def _legal(self) -> list[Action]:
        """The legal actions, listed once per state (the list itself: do not change it)."""
        truth = self._truth
        if truth is None:
            raise LegatusError("the game has not started: the seed's chance node comes first")
        if truth.legal is None:
            game = self._game()
            truth.legal = list(game.legatus.legal_actions(truth.value, truth.run))
        return truth.legal

    def action_of(self, action_id: int) -> Action:
        """The Legatus action an OpenSpiel action id stands for in this state."""
        return action_for(action_id, self._legal(), self._game().codec)

    def information_key(self, player: int) -> str:
        """``player``'s information-state key: what OpenSpiel's information state string is.

        A compact, canonical name of the player's information set: the side, then a digest
        of what it knows of the state (its skeleton, :func:`~legatus.framework.play.ai.
        infoset.known_state`, as canonical JSON) and of the log it may read, in order. Two
        states give the same key exactly when they give the same
        :func:`information_state_text`, the information set written out; nothing the
        side may not see goes into either. The log is folded into its digest as it grows
        (:func:`_log_digest`), so a key costs the same early and late in a game; it is
        computed once per state and kept until the state is played on. The skeleton's JSON
        is written straight from the state (:class:`~legatus.framework.play.ai.infoset.
        KnownText`), the same text as ``known_state``'s, without copying it.
        """
        truth = self._truth
        if truth is not None:
            key = truth.keys.get(player)
            if key is not None:
                return key
        game = self._game()
        side = game.sides[player]
        if truth is None:
            return f"{side}: before the seed"
        known = game.known_text(truth.value, side)
        digest = hashlib.blake2b(known.encode(), digest_size=16)
        # With the side's own, the digests of the entries it shares with each other side,
        # in the same pass: what the resampler gives its samples.
        digest.update(_log_digests(truth, game.lenses(side))[player])
        key = f"{side} {digest.hexdigest()}"
        truth.keys[player] = key
        return key

    # -- OpenSpiel's API ---------------------------------------------------------------------
    def current_player(self) -> int:
        truth = self._truth
        if truth is None:
            return int(pyspiel.PlayerId.CHANCE)
        if truth.player is None:
            if self.is_terminal():
                truth.player = int(pyspiel.PlayerId.TERMINAL)
            else:
                truth.player = self._game().sides.index(truth.value["prompt"]["side"])
        return truth.player

    def _legal_actions(self, player: int) -> list[int]:
        truth = self._truth
        if truth is not None and truth.ids is not None:
            return truth.ids
        game = self._game()
        legal = self._legal()
        if game.codec is not None:
            ids = sorted(game.codec.encode(a) for a in legal)
        elif len(legal) > game.slots:
            raise LegatusError(
                f"{len(legal)} legal actions exceed the {game.slots} slots: load the game "
                f"with a larger max_legal"
            )
        else:
            ids = list(range(len(legal)))
        if truth is not None:
            truth.ids = ids
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._game().seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action_id: int) -> None:
        game = self._game()
        if self._truth is None:
            self._truth = _Truth(game.setup(int(action_id)))
            return
        action = self.action_of(int(action_id))
        # In place, as Legatus's own search plays (the engine checks the action): OpenSpiel's
        # searches apply most actions to the states they draw, and a match driver around
        # each would ask the engine for the next prompt twice more. The side asked answers
        # (OpenSpiel's current player), and the action bound is :meth:`is_terminal`'s.
        truth = self._truth
        game.legatus.apply(truth.value, action, truth.run)
        truth.changed()
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
        truth = self._truth
        if truth is None:
            return False
        if truth.terminal is None:
            state = truth.value
            truth.terminal = (
                state["result"] is not None
                or state["prompt"] is None
                or (self._moves >= self._game().max_actions)
            )
        return truth.terminal

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
        legal = len(state._legal()) if acting else 0
        self.tensor[:] = self.game.encoder.encode(view, legal)

    def string_from(self, state: LegatusState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return f"{self.game.sides[player]}: before the seed"
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class InformationStateObserver:
    """A side's information state: its key (:meth:`LegatusState.information_key`)."""

    def __init__(self, game: LegatusGame) -> None:
        self.game = game
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: LegatusState, player: int) -> None:
        raise LegatusError("the information state has no tensor: use its string")

    def string_from(self, state: LegatusState, player: int) -> str:
        return state.information_key(player)


def information_state_text(state: LegatusState, player: int) -> str:
    """``player``'s information set at ``state`` written out: what it knows of the state,
    its readable log included, as canonical JSON (:func:`~legatus.framework.play.ai.
    infoset.known_state`). Long (the log grows to tens of thousands of characters): for
    reading; OpenSpiel gets the key (:meth:`LegatusState.information_key`)."""
    game = state._game()
    side = game.sides[player]
    if state._truth is None:
        return f"{side}: before the seed"
    known = known_state(game.legatus, state.truth, side)
    return json.dumps(known, sort_keys=True, separators=(",", ":"), default=str)


#: Canonical JSON, as the information state's text (one encoder, made once).
_CANONICAL = CANONICAL


def _log_digest(truth: _Truth, readers: tuple[str, ...]) -> bytes:
    """The digest of the log entries of ``truth`` that every side of ``readers`` may read
    (with the eyes of its seat), in order: each entry's canonical JSON folded into the
    digest of those before it (see :func:`_log_digests`)."""
    return _log_digests(truth, [readers])[0]


def _log_digests(truth: _Truth, lenses: Sequence[tuple[str, ...]]) -> list[bytes]:
    """:func:`_log_digest` for each tuple of ``lenses``, in one pass over the log. Each
    digest is kept on ``truth`` with the position it reached, so only the entries
    written since are read, each written out once for all the lenses."""
    state = truth.value
    log = state["log"]
    end = len(log)
    digests: list[bytes] = []
    positions: list[int] = []
    viewers: list[list[frozenset[str]]] = []
    for readers in lenses:
        digest, position = truth.digests.get(readers, (b"", 0))
        if position > end:  # not this log's: start again
            digest, position = b"", 0
        digests.append(digest)
        positions.append(position)
        viewers.append([viewer_of(state, side) for side in readers])
    start = min(positions, default=end)
    for index in range(start, end):
        entry = log[index]
        to = entry.get("to")
        text: bytes | None = None
        for lens, seen in enumerate(viewers):
            if positions[lens] > index:
                continue
            if to is None or all(not viewer.isdisjoint(to) for viewer in seen):
                if text is None:
                    text = _CANONICAL.encode(entry).encode()
                digests[lens] = hashlib.blake2b(digests[lens] + text, digest_size=16).digest()
    for readers, digest in zip(lenses, digests, strict=True):
        truth.digests[readers] = (digest, end)
    return digests


def resample(state: LegatusState, player: int, seed: int) -> LegatusState:
    """A state drawn from ``player``'s information set at ``state``, from the generator
    ``seed`` starts: the hidden facts dealt again and a fresh generator for the dice, so
    neither the true hidden pieces nor the true future dice reach the search.

    The information set is built once per state and kept on it (a state played on, or
    given another truth, builds its own). The sample's log is the one the side may read,
    its entries shared (entries never change once written), and the sample starts with the
    side's key and log digests worked out: the side's are the state's; another side's
    are those of the entries both may read. A :class:`Resampler` chooses the seeds.
    """
    game = state._game()
    side = game.sides[player]
    truth = state._truth
    if truth is None:
        raise LegatusError("the game has not started: the seed's chance node comes first")
    known = truth.infosets.get(player)
    if known is None:
        # The log apart, its entries shared, not copied: entries never change once written.
        known = (information_set(game.legatus, truth.value, side, log=False),
                 readable_log(truth.value, side))  # fmt: skip
        truth.infosets[player] = known
    info, log = known
    key = state.information_key(player)
    drawn = info.sample(rng.seed_state(seed), log=False)
    drawn["log"] = list(log)
    # In the sample, the entries a group of sides may read are those of the state that the
    # group and this side may read: a digest of the sample's log is one of the state's.
    read = len(log)
    wider, asked = game.wider(side)
    found = dict(zip(asked, _log_digests(truth, asked), strict=True))
    digests = {lens: (found[group], read) for lens, group in wider.items()}
    sample = LegatusState(game)
    sample._truth = made = _Truth(drawn, digests)
    made.keys[player] = key  # the same information set
    sample._moves = state._moves
    prompt = truth.value["prompt"]
    if truth.legal is not None and prompt is not None and prompt["side"] == side:
        # The side asked was drawn for: its legal actions are what it sees, the same in
        # every state of its information set (what the slots rely on). The sample takes
        # the state's listing, and the run's memory of the prompt, so neither listing them
        # nor checking the action chosen asks the procedure again.
        listed = truth.run.recall(prompt)
        if listed is not None:
            made.legal = truth.legal
            made.run.remember(drawn["prompt"], listed)
    return sample


class Resampler:
    """The resampler OpenSpiel's information-set MCTS bot calls
    (``bot.set_resampler(Resampler(seed))``): :func:`resample` with seeds derived from
    ``seed`` (the caller's), the player's information-state key and how many states it
    drew there before. The same bot seed and game seed therefore replay the same game in
    any process, whatever ran before; and what the search draws depends on what the
    player knows, never on the hidden truth."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self._at: str | None = None
        self._draws = 0

    def __call__(self, state: LegatusState, player: int) -> LegatusState:
        key = state.information_key(player)
        if key != self._at:
            self._at, self._draws = key, 0
        draw = self._draws
        self._draws += 1
        return resample(state, player, draw_seed(self.seed, key, draw))


def draw_seed(seed: int, key: str, draw: int) -> int:
    """The generator seed of the ``draw``-th state drawn at information-state ``key`` by a
    resampler seeded ``seed``: 64 bits of a hash of the three."""
    text = f"{seed} {draw} {key}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def ismcts_bot(
    game: LegatusGame,
    seed: int,
    *,
    simulations: int,
    uct_c: float = 1.0,
    **options: Any,
) -> Any:
    """OpenSpiel's information-set MCTS bot on a Legatus game, seeded ``seed`` (its own
    generator and the :class:`Resampler`'s), leaves scored by :class:`Evaluator`:
    ``simulations`` per decision. ``options`` go to ``ISMCTSBot`` as they are."""
    bot = ismcts.ISMCTSBot(
        game,
        Evaluator(game),
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed % (1 << 32)),
        **options,
    )
    bot.set_resampler(Resampler(seed))
    return bot


class Evaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaves scored by the game's own evaluation (its plugin's ``evaluate``, or the result
    when the game is over), the way Legatus's MCTS scores them (with two sides, zero-sum:
    the second side's value is minus the first's); uniform priors."""

    def __init__(self, game: LegatusGame) -> None:
        self.game = game
        self.judge = evaluator(game.legatus)

    def evaluate(self, state: LegatusState) -> np.ndarray[Any, Any]:
        if state._truth is None:
            return np.zeros(len(self.game.sides))
        if state.is_terminal():
            return np.array(state.returns())
        sides = self.game.sides
        if len(sides) == 2:  # zero-sum, as the results are: one evaluation, not two
            first = self.judge(state.truth, sides[0])
            return np.array([first, -first])
        return np.array([self.judge(state.truth, side) for side in sides])

    def prior(self, state: LegatusState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            found: list[tuple[int, float]] = state.chance_outcomes()
            return found
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
