"""Search players that never read hidden state: information sets, sampling, evaluation.

:mod:`legatus.framework.play.ai.infoset` turns a side's view into an information set that
can be sampled into full states (determinizations) consistent with it;
:mod:`legatus.framework.play.ai.evaluation` asks the game for a heuristic value of a
state; :mod:`legatus.framework.play.ai.greedy` and :mod:`legatus.framework.play.ai.mcts` are the players
built on them. Nothing here names a game.
"""
