"""The kit's text and sprite caches are bounded in bytes, least recently used dropped
first: an evening of card texts and dim veils no longer grows the process."""

import pygame

from game.settings import Settings
from game.ui.kit import SurfaceCache, UiKit

MB = 1 << 20


def _bytes(cache) -> int:
    """Pixel bytes held; a picture kept in pieces (a panel's shadow ring) is a tuple."""
    pieces = (piece for kept in cache.values() for piece in (kept if isinstance(kept, tuple) else (kept,)))
    return sum(piece.get_pitch() * piece.get_height() for piece in pieces)


def test_many_big_texts_and_veils_stay_within_budget():
    pygame.init()
    pygame.display.set_mode((1, 1))
    kit = UiKit(Settings())
    canvas = pygame.Surface((1920, 1080))
    for i in range(300):  # ~0.4 MB each: 120 MB if only counted
        kit.text(f"La personne qui {i} " + "traverserait l'Atlantique à la voile " * 3, 48, max_width=1070)
    for alpha in range(100, 140):  # 8 MB each
        kit.dim(canvas, alpha)
    for size in range(200, 1800, 40):  # a panel growing in a tween: a shadow per size
        kit.panel(canvas, (0, 0, size, size * 9 // 16))
    # a few frames' worth (one frame uses <= ~2 MB of texts, ~11 MB of sprites)
    assert _bytes(kit._text) <= 17 * MB and _bytes(kit._sprites) <= 33 * MB
    assert kit._text.bytes == _bytes(kit._text) and kit._sprites.bytes == _bytes(kit._sprites)


def test_the_least_recently_used_goes_first():
    cache = SurfaceCache(budget=3 * 100 * 100 * 4)
    for name in "abc":
        cache[name] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert cache.get("a") is not None  # a is now the newest
    cache["d"] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert list(cache) == ["c", "a", "d"] and cache.get("b") is None
    cache["huge"] = pygame.Surface((400, 400), pygame.SRCALPHA)
    assert list(cache) == ["huge"]  # over budget alone: kept, as it is in use


def test_a_dim_veil_is_a_small_strip_with_the_full_screen_result():
    pygame.init()
    pygame.display.set_mode((1, 1))
    kit = UiKit(Settings())
    canvas = pygame.Surface((1920, 1080))
    canvas.fill((200, 120, 40))
    pygame.draw.circle(canvas, (10, 240, 90), (960, 1070), 300)
    expected = canvas.copy()
    veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    veil.fill((*kit.colours.shadow, 170))
    expected.blit(veil, (0, 0))
    kit.dim(canvas, 170)
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert kit._sprites.bytes <= MB  # a full-HD veil is 8 MB per look
