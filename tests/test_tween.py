"""Tweens advance in fixed ticks and ease through pytweening."""

import pytest

from game.ui.tween import Tween, Tweens, easing


def test_linear_tween_moves_one_tick_at_a_time():
    tween = Tween(0.0, 10.0, 10, "linear")
    assert tween.value() == 0.0
    for _ in range(5):
        tween.step()
    assert tween.value() == pytest.approx(5.0)
    assert tween.value(0.5) == pytest.approx(4.5)  # halfway between tick 4 and tick 5
    for _ in range(5):
        tween.step()
    assert tween.done and tween.value(0.3) == 10.0


def test_delay_holds_the_start_value():
    tween = Tween(1.0, 2.0, 4, "linear", delay=3)
    for _ in range(3):
        tween.step()
    assert tween.value() == 1.0 and not tween.started
    tween.step()
    assert tween.value() == pytest.approx(1.25)
    assert tween.total == 7


def test_tuples_interpolate_per_element_and_eases_shape_the_curve():
    tween = Tween((0, 100), (100, 0), 2, "out_cubic")
    tween.step()
    x, y = tween.value()
    assert x == pytest.approx(87.5) and y == pytest.approx(12.5)


def test_on_done_fires_once_and_zero_tick_tweens_jump():
    calls = []
    tween = Tween(0, 1, 0, on_done=lambda: calls.append(1))
    tween.step()
    tween.step()
    assert calls == [1] and tween.value() == 1


@pytest.mark.parametrize("name", ["linear", "in_cubic", "out_cubic", "in_out_sine", "out_back", "out_elastic", "out_bounce"])
def test_every_ease_starts_at_start_and_lands_exactly_on_end(name):
    assert easing(name)(0.0) == pytest.approx(0.0, abs=1e-3)
    tween = Tween(3.0, 7.0, 5, name)
    assert tween.value() == pytest.approx(3.0, abs=1e-2)
    for _ in range(5):
        tween.step()
    assert tween.value() == 7.0  # pytweening's bounce ends at 0.994: the tween snaps


@pytest.mark.parametrize("name", ["cubic", "out_", "sideways_cubic", "out_nothing"])
def test_unknown_eases_are_refused(name):
    with pytest.raises(ValueError):
        Tween(0, 1, 5, name)


def test_group_is_busy_until_every_tween_is_done():
    group = Tweens()
    group.add(Tween(0, 1, 2))
    group.add(Tween(0, 1, 4))
    assert group.busy
    group.step()
    group.step()
    assert group.busy and len(group) == 1
    group.step()
    group.step()
    assert not group.busy and len(group) == 0
