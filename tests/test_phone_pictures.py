"""The phone's pictures (issue 28 item 6): the phone server serves the game's own OpenMoji
art at ``/picto/<code>.svg`` — only pictograms the game's data names, kept by the phone a
week, and nothing else whatever a stranger on the Wi-Fi asks for (raw requests, as a
script on the network sends them, not a browser's tidied ones); the phone screens name
pictures by their code, and Secret Identity's picto card is two faces of two, as on the TV."""

from __future__ import annotations

import asyncio
import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from game import icons
from game.cli.audience_swarm import json_objects
from game.companion import pictures
from game.companion.server import Hub, make_app
from game.core.rng import Rng
from game.games import all_games

ROOT_FILES = ("pyproject.toml", "game/i18n.py", "etc/passwd")


@pytest.fixture(scope="module")
def used():
    return pictures.game_pictures()


def raw_get(port: int, path: str, headers: str = "") -> tuple[int, dict[str, str], bytes]:
    """GET ``path`` byte for byte over a socket, as any program on the network can."""

    async def ask() -> tuple[int, dict[str, str], bytes]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{headers}\r\n".encode())
        await writer.drain()
        answer = await reader.read()
        writer.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        status, *lines = head.decode("latin-1").split("\r\n")
        fields = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
        return int(status.split()[1]), fields, body

    return asyncio.run(ask())


def serve(test) -> None:
    async def main() -> None:
        async with TestClient(TestServer(make_app(Hub("ABCD")), host="127.0.0.1")) as client:
            await asyncio.get_running_loop().run_in_executor(None, test, client.port)

    asyncio.run(main())


def test_the_game_s_pictures_are_served_and_kept_a_week(used):
    code = sorted(used)[0]

    def test(port: int) -> None:
        status, head, body = raw_get(port, f"/picto/{code}.svg")
        assert status == 200 and head["content-type"].startswith("image/svg+xml")
        assert "max-age=604800" in head["cache-control"] and "public" in head["cache-control"]
        assert head["x-content-type-options"] == "nosniff" and "default-src 'none'" in head["content-security-policy"]
        assert body == icons.icon_path(code).read_bytes()
        again, _, _ = raw_get(port, f"/picto/{code}.svg", f"If-None-Match: {head['etag']}\r\n")
        assert again == 304  # a phone that kept it is told so, without the picture

    serve(test)


def test_a_stranger_on_the_wifi_gets_nothing_else(used):
    unused = next(code for code in sorted(icons._codes()) if code not in used and "-" not in code)
    code = sorted(used)[0]
    asked = [
        f"/picto/{unused}.svg",                 # an OpenMoji the game never shows
        f"/picto/{code.lower()}.svg", f"/picto/{code}.png", f"/picto/{code}", "/picto/", "/picto/.svg",
        "/picto/../pyproject.toml", "/picto/..%2F..%2Fpyproject.toml", "/picto/%2e%2e%2f%2e%2e%2fgame%2fi18n.py",
        f"/picto/{code}.svg%00.txt", f"/picto/{code}.svg/../../../pyproject.toml", "/picto/..\\..\\pyproject.toml",
        "/picto/%2e%2e/%2e%2e/etc/passwd", "/picto//etc/passwd", "/picto/" + "1F451-" * 400 + "1F451.svg",
    ]

    def test(port: int) -> None:
        for path in asked:
            status, _, body = raw_get(port, path)
            assert status in (400, 404), (path, status)
            assert b"[project]" not in body and b"root:" not in body and b"<svg" not in body, path

    serve(test)


def test_what_is_served_is_the_same_for_everyone_and_names_only_the_data_s_pictograms(used, tmp_path):
    """Fixed by the data alone (no match can change it, so asking tells nothing), and
    read from the YAML: the cards' pictograms, Mission Secrète's objects, Incognito's
    words and places."""
    from game import paths

    si, _ = all_games()["secret_identity"].load_catalogue(paths.data_dir(), None)
    assert {p.icon for p in si.pictograms.values()} <= used
    (tmp_path / "deck.yaml").write_text('icon: "1F9C0"\nnot_a_code: "BEEF"\nbroken: "1F9C0-"', encoding="utf-8")
    assert pictures.named_in([tmp_path]) == {"1F9C0"}


def phone_screens(entry_id: str, seats: int, seed: int):
    """Every phone screen of a bot match of ``entry_id``, seat by seat, move by move."""
    from game import paths
    from game.companion.present import phone_screen
    from game.core.session import Session
    from game.i18n import Strings

    strings = Strings.load(paths.data_dir() / "i18n", "en")
    entry = all_games()[entry_id]
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
    bots = {seat: entry.make_bot(catalogue, seat, Rng.from_seed(seat)) for seat in range(seats)}
    for _ in range(300):
        if session.outcome() is not None:
            break
        for seat in range(seats):
            yield phone_screen(entry, session.view(seat), session.legal(seat), strings, catalogue)
        moves = [bots[seat].act(session.view(seat), session.legal(seat)) for seat in sorted(session.current())]
        if any(moves):
            session.submit(next(move for move in moves if move))
        else:  # nobody to move now: the clock moves on
            session.advance(60)


def icons_of(node):
    return (item["icon"] for item in json_objects(node) if isinstance(item.get("icon"), str))


@pytest.mark.parametrize("entry_id, seats", [("secret_identity", 3), ("mission_secrete", 3), ("incognito", 3)])
def test_every_picture_a_phone_is_shown_is_a_code_the_game_serves(used, entry_id, seats):
    emoji = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF]")
    shown = set()
    for screen in phone_screens(entry_id, seats, seed=4):
        codes = list(icons_of(screen))
        assert all(pictures.CODE.fullmatch(code) and code in used for code in codes), codes
        shown.update(codes)
        assert not emoji.search(str(screen)), screen
    assert shown


def test_a_picto_card_on_the_phone_is_two_faces_of_two_as_on_the_tv():
    cards = []
    for screen in phone_screens("secret_identity", 3, seed=4):
        for section in screen["sections"]:
            cards += [item for item in section["items"] if "faces" in item]
        if cards:
            break
    assert cards
    for card in cards:
        assert [len(face) for face in card["faces"]] == [2, 2]
        assert all(set(side) == {"icon", "label"} for face in card["faces"] for side in face)
        assert card["label"] == " · ".join(side["label"] for face in card["faces"] for side in face)
