"""SeatTable: joining, styles, bots, removal, and held seats across a pad unplug."""

from hypothesis import given, settings, strategies as st

from game.seats import MAX_SEATS, SeatTable

LEFT, RIGHT = ("kb", "left"), ("kb", "right")


def test_join_gives_places_and_unique_styles():
    table = SeatTable()
    a = table.join(LEFT, "Ana")
    b = table.join(("pad", 7), "Bo")
    assert (a.index, b.index) == (0, 1)
    assert a.style != b.style
    assert table.seat_of(("pad", 7)) == 1
    assert table.seat_of(RIGHT) is None
    assert table.join(LEFT, "again") is None  # already seated
    assert len(table) == 2


def test_table_is_full_at_eight():
    table = SeatTable()
    for i in range(MAX_SEATS - 1):
        assert table.join(("pad", i), f"P{i}") is not None
    assert table.add_bot("Bot") is not None
    assert table.join(("pad", 99), "late") is None
    assert table.add_bot("late bot") is None
    assert sorted(s.style for s in table.seats) == list(range(MAX_SEATS))


def test_bots_have_no_device():
    table = SeatTable()
    bot = table.add_bot("Robo")
    assert bot.bot and bot.device is None
    assert table.seat_of(None) is None


def test_remove_reindexes_and_frees_style():
    table = SeatTable()
    table.join(LEFT, "A")
    table.join(RIGHT, "B")
    table.join(("pad", 1), "C")
    style_b = table[1].style
    table.remove(1)
    assert [s.index for s in table.seats] == [0, 1]
    assert table.seat_of(("pad", 1)) == 1
    assert table.join(("pad", 2), "D").style == style_b


def test_next_style_skips_used_ones_and_rename():
    table = SeatTable()
    table.join(LEFT, "A")   # style 0
    table.join(RIGHT, "B")  # style 1
    table.next_style(0)
    assert table[0].style == 2
    table.rename(0, "Zoé")
    assert table[0].name == "Zoé"


def test_disconnect_holds_and_reclaim_binds_new_device():
    table = SeatTable()
    table.join(LEFT, "A")
    table.join(("pad", 3), "B")
    assert table.disconnect(("pad", 3)) == 1
    assert table.held() == [1]
    seat = table[1]
    assert seat.device is None and not seat.connected and seat.name == "B"
    assert table.seat_of(("pad", 3)) is None
    assert table.disconnect(("pad", 42)) is None
    table.reclaim(1, ("pad", 9))
    assert table.held() == [] and table.seat_of(("pad", 9)) == 1


def test_reclaim_refuses_seated_device_or_free_seat():
    table = SeatTable()
    table.join(LEFT, "A")
    table.join(("pad", 3), "B")
    table.disconnect(("pad", 3))
    for index, device in ((1, LEFT), (0, ("pad", 5))):
        try:
            table.reclaim(index, device)
        except ValueError:
            pass
        else:
            raise AssertionError("reclaim should refuse")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("jbrsd"), st.integers(0, 9)), max_size=40))
def test_styles_stay_unique_and_indexes_dense(ops):
    table = SeatTable()
    for op, n in ops:
        if op == "j":
            table.join(("pad", n), "p")
        elif op == "b":
            table.add_bot("b")
        elif op == "r" and len(table):
            table.remove(n % len(table))
        elif op == "s" and len(table):
            table.next_style(n % len(table))
        elif op == "d":
            table.disconnect(("pad", n))
        styles = [s.style for s in table.seats]
        assert len(set(styles)) == len(styles) <= MAX_SEATS
        assert [s.index for s in table.seats] == list(range(len(table)))
