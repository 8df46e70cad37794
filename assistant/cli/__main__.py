"""``python -m assistant.cli``: the same as ``tabletop``."""

import sys

from assistant.entry import main

sys.exit(main())
