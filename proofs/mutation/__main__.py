"""``python -m dieproof.proofs.mutation``: the mutation run (and its workers)."""

import sys

from dieproof.proofs.mutation.run import main

sys.exit(main())
