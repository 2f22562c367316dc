"""Sphinx configuration of dieproof's rules reference (built with ``-W``: warnings fail).

The per-game pages, their diagrams and plots, the games table, the code pages and the
CLI help are generated at build time by the local extension ``docs/_ext/dieproof_docs``
from ``dieproof.spec``, the reference, the proofs and the committed measurements in
``docs/data/``; see that package. The docs need dieproof installed (``./dev`` installs
it, and Graphviz's ``dot`` for the diagrams), since autodoc and the generator import it.
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
html_static_path = ["_static"]
# Rules before API entries, an exact id first (see the file).
html_search_scorer = str(HERE / "_static" / "scorer.js")

html_theme = "furo"
# A die; the .ico at the site's root answers browsers that ask for /favicon.ico (pages
# Sphinx does not rewrite on an incremental build may lack the link to the SVG).
html_favicon = "_static/favicon.svg"
html_extra_path = ["_extra"]
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
# Entries are documented where they are defined already. Following "imported" members
# would send a type alias such as ``tuple[int, ...]`` to the module ``builtins``, which
# has no source page: a broken link in the source index.
viewcode_follow_imported_members = False
autodoc_class_signature = "separated"
# Struct fields carry their docstring under the field; autodoc reads those from the
# source, so the class docstring is enough and __init__'s generated one is not repeated.
autoclass_content = "class"

dieproof_tests_dir = str(HERE.parent / "tests")
