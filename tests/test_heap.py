"""Freed heap memory goes back to the system once a scene leaves (game/heap.py)."""

from types import SimpleNamespace

import pytest

import game.heap as heap
from game.app import App
from game.scenes.base import Scene
from game.seats import SeatTable
from game.settings import Settings
from game.stack import SceneStack
from game.cli.soak import rss_mb


def test_the_app_gives_memory_back_in_the_frame_after_the_one_a_scene_left_in(monkeypatch):
    releases = []
    monkeypatch.setattr(heap, "release_free_memory", lambda: releases.append(True))
    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(), stack=SceneStack(), input=None,
                          importing_now=lambda: False)
    app = App(ctx, clock=lambda: 0.0)
    ctx.stack.push(Scene())
    ctx.stack.push(Scene())
    app.frame()
    assert releases == []  # scenes arriving free nothing
    ctx.stack.pop()
    app.frame()
    assert releases == []  # not in the transition's frame
    app.frame()
    app.frame()
    assert releases == [True]  # the frame after it, once per departure, not every frame
    ctx.stack.replace(Scene())
    app.frame()
    app.frame()
    assert len(releases) == 2


def test_the_release_on_leave_shared_by_the_app_and_the_bench_fires_once_per_departure(monkeypatch):
    releases = []
    monkeypatch.setattr(heap, "release_free_memory", lambda: releases.append(True))
    stack = SceneStack()
    stack.push(Scene())
    release = heap.ReleaseOnLeave(stack)
    stack.push(Scene())
    assert not release() and releases == []  # a scene arriving frees nothing
    stack.pop()
    # not in the frame of the transition: the one after, once
    assert not release() and release() and not release()
    stack.replace(Scene())
    stack.push(Scene())
    assert not release() and release() and releases == [True, True]  # once, however many left
    stack.pop()
    assert not release()
    stack.pop()  # left in the next frame too: released in the frame after each
    assert release() and release() and not release() and len(releases) == 4


@pytest.mark.skipif(heap._glibc_trim() is None, reason="glibc only")
def test_a_fragmented_heap_shrinks():
    blocks = [bytes(16 << 10) for _ in range(4000)]  # 64 MB in the heap, under the mmap threshold
    kept = blocks[::50] + blocks[-1:]  # the last one pins the heap's top: free() alone returns nothing
    del blocks
    before = rss_mb()
    assert heap.release_free_memory()
    assert before - rss_mb() > 20
    assert len(kept) == 81


def test_releasing_memory_frees_garbage_cycles():
    """A menu's pygame_gui widgets sit in reference cycles with their drawn surfaces:
    released with the heap, not when the GC next comes by."""
    import gc
    import weakref

    class Node:
        pass

    gc.collect()
    node = Node()
    node.me = node
    gone = weakref.ref(node)
    del node
    heap.release_free_memory()
    assert gone() is None


def test_the_cyclic_gc_waits_for_the_frame_to_end_and_runs_in_the_idle_time(monkeypatch):
    """``App.tick`` draws its frame with the cyclic GC held off (``heap.collections_after``):
    a young pass that comes due in the draw runs after it, as the app waits for the next
    frame; a GC already off (``play`` before its first frame) is left off."""
    import gc

    seen = []

    class Drawing(Scene):
        def draw(self, surface, alpha):
            seen.append(gc.isenabled())
            garbage = [[] for _ in range(3 * gc.get_threshold()[0])]  # enough to make a pass due
            garbage.append(garbage)

    collected = []
    callback = lambda phase, info: phase == "start" and collected.append(len(seen))  # noqa: E731
    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(), stack=SceneStack(), input=None,
                          importing_now=lambda: False)
    app = App(ctx, clock=lambda: 0.0)
    ctx.stack.push(Drawing())
    monkeypatch.setattr("game.app.serve_phones_until", lambda ctx, deadline, canvas=None: [[] for _ in range(10)])
    assert gc.isenabled()
    gc.callbacks.append(callback)
    try:
        app.tick()
        assert seen == [False] and gc.isenabled()
        assert collected and all(frames == 1 for frames in collected)  # after the draw, none within it
        gc.disable()
        try:
            app.tick()
            assert seen == [False, False] and not gc.isenabled()
        finally:
            gc.enable()
    finally:
        gc.callbacks.remove(callback)
