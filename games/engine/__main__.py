"""``python -m games.engine``: see ``games.engine.cli``."""

import sys

from games.engine.cli import main

sys.exit(main())
