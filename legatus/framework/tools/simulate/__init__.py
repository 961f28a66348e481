"""Simulation: many games between computer players, and what they say about the rules.

* :mod:`~legatus.framework.tools.simulate.play` -- one game of an experiment with a seed, as a JSON record;
* :mod:`~legatus.framework.tools.simulate.backends` -- where games run: this process, local worker
  processes, or a Dask cluster (same records for the same seeds);
* :mod:`~legatus.framework.tools.simulate.results` -- the JSONL results file and resuming it;
* :mod:`~legatus.framework.tools.simulate.stats` -- Wilson intervals, summaries, rule coverage;
* :mod:`~legatus.framework.tools.simulate.compare` -- paired variant experiments (common random numbers);
* :mod:`~legatus.framework.tools.simulate.rules_known` -- every rule a game can count as fired;
* :mod:`~legatus.framework.tools.simulate.plot` -- the summary drawn with matplotlib (``plot`` extra);
* :mod:`~legatus.framework.tools.simulate.encoding` and :mod:`~legatus.framework.tools.simulate.environment` -- a side's
  view as a vector, and any game as a PettingZoo AEC environment (``pettingzoo`` extra).

Nothing here imports an optional dependency at import time, so ``legatus simulate`` works
without the extras.
"""
