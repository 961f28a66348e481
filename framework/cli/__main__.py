import sys

from framework.cli import console

sys.exit(console())
