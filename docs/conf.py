"""Sphinx configuration of dieproof's rules reference (built with ``-W``: warnings fail).

The per-game pages, the games table, the code pages and the CLI help are generated at
build time by the local extension ``docs/_ext/dieproof_docs.py`` from ``dieproof.spec``,
the proofs and the code; see that module. The docs need dieproof installed (``./dev``
installs it), since autodoc and the generator import it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dieproof.reference import __version__

HERE = Path(__file__).resolve().parent
# The local extension is a plain module beside the docs, not part of the package.
sys.path.insert(0, str(HERE / "_ext"))

project = "dieproof"
author = "the dieproof authors"
project_copyright = "the dieproof authors"
release = __version__
version = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "dieproof_docs",
    "mutation_docs",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
# *.rst.inc files are fragments the pages include, not documents of their own.
exclude_patterns = ["_build", "**/*.rst.inc"]
templates_path: list[str] = []
html_static_path: list[str] = []

html_theme = "furo"
html_title = f"dieproof {release}"

# The docs build offline: no intersphinx, so links to the standard library stay literals.
nitpicky = False

autodoc_default_options = {
    "members": True,
    # A package's __all__ re-exports what its submodules define; documenting members
    # where they are defined (and only there) keeps each object described once.
    "ignore-module-all": True,
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "signature"
autodoc_class_signature = "separated"
# Struct fields carry their docstring under the field; autodoc reads those from the
# source, so the class docstring is enough and __init__'s generated one is not repeated.
autoclass_content = "class"

dieproof_tests_dir = str(HERE.parent / "tests")
