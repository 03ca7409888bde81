"""A small stand-in for the companion server, for the phone page's tests: protocol v1
(docs/architecture.md, "Companion") over aiohttp in a background thread, serving
``game/companion/static/`` and ``strings.json``, with one real :class:`Session` whose
seats' screens come from ``phone_screen``. The game runs in the server's loop (no
frame loop here); the test reaches it through :meth:`PhoneRig.call`."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from typing import Any, Callable

from aiohttp import WSMsgType, web

from game import paths
from game.companion import pictures
from game.companion.present import page_strings, phone_screen
from game.core.actions import Action, IllegalAction
from game.core.session import Session
from game.games import all_games
from game.i18n import Strings

STYLES = [("#e8553f", "circle"), ("#3f8ee8", "square"), ("#43b85c", "triangle"), ("#e8b33f", "diamond")]


class PhoneRig:
    def __init__(self, static_dir: Any, lang: str = "en", room: str = "RTFM") -> None:
        self.static_dir, self.room = static_dir, room
        self.strings = Strings.load(paths.data_dir() / "i18n", lang)
        self.seats: list[dict[str, Any]] = []     # name, token, socket
        self.session: Session | None = None
        self.entry_id = ""
        self.entry: Any = None
        self.catalogue: Any = None
        self.loop = asyncio.new_event_loop()
        self.acts: list[Action] = []
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- life ---------------------------------------------------------------------------
    def start(self) -> str:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._serve(), self.loop).result(10)
        return f"http://127.0.0.1:{self.port}/?room={self.room}"

    async def _serve(self) -> int:
        app = web.Application()
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/strings.json", self._strings)
        app.router.add_get("/", self._index)
        pictures.add_route(app)
        app.router.add_static("/", self.static_dir)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        return int(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]

    def stop(self) -> None:
        async def down() -> None:
            for seat in self.seats:
                if seat["ws"] is not None:
                    await seat["ws"].close()
            if self._runner is not None:
                await self._runner.cleanup()
        asyncio.run_coroutine_threadsafe(down(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)

    def call(self, fn: Callable[["PhoneRig"], Any]) -> Any:
        """Run ``fn(rig)`` in the server's loop (the game's thread here), then tell every
        phone what changed; returns what ``fn`` returned."""
        async def run() -> Any:
            out = fn(self)
            await self._tell()
            return out
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def start_match(self, entry_id: str, seed: int) -> None:
        def start(rig: PhoneRig) -> None:
            entry = all_games()[entry_id]
            rig.catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
            rig.entry_id, rig.entry = entry_id, entry
            rig.session = Session(entry.make_definition(rig.catalogue), entry.default_config(len(rig.seats)), seed)
        self.call(start)

    # --- HTTP ---------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(self.static_dir / "index.html")

    async def _strings(self, request: web.Request) -> web.Response:
        lang = request.query.get("lang") or self.strings.lang
        strings = self.strings.in_language(lang if lang in self.strings.tables else "en")
        return web.json_response(page_strings(strings))

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        seat: int | None = None
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data["type"] == "hello":
                seat = await self._hello(ws, data)
            elif data["type"] == "act" and seat is not None and self.session is not None:
                action = Action(data["kind"], seat, data.get("data", {}), self.session.tick)
                try:
                    self.session.submit(action)
                    self.acts.append(action)
                except IllegalAction as refused:
                    await self._send(ws, "error", reason=f"illegal:{refused.reason}")
            await self._tell()
        return ws

    async def _hello(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> int | None:
        if data.get("room") != self.room:
            await self._send(ws, "error", reason="bad_room")
            return None
        if "token" in data:
            found = [i for i, s in enumerate(self.seats) if s["token"] == data["token"]]
            if not found:
                await self._send(ws, "error", reason="unknown_token")
                return None
            seat = found[0]
            old = self.seats[seat]["ws"]
            if old is not None and old is not ws and not old.closed:
                await self._send(old, "bye", reason="replaced")
                await old.close()
        else:
            seat = len(self.seats)
            self.seats.append({"name": data["name"], "token": secrets.token_urlsafe(18)})
        self.seats[seat]["ws"] = ws
        self.seats[seat]["sent"] = None
        colour, shape = STYLES[seat % len(STYLES)]
        await self._send(ws, "welcome", seat=seat, token=self.seats[seat]["token"], name=self.seats[seat]["name"],
                         colour=colour, shape=shape, lang=self.strings.lang)
        return seat

    async def _tell(self) -> None:
        roster = [{"name": s["name"], "colour": STYLES[i % 4][0], "shape": STYLES[i % 4][1], "kind": "phone"}
                  for i, s in enumerate(self.seats)]
        for index, seat in enumerate(self.seats):
            ws = seat.get("ws")
            if ws is None or ws.closed:
                continue
            if self.session is None:
                text = encode("lobby", seats=roster, game="", you=index)
            else:
                screen = phone_screen(self.entry, self.session.view(index), self.session.legal(index),
                                      self.strings, self.catalogue)
                if seat["sent"] is None:  # a phone that joined after the lobby learns the names first
                    await self._send(ws, "lobby", seats=roster, game=self.entry_id, you=index)
                text = encode("view", screen=screen)
            if seat["sent"] != text:
                seat["sent"] = text
                await self._send_text(ws, text)

    async def _send(self, ws: web.WebSocketResponse, kind: str, **fields: Any) -> None:
        await self._send_text(ws, encode(kind, **fields))

    @staticmethod
    async def _send_text(ws: web.WebSocketResponse, text: str) -> None:
        """Send, unless the phone is already gone (a reloaded page's old socket)."""
        try:
            await ws.send_str(text)
        except ConnectionError:
            pass


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "type": kind, **fields}, ensure_ascii=False)
