"""dieproof.proofs: z3 models of the games, their proof obligations, and the links
between the models and the reference implementations (DESIGN section 4).

The public API lives in :mod:`dieproof.proofs.core` and is re-exported here. Each
game's proof module registers itself with :func:`register_proofs` when imported
below; :func:`proofs_for` and :func:`proof_game_ids` read the registry.
"""

from __future__ import annotations

# The game proof modules import the API from its submodules (model, core, ...), not
# from this package, so the order of these imports does not matter.
import dieproof.proofs.dont_let_it_die
import dieproof.proofs.doom_and_bloom
import dieproof.proofs.no_game_over
import dieproof.proofs.squirrel_or_die
import dieproof.proofs.until_daylight  # noqa: F401  (registers its proofs)
from dieproof.proofs.core import *  # noqa: F403  (the public API, listed in core.__all__)
from dieproof.proofs.core import __all__ as __all__
