"""The pure match engine: no pygame, no clocks, no files except the session's save.

Every game under ``game/games/<id>/`` plugs its rules into this engine by providing a
:class:`~game.core.engine.GameDefinition`.
"""
