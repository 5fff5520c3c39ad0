"""``python -m tabletop``: the app, or a tool (scenario, simulate, bench)."""

import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())
