"""Scene stack: order, lifecycle, overlays, freezing and input fall-through."""

from game.input.intents import InputEvent, Intent
from game.scenes.base import Scene
from game.stack import SceneStack


class Probe(Scene):
    def __init__(self, name, log, opaque=True, blocks_input=True, freezes_below=True, takes=()):
        super().__init__()
        self.name, self.log = name, log
        self.opaque, self.blocks_input, self.freezes_below = opaque, blocks_input, freezes_below
        self.takes = set(takes)

    def enter(self, previous):
        self.log.append((self.name, "enter", previous.name if previous else None))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle(self, seat, event):
        self.log.append((self.name, "handle", event.intent))
        return event.intent in self.takes

    def fixed_update(self, dt):
        self.log.append((self.name, "fixed"))

    def update(self, frame_dt):
        self.log.append((self.name, "update"))

    def draw(self, surface, alpha):
        self.log.append((self.name, "draw"))


def ev(intent):
    return InputEvent(("kb", "left"), intent)


def only(log, what):
    return [entry[0] for entry in log if entry[1] == what]


def test_lifecycle_order_push_pop_replace():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    assert log == [("a", "enter", None), ("a", "pause"), ("b", "enter", "a"), ("b", "exit"),
                   ("c", "enter", "b"), ("c", "exit"), ("a", "resume")]
    assert stack.top is a and len(stack) == 1


def test_overlays_draw_over_the_topmost_opaque_scene():
    log, stack = [], SceneStack()
    for scene in (Probe("title", log), Probe("board", log), Probe("peek", log, opaque=False),
                  Probe("notice", log, opaque=False)):
        stack.push(scene)
    log.clear()
    stack.draw(None, 0.5)
    assert only(log, "draw") == ["board", "peek", "notice"]


def test_freezes_below_stops_updates_of_lower_scenes():
    log, stack = [], SceneStack()
    stack.push(Probe("board", log))
    stack.push(Probe("peek", log, opaque=False, freezes_below=False))
    log.clear()
    stack.fixed_update(1 / 60)
    stack.update(1 / 60)
    assert only(log, "fixed") == ["board", "peek"]
    assert only(log, "update") == ["board", "peek"]
    stack.push(Probe("pause", log, opaque=False, freezes_below=True))
    log.clear()
    stack.fixed_update(1 / 60)
    assert only(log, "fixed") == ["pause"]


def test_input_goes_top_down_until_taken_or_blocked():
    log, stack = [], SceneStack()
    stack.push(Probe("board", log, takes={Intent.MENU}))
    stack.push(Probe("ring", log, opaque=False, blocks_input=False, takes={Intent.CONFIRM}))
    log.clear()
    assert stack.handle(0, ev(Intent.CONFIRM)) is True
    assert only(log, "handle") == ["ring"]
    log.clear()
    assert stack.handle(0, ev(Intent.MENU)) is True
    assert only(log, "handle") == ["ring", "board"]
    stack.push(Probe("modal", log, opaque=False, blocks_input=True))
    log.clear()
    assert stack.handle(0, ev(Intent.MENU)) is False
    assert only(log, "handle") == ["modal"]


def test_remove_takes_a_scene_out_from_the_middle():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log, opaque=False), Probe("c", log, opaque=False)
    for scene in (a, b, c):
        stack.push(scene)
    stack.remove(b)
    assert list(stack) == [a, c] and b.stack is None
    stack.remove(c)
    assert stack.top is a and ("a", "resume") in log


def test_default_scene_takes_no_raw_events():
    assert Scene().process_raw(object()) is False


def test_on_empty_called_when_last_scene_leaves():
    calls, stack = [], SceneStack()
    stack.on_empty = lambda: calls.append(1)
    stack.push(Scene())
    stack.pop()
    assert calls == [1]


def release(intent, device=("kb", "left")):
    return InputEvent(device, intent, pressed=False)


def test_a_release_goes_to_the_scene_that_took_its_press_whatever_is_on_top():
    log, stack = [], SceneStack()
    board = Probe("board", log, takes={Intent.PEEK, Intent.ALT})
    stack.push(board)
    assert stack.handle(0, ev(Intent.PEEK)) is True
    stack.push(Probe("overlay", log, opaque=False, takes=set(Intent)))  # swallows everything
    log.clear()
    assert stack.handle(0, release(Intent.PEEK)) is True
    assert only(log, "handle") == ["board"]
    log.clear()
    stack.handle(0, release(Intent.PEEK))  # its press was answered already: top down again
    assert only(log, "handle") == ["overlay"]
    log.clear()
    stack.handle(0, ev(Intent.ALT))  # pressed under the overlay: the overlay took it
    stack.pop()
    stack.handle(0, release(Intent.ALT))  # ...and has left: top down
    assert only(log, "handle") == ["overlay", "board"]


def test_a_scene_pushed_by_a_press_waits_for_its_release():
    log, stack = [], SceneStack()

    class Opener(Probe):
        def handle(self, seat, event):
            super().handle(seat, event)
            if event.pressed:
                self.stack.push(Probe("curtain", log, opaque=False, takes=set(Intent)))
            return True

    stack.push(Opener("board", log))
    stack.handle(0, ev(Intent.PEEK))
    curtain = stack.top
    stack.push(Probe("overlay", log, opaque=False, takes=set(Intent)))
    log.clear()
    stack.handle(0, release(Intent.PEEK))
    assert only(log, "handle") == ["curtain"] and curtain.stack is stack


def test_the_stick_back_at_centre_reaches_every_scene_that_saw_it_pushed():
    log, stack = [], SceneStack()
    stack.push(Probe("board", log, takes={Intent.STICK}))
    push = InputEvent(("pad", 1), Intent.STICK, True, angle=90.0, magnitude=1.0)
    stack.handle(0, push)
    stack.push(Probe("ring", log, opaque=False, takes={Intent.STICK}))
    stack.handle(0, push)  # still pushed: the ring opened meanwhile and follows it
    stack.push(Probe("overlay", log, opaque=False, takes=set(Intent)))
    log.clear()
    stack.handle(0, InputEvent(("pad", 1), Intent.STICK, False))
    assert only(log, "handle") == ["ring", "board"]
