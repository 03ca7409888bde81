"""A replaced character's card pulses (SI-3) once a tick, and its next size is taken in
the idle time between frames, as a reveal's next tick is (issue 30 item 4: a round's
start pulsing three cards repainted their places in every frame, ~1.5 ms each on a busy
machine): the stack draws it ahead, no frame repaints the table's layer for it, and every
frame shows the size it showed without the idle time's work."""

from game.app import after_frame
from game.context import build_context
from game.core.actions import Action
from game.settings import Settings
from test_secret_identity_board import start

SLOT = 2


def _pulse_frames(between: bool) -> list[tuple[float, int]]:
    """Per frame of a card's pulse: the size it showed and the table's layer repaints it
    made; with the idle time after each (``app.after_frame``) or without."""
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=6)
    board = start(ctx, "secret_identity")
    assert board.public.phase == "round_start"
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)
    assert board.submit(Action("replace", 0, {"slot": SLOT})) is None  # a seat asks for another character
    if between:
        after_frame(ctx, canvas)  # (an act served between frames: the next frame drawn ahead)
    pulse, layer = board.pulse[SLOT], board.kept
    frames = []
    for _ in range(pulse.total + 3):
        before = layer.paints + layer.repaints
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(canvas, 1.0)
        frames.append((float(pulse.value()), layer.paints + layer.repaints - before))
        if between:
            after_frame(ctx, canvas)
        else:
            ctx.kit.panels.settle()
    ctx.stack.clear()
    return frames


def pulse_ticks(frames):
    """The frames that show the card at another size than the last frame's."""
    return sum(a != b for (a, _), (b, _) in zip(frames, frames[1:]))


def test_a_pulsing_cards_next_size_is_taken_between_frames_and_drawn_ahead():
    in_frames, frames = _pulse_frames(between=False), _pulse_frames(between=True)
    assert len(frames) > 20 and [size for size, _ in frames] == [size for size, _ in in_frames]
    assert len({size for size, _ in frames}) > 10  # (it does pulse)
    assert sum(repaints for _, repaints in in_frames) >= pulse_ticks(in_frames)  # without: a repaint a frame of it
    assert [(size, repaints) for size, repaints in frames if repaints] == []
