"""Search players that never read hidden state: information sets, sampling, evaluation.

:mod:`framework.ai.infoset` turns a side's view into an information set that
can be sampled into full states (determinizations) consistent with it;
:mod:`framework.ai.evaluation` asks the game for a heuristic value of a
state; :mod:`framework.ai.greedy` and :mod:`framework.ai.mcts` are the players
built on them. Nothing here names a game.
"""
