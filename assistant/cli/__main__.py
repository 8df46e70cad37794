"""``python -m assistant.cli``: the same as ``tabletop``."""

import sys

from assistant.cli import main

sys.exit(main())
