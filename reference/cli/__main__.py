"""``python -m dieproof.reference.cli``: the ``dieproof`` command without the script."""

import sys

from dieproof.reference.cli import main

sys.exit(main())
