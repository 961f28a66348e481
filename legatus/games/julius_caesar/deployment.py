"""Free deployment, the optional set-up of JC 5.3 (scenario option ``free_deployment``).

JC 5.3: each side deploys as in the historical set-up (JC 5.1), but may put any of its
historically deployed blocks in any of those places, as long as every city keeps its
historical number of blocks; a navis still stands in a port (JC 4.1). It is the rules
file's procedure ``free_deployment`` on the kit's
(:mod:`legatus.framework.kit.deployment`): Caesar first, then Pompey, each block in id
order, asked only where it has a choice that leaves room for the rest, the choices
hidden until both sides are done.
"""

from __future__ import annotations
