"""Make the docs' own extensions (``docs/_ext``) importable by the docs tests.

Only their Sphinx-free halves (``schemafields``, ``clireference``) are imported
here, so these tests run without the docs extras installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

EXTENSIONS = Path(__file__).resolve().parents[2] / "docs" / "_ext"
if str(EXTENSIONS) not in sys.path:
    sys.path.insert(0, str(EXTENSIONS))
