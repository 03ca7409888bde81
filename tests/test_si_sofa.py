"""Secret Identity's screens read from the sofa (issue 14): seats told by colour, shape and name."""
from dataclasses import dataclass

import pytest

from game.input.intents import Intent
from game.settings import Settings
from game.ui.layout_probe import Probe
from game.ui.show import Show, Standing
from tests.e2e import pad_keyboard_bot_board


def test_coop_end_names_every_seat_beside_its_shape():
    drawn = Probe().draw("secret_identity_coop.end", "fr")
    texts = [t.text for t in drawn.texts]
    for name in ("Marie-Antoinette", "Jean-Christophe", "Maximilienne", "Konstantinos"):
        assert name in texts


@dataclass
class ScaledProbe(Probe):
    """The layout check's probe at any text scale (it draws at the largest)."""

    text_scale: float = 1.3

    def settings(self, lang):
        return Settings(lang=lang, text_scale=self.text_scale, safe_area=self.safe_area)


def _ended_board(game_id, skipped, built):
    """A probe's builder: ``game_id``'s match of the probe's table played to its end by the
    game's bots, its board on the end (its show hurried to its end when ``skipped``)."""
    from game.core.rng import Rng
    from game.core.session import Session

    def build(ctx, args):
        entry = ctx.games[game_id]
        catalogue = ctx.catalogue.game(entry.catalogue_key)
        session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), 3)
        brains = {s: entry.make_bot(catalogue, s, Rng(s)) for s in range(len(ctx.seats))}
        while session.outcome() is None:
            seat = min(session.current())
            session.submit(brains[seat].act(session.view(seat), session.legal(seat)))
        board = entry.scenes().make_board(ctx, entry, session, {})
        ctx.stack.push(board)
        if skipped:
            board.section.skip()
        built.append(board)
    return build


@pytest.mark.parametrize("game_id", ["secret_identity", "secret_identity_coop"])
@pytest.mark.parametrize("skipped", [False, True])
def test_the_end_writes_its_verdict_only_once_the_count_has_reached_it(game_id, skipped):
    """Both modes' ends are the shared end show (issue 26 item 3): the verdict — SI-9's
    tie-break, co-op's rating band — shows only once the scores have counted up to it
    (before, the band stood under a score still counting, "3/10" over "6 to 8")."""
    built = []
    drawn = Probe(ticks=20).draw("fixture", "en", _ended_board(game_id, skipped, built))
    board = built[0]
    verdict = board.section.verdict(board.public)
    assert board.stage == "end" and board.section.running is not skipped
    assert (verdict in [t.text for t in drawn.texts]) is skipped


def _podium_room(room, seed):
    """A competitive match seated as a pad (seat 0), a keyboard and a bot, played to its end
    by the game's bot brains through the board, so the board hears every event."""
    pad, session, board, brains = pad_keyboard_bot_board(room, "secret_identity", seed)
    while session.outcome() is None:
        seat = min(session.current())
        assert board.submit(brains[seat].act(session.view(seat), session.legal(seat))) is None
    return pad, board


def test_the_podium_show_starts_after_the_last_reveal_gates_bots_and_A_skips_it(english_room):
    room = english_room
    pad, board = _podium_room(room, seed=3)
    assert board.stage == "reveal"  # the last round's safes open first
    room.until(lambda: board.stage != "reveal")
    room.run(1)
    assert board.stage == "end" and board.section.running and not board.bots_may_act()
    assert not board.end_choices_open()
    pad.tap(Intent.CONFIRM)
    assert not board.section.running and room.top is board  # A skipped the show, it did not replay
    assert board.end_choices_open()


def test_the_winners_pad_rumbles_once_when_the_podium_cheers(english_room):
    """Seed 10 plays to a win of the pad's seat alone. Seed 3, pinned
    before issue 27's deals (look-alikes apart, at most two jobs or creatures a board),
    now ends level on 10 points with the bot and the bot keeps more picto cards (4 to 1):
    SI-9 gives it the match, so the pad rightly stayed still there."""
    room = english_room
    pad, board = _podium_room(room, seed=10)
    outcome = board.session.outcome()
    assert outcome.ranks[0] == 1 and sorted(outcome.ranks.values()) == [1, 2, 3]  # the pad's seat alone
    before = len(pad.vpad.rumbles)
    room.until(lambda: board.stage == "end" and board.section.show.cheered, steps=5)
    assert len(pad.vpad.rumbles) == before + 1


def test_a_shared_win_rumbles_each_winner_s_pad_once_and_no_other(english_room):
    """SI-9's shared victory: both winners' pads rumble once as the podium cheers; the
    third seat's pad does not."""
    room = english_room
    pads = [room.attach_pad(f"Pad {i}") for i in range(3)]
    for i, pad in enumerate(pads):
        room.ctx.seats.join(pad.device, f"Seat {i}")
    show = Show(room.ctx, [Standing(0, 12, place=1), Standing(1, 12, place=1), Standing(2, 8, place=3)])
    before = [len(pad.vpad.rumbles) for pad in pads]
    show.skip()
    assert [len(pad.vpad.rumbles) - n for pad, n in zip(pads, before)] == [1, 1, 0]


def _marker_spots(scores):
    from game.context import build_context
    from game.games.secret_identity.ui.track import marker_spots, track_point
    from game.settings import Settings

    kit = build_context(headless=True, settings=Settings(), seats=8).kit
    spots = marker_spots(kit, scores, range(8), 60)
    return kit, spots, {seat: track_point(kit, score, 60)[0] for seat, score in enumerate(scores)}


def test_markers_are_48_px_and_stand_exactly_at_their_score():
    """Issue 28: the markers were 26 px, and those sharing or neighbouring a square were
    pushed off their scores; each now stands over its true score, 48 px across."""
    from game.games.secret_identity.ui.track import MARKER_RADIUS

    assert 2 * MARKER_RADIUS >= 48
    for scores in ([13, 14, 14, 14, 14, 15, 16, 17], [7.0] * 8, [0, 1, 2, 3, 28, 29, 30, 30]):
        _, spots, true_x = _marker_spots(scores)
        assert {seat: spot[0] for seat, spot in spots.items()} == true_x


def test_markers_sharing_a_square_stack_each_showing_under_the_one_above():
    """All eight on one square: a stack down the square, each marker at its own height
    (its lower edge shows under the one above) and the stack inside the safe area."""
    from game.games.secret_identity.ui.track import MARKER_RADIUS

    kit, spots, _ = _marker_spots([7.0] * 8)
    heights = sorted(y for _, y in spots.values())
    assert len(set(heights)) == 8 and min(b - a for a, b in zip(heights, heights[1:])) >= 8
    assert heights[0] - MARKER_RADIUS >= 60 - 36  # the track's line is 36 px under the safe top
    assert heights[-1] + MARKER_RADIUS <= 60 + 80  # clear of the seat panels under the track


def test_peeking_during_the_vote_says_whose_character_the_vote_is_for():
    from game.core.rng import Rng
    from game.core.session import Session
    from game.input.intents import InputEvent

    def build(ctx, args):
        entry = ctx.games["secret_identity"]
        catalogue = ctx.catalogue.game(entry.catalogue_key)
        session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), 3)
        brains = {s: entry.make_bot(catalogue, s, Rng(s)) for s in range(len(ctx.seats))}
        while session.view(None).public.phase != "vote":
            seat = min(session.current())
            session.submit(brains[seat].act(session.view(seat), session.legal(seat)))
        board = entry.scenes().make_board(ctx, entry, session, {})
        ctx.stack.push(board)
        ctx.stack.fixed_update(1 / 60)  # the vote ring opens
        ctx.stack.handle(0, InputEvent(ctx.seats[0].device, Intent.PEEK, pressed=True))

    import pygame

    drawn = Probe().draw("fixture", "en", build).texts
    texts = [t.text.replace("\n", " ") for t in drawn]
    assert "Your vote for Jean-Christophe:" in texts  # seat 0 votes on seat 1 first
    assert any(text.startswith("1 — ") for text in texts)
    hub = pygame.Rect(0, 0, 392, 392)
    hub.center = (960, 562)  # the ring's centre at the 5 % safe area
    in_hub = [t.text for t in drawn if hub.colliderect(t.ink)]
    assert in_hub and "Marie-Antoinette" not in in_hub  # the peeker's own name is not over a character


def test_coop_end_is_a_show_the_team_count_rises_and_A_skips_it(english_room):
    room = english_room
    pad, session, board, brains = pad_keyboard_bot_board(room, "secret_identity_coop", 5)
    while session.outcome() is None:
        seat = min(session.current())
        assert board.submit(brains[seat].act(session.view(seat), session.legal(seat))) is None
    assert board.stage == "answer"  # the last result shows first
    room.until(lambda: board.stage == "end")
    assert board.section.running and not board.bots_may_act() and not board.end_choices_open()
    before = len(pad.vpad.rumbles)
    pad.tap(Intent.CONFIRM)
    assert not board.section.running and room.top is board  # skipped, not "play again"
    assert board.end_choices_open()
    assert len(pad.vpad.rumbles) > before  # the whole team is cheered


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_clue_editors_help_stays_clear_of_every_card_of_the_hand(lang):
    """Issue 14 item 6: the keys' help sat over the second row of cards. A hand of ten
    takes two rows: no line of the help may touch a card."""
    from types import SimpleNamespace

    from game.games.secret_identity.ui.clue_editor import CARD_SIZES, ClueEditor
    from game.scenes.base import Scene

    class Workshop(Scene):
        def __init__(self, ctx):
            super().__init__()
            catalogue = ctx.catalogue.game("secret_identity")
            view = SimpleNamespace(
                public=SimpleNamespace(board=tuple(c.id for c in catalogue.characters[:8]),
                                       seats=[SimpleNamespace(clue=())] * 4),
                private=SimpleNamespace(hand=tuple(card.id for card in catalogue.cards[:10]), placed=()))
            self.ctx = ctx
            self.editor = ClueEditor(ctx, 0, lambda: view, lambda action: None, key_of=lambda v: 3)

        def draw(self, surface, alpha):
            self.ctx.kit.background(surface)
            self.editor.draw(surface, pygame.Rect(180, 272, 1560, 690))  # the peek curtain's room at 5 %

    import pygame

    drawn = Probe().draw("fixture", lang, lambda ctx, args: ctx.stack.push(Workshop(ctx)))
    sizes = set(CARD_SIZES)
    cards = [box.rect for box in drawn.boxes if tuple(box.rect.size) in sizes]
    assert len(cards) == 10 and len({card.y for card in cards}) == 2
    help_words = {"en": ("pick a card", "turn it", "green slot", "red slot", "take it back"),
                  "fr": ("une carte", "la tourner", "case verte", "case rouge", "la reprendre")}[lang]
    helps = [t for t in drawn.texts if any(words in t.text for words in help_words)]
    assert len(helps) == len(help_words)
    column = min(card.x for card in cards) - 24  # the help's column ends before the hand's
    assert all(t.ink.right <= column for t in helps), [(t.text, t.ink) for t in helps]
    assert not [(t.text, card) for t in helps for card in cards if t.ink.colliderect(card)]


def test_the_summary_says_in_words_who_guessed_whom_out_of_how_many():
    drawn = Probe().draw("secret_identity.summary", "en")
    texts = [t.text.replace("\n", " ") for t in drawn.texts]
    assert "Guessed by" in texts and "Right guesses" in texts and "Found" not in texts
    assert sum(text.endswith("/7") for text in texts) == 16  # both counts of every seat, out of its 7 opponents


def test_coop_a_press_during_the_last_answer_s_flash_chooses_nothing_then_A_skips_the_show_then_A_chooses(
        english_room):
    """A press before the end show has finished hurries what plays and never chooses: during
    the last answer's flash (as during any answer's) it is taken and does nothing, not
    "play again"; during the show A skips it; only then does A play again."""
    room = english_room
    pad, session, board, brains = pad_keyboard_bot_board(room, "secret_identity_coop", 5)
    while session.outcome() is None:
        seat = min(session.current())
        assert board.submit(brains[seat].act(session.view(seat), session.legal(seat))) is None
    assert board.stage == "answer" and board.public.phase == "over"  # the last answer flashes
    for intent in (Intent.CONFIRM, Intent.BACK):
        pad.tap(intent)
        assert room.top is board and board.stage == "answer", intent
    room.until(lambda: board.stage == "end")
    pad.tap(Intent.BACK)
    assert room.top is board and board.section.running  # B waits for the show's end
    pad.tap(Intent.CONFIRM)
    assert not board.section.running and room.top is board  # skipped, not "play again"
    pad.tap(Intent.CONFIRM)
    assert room.top is not board and type(room.top) is type(board)  # now it plays again


@pytest.mark.parametrize("seats", [3, 5, 8])
@pytest.mark.parametrize("safe_area", [0.05, 0.10])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_coop_end_names_are_whole_readable_and_clear_of_the_other_seats_tokens(monkeypatch, seats, safe_area, lang):
    """The team row with the longest names at the largest text: 'Marie-Antoinette' ran
    under the next seat's badge and 'Pierre-Alexandre' lost its last letter under the next
    one, 2 to 8 seats, both safe areas. Every name is drawn whole, at 28 px or more, and no
    token covers any of its letters."""
    from game.games.secret_identity.ui import shots
    from game.ui.theme import MIN_TEXT

    monkeypatch.setattr(shots, "SHOT_SEATS", seats)
    drawn = Probe(safe_area=safe_area, seats=seats).draw("secret_identity_coop.end", lang)
    names = [seat.name for seat in drawn_seats(seats, lang)]
    shown = {t.text.replace("-\n", "-").replace("\n", ""): t for t in drawn.texts}
    for name in names:
        assert name in shown and shown[name].size >= MIN_TEXT
    assert [str(v) for v in drawn.violations()] == []


def drawn_seats(count, lang):
    """The long names the layout check seats, in seat order."""
    from game.context import build_context, fill_seats

    ctx = build_context(headless=True, lang=lang)
    fill_seats(ctx, count, "kit.long_names")
    return list(ctx.seats)[:count]


@pytest.mark.parametrize("seats", [3, 8])
@pytest.mark.parametrize("safe_area", [0.05, 0.10])
@pytest.mark.parametrize("text_scale", [1.0, 1.15, 1.3])
def test_the_top_cards_number_badge_stays_under_the_score_tracks_numbers(monkeypatch, seats, safe_area, text_scale):
    """The ring's slot-1 number badge rises above its card: at the largest text it sat on
    the score track's "10" (both safe areas). At every text scale the ring's top leaves
    the badge room under the track's numbers, and nothing covers any text."""
    from game.games.secret_identity.ui import shots

    monkeypatch.setattr(shots, "SHOT_SEATS", seats)
    drawn = ScaledProbe(safe_area=safe_area, seats=seats, text_scale=text_scale).draw("secret_identity.clues", "fr")
    assert [str(v) for v in drawn.violations() if v.rule == "overlap"] == []


@pytest.mark.parametrize("safe_area", [0.05, 0.10])
def test_the_vote_ring_puts_each_character_where_the_board_draws_its_card(safe_area):
    """Pointing at a character lands on its card: the vote picker's ring is the board's,
    whose top leaves room for the score track at the largest text."""
    from game.shots import ShotRequest, prepare
    from game.games.secret_identity.ui.vote_picker import VotePicker
    from game.games.secret_identity.ui.widgets import slot_positions
    from game.settings import Settings

    request = ShotRequest(lang="fr", seats=8, seed=1, ticks=1, names="long")
    ctx = prepare("secret_identity.vote", request, Settings(lang="fr", text_scale=1.3, safe_area=safe_area))
    picker = next(scene for scene in ctx.stack.visible() if isinstance(scene, VotePicker))
    assert [rect.center for rect in picker.geometry.slot_rects(8)] == list(slot_positions(ctx.kit))
    ctx.stack.clear()


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("safe_area", [0.05, 0.10])
@pytest.mark.parametrize("text_scale", [1.0, 1.3])
def test_the_summarys_link_words_stay_clear_of_the_next_rows_chips(lang, safe_area, text_scale):
    """The round summary's "why" words: in the 10 % area two lines of them ("maison,
    famille") reached under the next row's chip. Every link's words
    now stay within their row's reach, and nothing covers any text."""
    drawn = ScaledProbe(safe_area=safe_area, text_scale=text_scale).draw("secret_identity.summary", lang)
    assert [str(v) for v in drawn.violations() if v.rule == "overlap"] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("text_scale", [1.0, 1.3])
def test_a_standing_out_card_covers_nothing_of_its_neighbours(lang, text_scale):
    """Co-op's answer: in the 10 % area the bottom cards are 6 px apart, and the right
    answer's halo (card 6) covered card 5's badge and the start of its name ("La
    Créature de Frankenstein"). Such a card is tinted now, with no halo round it."""
    drawn = ScaledProbe(safe_area=0.10, text_scale=text_scale).draw("secret_identity_coop.result", lang)
    assert [str(v) for v in drawn.violations() if v.rule == "overlap"] == []


@pytest.mark.parametrize("lang, safe", [("fr", "coffre"), ("en", "safe")])
def test_the_open_safe_says_what_a_safe_is(lang, safe):
    """Issue 28: "Le coffre de Chloé" named a safe nothing explained; the line under it
    says the safe holds the player's secret character."""
    from game.context import build_context
    from game.settings import Settings

    ctx = build_context(headless=True, lang=lang, settings=Settings(lang=lang))
    line = ctx.t("si.reveal.was", n=2)
    assert safe in line.lower() and "secret" in line and "2" in line
