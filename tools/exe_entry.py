"""Entry script for the PyInstaller executable (see build_exe.spec).

PyInstaller needs a script path; this one just runs the normal command line,
so the executable takes the same arguments as ``tabletop``.
"""

import multiprocessing
import sys

from tabletop.cli import main

if __name__ == "__main__":
    # Lets `simulate --jobs N` start worker processes from a frozen executable (spawn on Windows).
    multiprocessing.freeze_support()
    sys.exit(main())
