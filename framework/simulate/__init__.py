"""Simulation: many games between computer players, and what they say about the rules.

* :mod:`~framework.simulate.play` -- one game of an experiment with a seed, as a JSON record;
* :mod:`~framework.simulate.backends` -- where games run: this process, local worker
  processes, or a Dask cluster (same records for the same seeds);
* :mod:`~framework.simulate.results` -- the JSONL results file and resuming it;
* :mod:`~framework.simulate.stats` -- Wilson intervals, summaries, rule coverage;
* :mod:`~framework.simulate.compare` -- paired variant experiments (common random numbers);
* :mod:`~framework.simulate.rules_known` -- every rule a game can count as fired;
* :mod:`~framework.simulate.plot` -- the summary drawn with matplotlib (``plot`` extra);
* :mod:`~framework.simulate.encoding` and :mod:`~framework.simulate.environment` -- a side's
  view as a vector, and any game as a PettingZoo AEC environment (``pettingzoo`` extra).

Nothing here imports an optional dependency at import time, so ``legatus simulate`` works
without the extras.
"""
