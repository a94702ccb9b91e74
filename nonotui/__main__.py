"""``python -m nonotui``: the same entry point as the ``nonotui`` console script."""

import sys

from nonotui.cli import main

sys.exit(main())
