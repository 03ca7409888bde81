"""Helpers for driving menu scenes headless with intents, as pads and keyboards do."""

from __future__ import annotations

import gc

import pygame

from game.context import build_context
from game.input.intents import InputEvent, Intent
from game.settings import Settings

KB_LEFT = ("kb", "left")
KB_RIGHT = ("kb", "right")
MOUSE = ("mouse", 0)


def make_ctx(seats: int = 0, lang: str = "fr"):
    """A headless context, made after what the test process holds is set aside from the
    cyclic GC, as ``play`` freezes what it loaded and tests/e2e.py's rooms do: the menus
    free a closed screen's widgets with a full collection (game/heap.py), ~0.3 ms in the
    game and ~40 ms over a test worker's whole heap."""
    gc.collect()
    gc.freeze()
    return build_context(headless=True, lang=lang, settings=Settings(), seats=seats)


def with_toy_game(ctx):
    """``ctx`` with the engine's toy game registered (tests/toygame.py: no real catalogue)."""
    from toygame import ENTRY as TOY

    ctx.games[TOY.id] = TOY
    ctx.catalogue.games[TOY.catalogue_key] = None
    return ctx


def press(ctx, intent: Intent, device=KB_LEFT, ticks: int = 1) -> bool:
    """Press and release ``intent`` on ``device`` (routed as the hub does), then tick."""
    seat = ctx.seats.seat_of(device)
    taken = ctx.stack.handle(seat, InputEvent(device, intent, True))
    ctx.stack.handle(ctx.seats.seat_of(device), InputEvent(device, intent, False))
    tick(ctx, ticks)
    return taken


def tick(ctx, n: int = 1) -> None:
    for _ in range(n):
        ctx.stack.fixed_update(1 / 60)


def click(ctx, pos) -> None:
    """A left click at canvas ``pos``, as the hub hands it to the top scene raw."""
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        attrs = {"pos": pos}
        if kind != pygame.MOUSEMOTION:
            attrs["button"] = 1
        else:
            attrs.update(rel=(0, 0), buttons=(0, 0, 0))
        ctx.stack.top.process_raw(pygame.event.Event(kind, attrs))
    tick(ctx, 2)


def focused_key(scene) -> str | None:
    item = scene.focused()
    return item.key if item else None


def draw(ctx) -> pygame.Surface:
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.draw(canvas, 0.0)
    return canvas


def choose_resume(ctx):
    """Push the title (no attract loop), check it offers Resume second, and choose it."""
    from game.scenes.menus.title import TitleScene

    ctx.stack.push(TitleScene(ctx, attract=False))
    title = ctx.stack.top
    assert [i.key for i in title.items][:2] == ["play", "resume"]
    press(ctx, Intent.DOWN)
    press(ctx, Intent.CONFIRM)
    return title
