"""The phone companion: every phone is a private screen and a controller (issue 17).

The server (aiohttp, in its own thread) serves the phone page and a WebSocket; the
bridge, on the game thread, turns phones' messages into seats and actions and tells
each phone its own view. Imports no pygame and no scene: only the app and the scenes
import the companion (tests/test_layers.py). docs/architecture.md, "Companion".
"""
