"""``python -m firmware_host`` = ``table-companion``."""

import sys

from .cli import main

sys.exit(main())
