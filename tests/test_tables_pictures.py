"""The other tables' pictures: a spinner with four arms that stay whole and apart, read back from the pixels, with a
full-size tap target at every open end; three and four players each named as a side; the score line, the count
written out, a "+N" badge, katsika's side in danger, and the tiles out of play apart from any stock."""

from __future__ import annotations

import random

import pytest

from app.widgets.lesson_table import PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE
from engine import Play, Position, Rules
from render import OpenEnd, Rect, TableView, draw_table
from render.scores import count_terms
from render.spinner import has_spinner
from tests.render_support import count_blobs

LABELS = {"you": "You", "opponent": "Opponent", "partner": "Partner", "right_opponent": "Right",
          "left_opponent": "Left", "across_opponent": "Across", "side_yours": "Us", "side_theirs": "Them",
          "target": "Reaching 100 loses", "danger": "in danger", "count": "Ends", "out_of_play": "out of play"}


def spinner_tables(players: int, count: int, seed: int = 0) -> list[Position]:
    """Positions of all-fives hands played at random with a double lead, each with all four arms open."""
    rng = random.Random(seed)
    rules = Rules.all_fives(players=players)
    found = []
    while len(found) < count:
        position = Position.deal(rules, rng, leader=rng.randrange(players))
        doubles = [m for m in position.legal_moves() if isinstance(m, Play) and m.tile.is_double]
        if not doubles:
            continue
        position = position.apply(doubles[0])
        while position.outcome is None:
            after = position.apply(rng.choice(position.legal_moves()))
            if after.outcome is not None:
                break
            position = after
        if len(position.open_ends) == 4:
            found.append(position)
    return found


TABLES = spinner_tables(4, 8) + spinner_tables(2, 6, seed=1) + spinner_tables(3, 6, seed=2)


def _touch(a: Rect, b: Rect) -> bool:
    """Two rectangles sharing a stretch of edge."""
    x = min(a.x1, b.x1) - max(a.x0, b.x0)
    y = min(a.y1, b.y1) - max(a.y0, b.y0)
    return (x == 0 and y > 0) or (y == 0 and x > 0)


@pytest.mark.parametrize("size, scale", [(PHONE_SIZE, PHONE_SCALE), (PROJECTOR_SIZE, 2.0), ((400, 480), 1.0)])
def test_a_spinner_table_lays_four_whole_arms_with_a_target_at_every_end(size: tuple[int, int], scale: float) -> None:
    for position in TABLES:
        picture = draw_table(position, TableView(size=size, scale=scale, labels=LABELS))
        layout = picture.line
        assert has_spinner(position) and layout.fits
        spots = {spot.index: spot for spot in layout.spots}
        assert sorted(spots) == list(range(len(position.placed)))
        rects = [spot.rect for spot in layout.spots]
        assert not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert not picture.clashes()
        lead = spots[position.lead_index]
        for arm in ("left", "right", "up", "down"):
            chain = sorted((i for i, p in enumerate(position.placed) if p.arm == arm),
                           key=lambda i: position.placed[i].order)
            before = lead
            for index in chain:
                spot, placed = spots[index], position.placed[index]
                assert spot.arm == arm
                # The half showing the tile's inner number touches the tile before it on the arm.
                halves = [half for half, n in zip(spot.halves, (spot.first, spot.second), strict=True)
                          if n == placed.inner]
                assert any(_touch(half, before.rect) for half in halves), (arm, placed, spot, before)
                before = spot
        assert [(end.end, end.number) for end in layout.ends] == list(position.open_ends)
        for end in layout.ends:
            assert end.target.width >= picture.geometry.target, end  # never a shrunk target
            assert picture.click_map.resolve(*end.target.center) == OpenEnd("end", end.end)


def test_a_spinner_table_reads_back_from_its_pixels() -> None:
    for position in TABLES[:4]:
        picture = draw_table(position, TableView(scale=2, mark_last=False))  # no outline over a neighbour's pips
        margin = max(1, picture.line.unit // 12)
        for spot in picture.line.spots:
            assert [count_blobs(picture.image, half, margin) for half in spot.halves] == [spot.first, spot.second]


def test_before_its_sides_open_the_spinner_has_two_ends_and_a_lone_spinner_counts_once() -> None:
    rules = Rules.all_fives()
    position = Position.setup(rules, [["5-3", "6-4"], ["1-1"]], ["5-5", "5-1"], stock=["0-0"], spinner=0)
    picture = draw_table(position, TableView(selected="5-3", hint=True))
    assert [end.end for end in picture.line.ends] == ["left", "right"]
    assert picture.click_map.rect_of(OpenEnd("end", "up")) is None
    lone = Position.setup(rules, [["5-3"], ["1-1"]], ["5-5"], stock=["0-0"], spinner=0, to_move=1)
    assert count_terms(lone) == (5, 5) and sum(count_terms(lone)) == lone.end_count == 10


def test_the_written_count_always_adds_up_to_the_engines() -> None:
    for position in TABLES:
        terms = count_terms(position)
        assert terms is not None and len(terms) >= 2 and sum(terms) == position.end_count


def test_three_players_sit_bottom_right_and_left_and_four_without_partners_each_a_side() -> None:
    three = Position.deal(Rules.block_game(players=3), random.Random(1))
    picture = draw_table(three, TableView(labels=LABELS, viewer=1))
    assert [(s.role, s.place) for s in picture.description.seats] == [
        ("left_opponent", "left"), ("you", "bottom"), ("right_opponent", "right")]
    four = Position.deal(Rules.draw_game(players=4), random.Random(2))
    seats = draw_table(four, TableView(labels=LABELS)).description.seats
    assert [s.role for s in seats] == ["you", "right_opponent", "across_opponent", "left_opponent"]
    texts = [box.text for box in draw_table(four, TableView(labels=LABELS)).boxes if box.where == "seat"]
    assert "Across" in " ".join(t or "" for t in texts) and "Partner" not in " ".join(t or "" for t in texts)


def test_the_score_line_badge_and_count_sit_under_and_beside_the_table() -> None:
    rules = Rules.all_fives()
    before = Position.setup(rules, [["5-4", "6-4", "3-2"], ["1-1", "2-2"]], ["6-0", "0-0", "0-3"], spinner=1,
                            up=["0-4"], stock=["1-0", "5-5"])
    after = before.apply("plays 6-4 up")
    plain = draw_table(after, TableView())
    picture = draw_table(after, TableView(labels=LABELS, scores=(40, 55), scored={0: 15}, end_count=True))
    assert picture.image.size[1] > plain.image.size[1]  # the strip under the table
    d = picture.description
    assert d.totals == (55, 55) and d.count == (6, 3, 6) and d.scored == ((0, 15),) and d.spinner
    badge = next(box for box in picture.boxes if box.text == "+15")
    plate = picture.geometry.seat(0).plate
    assert badge.rect.y0 < plate.y1 and plate.y0 < badge.rect.y1 and badge.rect.x0 >= plate.x1
    lines = [box.text for box in picture.boxes if box.kind == "label" and box.where is None]
    assert "Ends: 6 + 3 + 6 = 15" in lines and "You 55 · Opponent 55" in lines
    assert not picture.clashes()
    # The same table without the options is drawn as it always was: nothing added.
    assert plain.description.totals is None and plain.description.count is None


def test_katsika_marks_the_side_nearest_the_target() -> None:
    rules = Rules.katsika()
    position = Position.setup(rules, [["5-4"], ["0-4"], ["3-1"], ["5-5", "1-1"]], ["6-6", "6-2", "2-2", "2-0"],
                              to_move=1).apply("1 plays 4-0 right")
    picture = draw_table(position, TableView(labels=LABELS, scores=(85, 20)))
    assert picture.description.totals == (98, 20) and picture.description.danger == 0
    assert "Us 98 (in danger) · Them 20" in [box.text for box in picture.boxes]
    safe = draw_table(position, TableView(labels=LABELS, scores=(0, 20)))
    assert safe.description.danger == 1  # the other side has more penalty points now: 20 against 13


def test_tiles_out_of_play_lie_apart_and_cannot_be_drawn() -> None:
    rules = Rules.block_game(players=3)
    position = Position.deal(rules, random.Random(3))
    picture = draw_table(position, TableView(labels=LABELS, out_of_play=True))
    assert picture.description.out_of_play == 7 and picture.description.stock is None
    assert not any(region[0] == "stock" for region, _ in picture.click_map)
    assert any(box.kind == "stock" for box in picture.boxes) and not picture.clashes()
    assert "out of play: 7" in [box.text for box in picture.boxes]
    hidden = draw_table(position, TableView(labels=LABELS))
    assert hidden.description.out_of_play is None and not any(box.kind == "stock" for box in hidden.boxes)


def test_a_score_line_for_the_wrong_number_of_sides_is_refused() -> None:
    with pytest.raises(ValueError, match="3 sides"):
        draw_table(Position.deal(Rules.block_game(players=3), random.Random(0)), TableView(scores=(1, 2)))


def test_a_crowded_table_grows_taller_instead_of_laying_tiles_over_tiles() -> None:
    """Three players on the phone canvas, every hand face up, the learner's nine tiles on two rows and long seat
    names (as Greek and Esperanto have them): the side hands need several columns; the table is drawn taller
    rather than let them run into each other and under the line."""
    rules = Rules.all_fives(players=3)
    position = Position.setup(rules, [["0-0", "1-0", "3-1", "3-2", "4-2", "6-3"],
                                      ["1-1", "4-1", "4-3", "4-4", "5-1", "5-3", "5-4", "6-4", "6-5"],
                                      ["2-0", "3-0", "3-3", "5-2", "5-5", "6-1", "6-2"]],
                              ["2-2"], stock=["2-1", "4-0", "5-0", "6-0", "6-6"], to_move=1)
    labels = {**LABELS, "left_opponent": "La kontraŭulo maldekstre de vi",
              "right_opponent": "La kontraŭulo dekstre de vi"}
    picture = draw_table(position, TableView(size=PHONE_SIZE, scale=PHONE_SCALE, labels=labels, viewer=1,
                                             face_up={0, 2}))
    assert picture.clashes() == []
    assert picture.image.height > round(PHONE_SIZE[1] * PHONE_SCALE)  # it grew
    plain = draw_table(position, TableView(size=PHONE_SIZE, scale=PHONE_SCALE, labels=LABELS, viewer=1))
    assert plain.image.height == round(PHONE_SIZE[1] * PHONE_SCALE)  # a table with room keeps its size


def test_the_danger_sign_stands_right_before_the_side_in_danger() -> None:
    from render.scores import _pieces

    second = _pieces((("text", "You 0"), ("danger", "Them 12 (in danger)"), ("text", "Mario 3")))
    assert second == [("text", "You 0 · "), ("danger", "Them 12 (in danger) · Mario 3")]
    first = _pieces((("danger", "You 99 (in danger)"), ("text", "Them 12")))
    assert first == [("danger", "You 99 (in danger) · Them 12")]
