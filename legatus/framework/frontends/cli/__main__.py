import sys

from legatus.framework.frontends.cli import console

sys.exit(console())
