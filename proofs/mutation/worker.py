"""One worker of a mutation run: load one mutant, run one job, print one answer line.

Run as a script by its path (``python .../proofs/mutation/worker.py``), never as
``-m dieproof.proofs.mutation``: importing the ``dieproof.proofs`` package imports every
game's proofs and so every game's rules, which must not happen before the mutant is in
place. So this file imports only the standard library until it has installed the import
hook (:class:`MutantFinder`); the mutated module then comes from a code object the
runner compiled and marshalled, and no file is ever written in the source tree.

Usage: ``worker.py GAME JOB [--module NAME --path FILE --code MARSHALLED] [-- PYTEST
ARGS]``; the answer is the last line of standard output, ``MUTATION-RESULT {json}``.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import marshal
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

RESULT = "MUTATION-RESULT "
"""The prefix of the answer line."""


class MutantFinder(importlib.abc.MetaPathFinder):
    """Finds the mutated module before the ordinary finders do."""

    def __init__(self, module: str, path: Path, code: CodeType) -> None:
        self.module = module
        self.path = path
        self.code = code

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.module:
            return None
        loader = MutantLoader(fullname, str(self.path), self.code)
        return importlib.util.spec_from_file_location(fullname, self.path, loader=loader)


class MutantLoader(importlib.machinery.SourceFileLoader):
    """Loads the mutated code object instead of compiling (or caching) the file."""

    def __init__(self, fullname: str, path: str, code: CodeType) -> None:
        super().__init__(fullname, path)
        self._code = code

    def get_code(self, fullname: str) -> CodeType:
        return self._code


def install(module: str, path: Path, code: CodeType) -> None:
    """Make every import of ``module`` load ``code`` (before anything imports it)."""
    if module in sys.modules:
        raise RuntimeError(f"{module} is already imported; the mutant would not be used")
    sys.meta_path.insert(0, MutantFinder(module, path, code))


def main(argv: Sequence[str]) -> int:
    argv = list(argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    game, job, *options = argv
    named = dict(zip(options[::2], options[1::2], strict=True))
    if "--module" in named:
        code = marshal.loads(Path(named["--code"]).read_bytes())
        install(named["--module"], Path(named["--path"]), code)

    from dieproof.proofs.mutation import checks  # only now: it imports the games

    answers = checks.run_job(game, job, extra)
    loaded = sys.modules.get(named.get("--module", ""))
    if loaded is not None and not isinstance(loaded.__loader__, MutantLoader):
        raise RuntimeError(f"{loaded.__name__} was loaded without the mutation")
    payload = {c: {"killed": o.killed, "detail": o.detail[:500]} for c, o in answers.items()}
    print(RESULT + json.dumps(payload), flush=True)
    return 0


if __name__ == "__main__":
    # Run by path, Python put this folder first on sys.path; its modules are not meant
    # to be imported bare (``checks``, ``report``), so take it off again.
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        del sys.path[0]
    sys.exit(main(sys.argv[1:]))
