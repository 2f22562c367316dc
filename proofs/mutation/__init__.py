"""Mutation testing of the games' rules: does any check notice a planted bug, and which?

``./dev mutate [GAME]`` (:func:`~dieproof.proofs.mutation.run.main`) samples mutants of
every rules module of a game (:mod:`.operators`), runs each fast check on each mutant in
worker processes (:mod:`.checks`) and writes a report (:mod:`.report`) that says, per
mutant, which checks killed it: so the share the z3 model's refinement check kills by
itself is measured, not assumed. See ``docs/mutation.rst`` for the last committed run.
"""
