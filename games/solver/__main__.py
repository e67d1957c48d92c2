"""``python -m games.solver``: see ``games.solver.cli``."""

import sys

from games.solver.cli import main

sys.exit(main())
