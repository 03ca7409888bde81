"""The pure match engine: no pygame, no clocks, no files except the session's save.

Every game under ``game/games/<id>/`` plugs its rules into this engine by providing a
:class:`~game.core.engine.GameDefinition`, best a
:class:`~game.core.phases.PhasedGame`: its turn structure declared as phases, its
moves returning the :mod:`~game.core.events` they cause, its shared notions
(ballots, ready barriers, seat order) from :mod:`~game.core.values`.
"""
