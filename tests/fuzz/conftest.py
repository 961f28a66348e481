"""Hypothesis profiles for the fuzzers.

The root ``tests/conftest.py`` loads ``ci`` or ``dev``, under which every fuzzer
keeps its own small example budget (see :func:`tests.fuzz.support.budget`), so
the whole folder runs in well under a minute. The ``long`` profile registered
here lifts those budgets for a fuzzing session::

    python -m pytest tests/fuzz --hypothesis-profile=long -q --hypothesis-show-statistics

``FUZZ_EXAMPLES`` sets the long profile's examples per test (default 5000).
``--hypothesis-profile`` (not ``HYPOTHESIS_PROFILE=long``) is the switch: the
root conftest loads the environment variable's profile before this file has
registered ``long``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "long",
    deadline=None,
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "5000")),
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)
