"""What the engineer's page shows of a game's proofs: the model, its terms, the report
and the wrong encodings, proven once per build of the game's pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sphinx.util import logging

if TYPE_CHECKING:
    from dieproof.proofs.model import Model, ModelTerms
    from dieproof.proofs.obligations import ProofReport, WrongResult

__all__ = ["Z3_WIDTH", "ProofView", "load_proofs", "pretty_z3"]

LOGGER = logging.getLogger(__name__)

Z3_WIDTH = 88
"""Line width of printed formulas, so the pages do not depend on the machine."""


@dataclass(frozen=True, slots=True)
class ProofView:
    """What a game page shows of the game's proofs."""

    model: Model
    terms: ModelTerms
    """Every formula of the model as a z3 term (their ``str`` is what the page prints)."""
    report: ProofReport
    wrong: tuple[WrongResult, ...] | None
    """The wrong encodings' results; ``None`` when they were not run."""


def load_proofs(game_id: str, *, wrong: bool = True) -> ProofView | str:
    """Prove ``game_id``'s model once; or say, in a sentence, why there is nothing to show.

    ``wrong=False`` skips the wrong encodings, which take most of the time (each is a
    whole proof run of a mutated model); tests of the page text use it.

    A missing proofs module is normal while a game is being written, so it is a sentence
    on the page. Proofs that crash are a bug: that is logged as a Sphinx warning (an error
    under ``-W``) and the page shows the error.
    """
    try:
        from dieproof import proofs
        from dieproof.proofs.model import ModelTerms
    except ImportError as error:
        return f"The proofs package cannot be imported ({error}), so nothing is proven yet."
    if game_id not in proofs.proof_game_ids():
        return f"{game_id} has no proofs module yet: none of its invariants is proven."
    try:
        model = proofs.proofs_for(game_id).model
        terms = ModelTerms.build(model)
        report = proofs.prove(model)
        refuted = tuple(proofs.refute_wrong(model)) if wrong else None
    except Exception as error:  # any crash of a model is reported, not hidden
        LOGGER.warning("dieproof: the proofs of %s failed to run: %s", game_id, error)
        return f"The proofs of {game_id} failed to run: {error}"
    return ProofView(model, terms, report, refuted)


def pretty_z3() -> None:
    """Let z3 print whole formulas: its defaults cut long ones off with ``...``."""
    import z3

    z3.set_param(max_args=100_000, max_lines=100_000, max_depth=100_000, max_visited=10**7)
    z3.set_param(max_width=Z3_WIDTH)
