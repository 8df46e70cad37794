"""`python3 -m assistant ...` runs the `tabletop` command line (where pip's script folder is not on PATH)."""

import sys

from assistant.entry import main

sys.exit(main())
