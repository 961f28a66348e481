"""Any Legatus game as a PettingZoo AEC environment (``pip install 'legatus[pettingzoo]'``).

Agents are the game's sides; the agent selected is the side the current
prompt addresses, so one side may act several times in a row, as the rules
say. Each observation is a dict:

* ``observation``: the side's view as a fixed-size float vector
  (:class:`legatus.framework.tools.simulate.encoding.ViewEncoder`): only what the side may see;
* ``action_mask``: 1 for the legal actions of the prompt, 0 elsewhere.

Actions are integers, in one of two layouts:

* ``codes``: when the game's stable integer encoding (derived from the action
  kinds its plugin declares) is small enough to enumerate, the action
  space is that encoding itself, ``Discrete(codec.size)``, and the mask marks
  the codes of the legal actions;
* ``slots`` (otherwise, and for games without an encoding): the action space
  is ``Discrete(max_legal)`` and action *i* is the prompt's *i*-th legal
  action in canonical order. With an encoding, the observation also carries
  ``action_codes``: for each slot, the stable code of its action as base
  2**31 digits, lowest first (Julius Caesar's encoding has about 3·10²²
  codes, far too many for a mask, so it uses this layout).

Rewards come at the end: +1 to the winner, -1 to the others, 0 to all in a
draw; a game that reaches ``max_actions`` is truncated. Randomness is the
game's own: ``reset(seed=S)`` sets the game up exactly as ``legatus play
--seed S`` does. The game is played by the match driver
(:class:`legatus.framework.play.driver.Match`), each ``step`` answering the side asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from legatus.framework.engine import outcome
from legatus.framework.engine.actions import Action, ActionCodec, action_for
from legatus.framework.engine.render import render_view
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import MAX_ACTIONS, Match
from legatus.framework.tools.simulate.encoding import ViewEncoder

#: Largest encoding used directly as the action space (a mask of this many bytes).
FLAT_LIMIT = 1 << 16
#: Default number of action slots when the encoding is too large.
MAX_LEGAL = 512
_DIGIT = 1 << 31


class LegatusAECEnv(AECEnv):  # type: ignore[misc]
    """One game of ``game`` (scenario, variant, options fixed) per episode."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "legatus_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        scenario: str | None = None,
        variant: str | None = None,
        options: Sequence[str] = (),
        max_actions: int | None = None,
        max_legal: int = MAX_LEGAL,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = default_catalog().load(game, variant)
        definition = self.game.definition
        self.scenario = scenario
        self.options = tuple(options)
        self.max_actions = max_actions or definition.max_actions or MAX_ACTIONS
        self.render_mode = render_mode
        self.possible_agents = list(definition.side_ids)
        self.encoder = ViewEncoder(self.game)
        self.codec: ActionCodec | None = (
            self.game.actions.codec() if self.game.actions is not None else None
        )
        self.layout = "codes" if self.codec and self.codec.size <= FLAT_LIMIT else "slots"
        self.actions = self.codec.size if self.codec and self.layout == "codes" else max_legal
        self.digits = 0
        if self.codec is not None and self.layout == "slots":
            self.digits = max(1, -(-self.codec.size.bit_length() // 31))
        low, high = self.encoder.bounds()
        spaces: dict[str, gymnasium.Space[Any]] = {
            "observation": gymnasium.spaces.Box(
                np.array(low, dtype=np.float32), np.array(high, dtype=np.float32), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, shape=(self.actions,), dtype=np.int8),
        }
        if self.digits:
            spaces["action_codes"] = gymnasium.spaces.Box(
                0, _DIGIT - 1, shape=(self.actions, self.digits), dtype=np.int64
            )
        self._observation_spaces = {a: gymnasium.spaces.Dict(spaces) for a in self.possible_agents}
        self._action_spaces = {
            a: gymnasium.spaces.Discrete(self.actions) for a in self.possible_agents
        }
        self.match: Match | None = None

    # -- spaces ----------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._action_spaces[agent]

    # -- episode ---------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match = Match.new(
            self.game,
            self.scenario,
            seed=seed or 0,
            options=self.options,
            max_actions=self.max_actions,
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.match is not None
        waiting = [side for side in self.match.waiting_for() if side in self.agents]
        if waiting:
            self.agent_selection = waiting[0]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the current prompt, in canonical order."""
        assert self.match is not None
        return self.match.legal_actions()

    def action_of(self, code: int) -> Action:
        """The game action an integer stands for now (checked legal)."""
        return action_for(code, self.legal(), self.codec if self.layout == "codes" else None)

    def _started(self) -> Match:
        if self.match is None:
            raise LegatusError("the environment has no game yet: call reset() first")
        return self.match

    def last(self, observe: bool = True) -> Any:
        self._started()
        return super().last(observe)

    def step(self, action: Any) -> None:
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo's protocol: a finished agent steps None
            return
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise LegatusError(f"an action is an integer code, got {action!r}")
        assert self.match is not None
        chosen = self.action_of(int(action))  # an illegal one raises and changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.match.answer(agent, chosen)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        result = self.match.result
        if result is not None:
            sides = self.match.game.definition.side_ids
            for side in self.agents:
                # Every agent's return: its rank's worth, 1 won and -1 lost with two sides.
                self.rewards[side] = outcome.value(result, side, sides)
                self.terminations[side] = True
        elif len(self.match.moves) >= self.max_actions:
            for side in self.agents:
                self.truncations[side] = True
        self._select()
        self._accumulate_rewards()

    # -- observing -------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        self._started()
        assert self.match is not None
        view = self.match.view(agent)
        legal = self.legal() if agent in self.match.waiting_for() else ()
        if len(legal) > self.actions and self.layout == "slots":
            raise LegatusError(
                f"{len(legal)} legal actions exceed the environment's {self.actions} slots: "
                "raise max_legal"
            )
        mask = np.zeros(self.actions, dtype=np.int8)
        observation: dict[str, Any] = {
            "observation": np.array(self.encoder.encode(view, len(legal)), dtype=np.float32),
            "action_mask": mask,
        }
        if self.layout == "codes":
            assert self.codec is not None
            for action in legal:
                mask[self.codec.encode(action)] = 1
        else:
            mask[: len(legal)] = 1
        if self.digits:
            assert self.codec is not None
            codes = np.zeros((self.actions, self.digits), dtype=np.int64)
            for slot, action in enumerate(legal):
                code = self.codec.encode(action)
                for digit in range(self.digits):
                    code, codes[slot, digit] = divmod(code, _DIGIT)
            observation["action_codes"] = codes
        return observation

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        return render_view(self.game.definition, self.match.view(self.agent_selection))

    def close(self) -> None:
        """Nothing to release: the game lives in this process's memory."""


def env(game: str, **kwargs: Any) -> LegatusAECEnv:
    """PettingZoo's conventional constructor: ``env("julius_caesar")``."""
    return LegatusAECEnv(game, **kwargs)
