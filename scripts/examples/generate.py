#!/usr/bin/env python3
"""Writes the source streams of the example recordings (examples/src/*.evemu): the fingers of
each story, in screen points of the examples' 800x480 screen, as a 10-slot protocol B panel
sends them at 100 Hz. `scripts/examples/record.sh` (inside the test VM) replays each into a
uinput device and records it with `touchbridge record` into examples/*.evemu, so the bundled
files are real recordings of kernel devices."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "examples", "src")
UNITS = 10            # device units per screen point: x 0..7999, y 0..4799 map exactly
FRAME_US = 10000      # 100 Hz
BTN_TOUCH, ABS_X, ABS_Y = 0x14a, 0x00, 0x01
SLOT, MAJOR, MX, MY, TID, MP = 0x2f, 0x30, 0x35, 0x36, 0x39, 0x3a
AXES = {ABS_X: (0, 7999, 0, 0, 40), ABS_Y: (0, 4799, 0, 0, 40), SLOT: (0, 9, 0, 0, 0), MAJOR: (0, 1023, 0, 0, 40),
        MX: (0, 7999, 0, 0, 40), MY: (0, 4799, 0, 0, 40), TID: (0, 65535, 0, 0, 0), MP: (0, 255, 0, 0, 0)}


def header():
    keys = bytearray(96)
    keys[BTN_TOUCH // 8] |= 1 << (BTN_TOUCH % 8)
    absmask = bytearray(8)
    for c in AXES:
        absmask[c // 8] |= 1 << (c % 8)
    lines = ["# EVEMU 1.3", "N: touchbridge example panel", "I: 0003 1234 5679 0100",
             "P: 02 00 00 00 00 00 00 00", "B: 00 0b 00 00 00 00 00 00 00"]
    lines += ["B: 01 " + " ".join("%02x" % b for b in keys[i:i + 8]) for i in range(0, 96, 8)]
    lines += ["B: 03 " + " ".join("%02x" % b for b in absmask)]
    lines += ["A: %02x %d %d %d %d %d" % ((c,) + AXES[c]) for c in sorted(AXES)]
    return lines


def line(a, b, steps):
    """Points from a to b in `steps` equal moves (a itself first)."""
    return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]


def tap(at, hold=3):
    """A finger down at `at` for `hold` frames, not moving."""
    return [at] * (hold + 1)


class Story:
    def __init__(self):
        self.strokes = []   # (start frame, slot, points)

    def add(self, start_s, slot, points):
        self.strokes.append((round(start_s * 1e6 / FRAME_US), slot, points))
        return self

    def lines(self):
        last = max(start + len(points) for start, _, points in self.strokes)
        state = {}             # slot -> (x, y) currently down
        next_id = 1
        out, current_slot, touching = [], 0, False
        for f in range(last + 1):
            events = []
            for start, slot, points in sorted(self.strokes, key=lambda s: s[1]):
                i = f - start
                if i < 0 or i > len(points):
                    continue
                def select():
                    nonlocal current_slot
                    if current_slot != slot:
                        events.append((3, SLOT, slot))
                        current_slot = slot
                if i == len(points):
                    select()
                    events.append((3, TID, -1))
                    del state[slot]
                    continue
                x, y = (round(points[i][0] * UNITS), round(points[i][1] * UNITS))
                if i == 0:
                    select()
                    events += [(3, TID, next_id), (3, MX, x), (3, MY, y), (3, MP, 70), (3, MAJOR, 300)]
                    next_id += 1
                    state[slot] = (x, y)
                elif state[slot] != (x, y):
                    select()
                    if x != state[slot][0]:
                        events.append((3, MX, x))
                    if y != state[slot][1]:
                        events.append((3, MY, y))
                    state[slot] = (x, y)
            if not events:
                continue
            if state and not touching:
                events.append((1, BTN_TOUCH, 1))
                touching = True
            elif not state and touching:
                events.append((1, BTN_TOUCH, 0))
                touching = False
            if state:
                first = state[min(state)]
                events += [(3, ABS_X, first[0]), (3, ABS_Y, first[1])]
            t = 1 + f * FRAME_US
            for (ty, code, value) in events + [(0, 0, 0)]:
                out.append("E: %d.%06d %04x %04x %d" % (t // 1000000, t % 1000000, ty, code, value))
        return header() + out


def abcde():
    # A tap in E, one in B, one in D; a drag from E up into D (the touch stays E's); two
    # fingers in B, which is not multiple-touch enabled (only the first reaches it).
    return (Story().add(0.0, 0, tap((600, 360))).add(0.4, 0, tap((200, 240))).add(0.8, 0, tap((600, 120)))
            .add(1.2, 0, line((600, 400), (600, 100), 10))
            .add(1.8, 0, tap((150, 200), 6)).add(1.83, 1, tap((250, 300), 3)))


def overlap():
    # CloseButton (470,80 30x30) takes touches 15 points around it; Badge sticks out of Card
    # (whose shape includes its subviews); a tap on Card itself; one on Back beside it.
    return (Story().add(0.0, 0, tap((510, 75))).add(0.5, 0, tap((530, 300))).add(1.0, 0, tap((300, 250)))
            .add(1.5, 0, tap((80, 400))))


def round_button():
    # The middle of the round button; its bounding box's corner (outside the circle); a drag
    # that leaves the button by more than 70 points and lifts there.
    return (Story().add(0.0, 0, tap((400, 240))).add(0.5, 0, tap((310, 150)))
            .add(1.0, 0, line((400, 240), (400, 460), 12)))


def tap_over_view():
    # A tap: the recognizer takes it and the view's touch is cancelled. A drag: the tap fails
    # and the view sees the whole touch.
    return Story().add(0.0, 0, tap((400, 240))).add(0.8, 0, line((300, 200), (500, 260), 10))


def nested_controllers():
    # A tap on Level3, deep inside two view controllers, then one on Level1.
    return Story().add(0.0, 0, tap((60, 60))).add(0.5, 0, tap((250, 250)))


def kiosk():
    # Coffee, then Tea; a swipe left on the page; a swipe right that starts on the Water
    # button (the swipe wins and the button's touch is cancelled); then Water.
    return (Story().add(0.0, 0, tap((160, 380), 5)).add(0.6, 0, tap((400, 380), 5))
            .add(1.2, 0, line((700, 200), (400, 205), 8))
            .add(2.0, 0, line((600, 380), (760, 385), 6))
            .add(2.8, 0, tap((640, 380), 5)))


def photo():
    # A one-finger drag on the canvas (its pan); two fingers spreading on the photo (the pinch
    # wins, the rotation fails); two fingers turning a quarter turn (the rotation wins).
    import math
    turn0 = [(500 + 60 * math.cos(math.pi * i / 20), 240 + 60 * math.sin(math.pi * i / 20)) for i in range(11)]
    turn1 = [(500 - 60 * math.cos(math.pi * i / 20), 240 - 60 * math.sin(math.pi * i / 20)) for i in range(11)]
    return (Story().add(0.0, 0, line((150, 240), (250, 300), 10))
            .add(0.6, 0, line((460, 240), (400, 240), 10)).add(0.6, 1, line((540, 240), (600, 240), 10))
            .add(1.4, 0, turn0).add(1.4, 1, turn1))


def noisy_press():
    # A worn resistive-like panel: a finger resting for 0.8 s on the button jitters by up to
    # 3.5 mm (14 points) now and then; then a clean tap. Without the jitter filter the long
    # press fails on the jitter; with --hysteresis 4 it is recognised.
    import random
    rnd = random.Random(7)
    rest = [(400, 240)]
    for i in range(80):
        spike = rnd.random() < 0.15
        amp = 14 if spike else 3
        rest.append((400 + rnd.uniform(-amp, amp), 240 + rnd.uniform(-amp, amp)))
    return Story().add(0.0, 0, rest).add(1.5, 0, tap((400, 240)))


def signature():
    # examples/swift-kiosk (a 800x480 screen: the pad above y 380, the pen-width strip at the
    # bottom left, Clear and Submit at the bottom right), played with examples/shake.evemu,
    # whose shake ends at 6.5 s and whose too-long shake (from 7.9 s) is cancelled: two
    # strokes, (the shake clears them), a stroke, Clear, a stroke, the strip panned 100
    # points to the right, Submit.
    return (Story().add(0.0, 0, line((100, 100), (300, 200), 15)).add(1.5, 0, line((300, 100), (100, 250), 15))
            .add(7.0, 0, line((400, 150), (600, 150), 12)).add(8.5, 0, tap((500, 430), 5))
            .add(10.0, 0, line((200, 200), (250, 300), 10)).add(11.0, 0, line((50, 430), (150, 430), 20))
            .add(14.0, 0, tap((680, 430), 5)))


def watch():
    # For `touchbridge watch`: a finger resting on the left for 2 s, jittering by up to half
    # a point (0.125 mm); a second finger drawing a diagonal from 0.5 s to 1.5 s; a tap at
    # the top right at 1.2 s.
    import random
    rnd = random.Random(11)
    rest = [(200 + rnd.uniform(-0.5, 0.5), 240 + rnd.uniform(-0.5, 0.5)) for _ in range(200)]
    return (Story().add(0.0, 0, rest).add(0.5, 1, line((450, 100), (700, 400), 100))
            .add(1.2, 2, tap((650, 120), 5)))


os.makedirs(OUT, exist_ok=True)
for name, story in [("abcde", abcde()), ("overlap", overlap()), ("round-button", round_button()),
                    ("tap-over-view", tap_over_view()), ("nested-controllers", nested_controllers()),
                    ("kiosk", kiosk()), ("photo", photo()), ("noisy-press", noisy_press()), ("signature", signature()),
                    ("watch", watch())]:
    with open(os.path.join(OUT, name + ".evemu"), "w") as f:
        f.write("\n".join(story.lines()) + "\n")
