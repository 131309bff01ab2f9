"""Click map: every region's centre resolves to that region, at 1x and when the picture is shown scaled."""

import random

import pytest

from engine import Position, Rules
from render import HandTile, OpenEnd, SeatTiles, Stock, TableView, draw_table


def _positions() -> list[tuple[Position, TableView]]:
    rng = random.Random(11)
    partnership = Position.deal(Rules.partnership(), rng, first_hand=True)
    for _ in range(6):
        partnership = partnership.apply(rng.choice(partnership.legal_moves()))
    one = Position.deal(Rules.one_vs_one(), random.Random(3), leader=0)
    one = one.apply(one.legal_moves()[0])
    empty = Position.start(Rules.one_vs_one(), hands=[["6-5", "3-3"], ["1-0"]], stock=["2-2"], leader=0)
    seat = partnership.to_move
    return [
        (partnership, TableView(viewer=seat, selected=partnership.hands[seat][0], hint=True)),
        (partnership, TableView(viewer=(seat + 1) % 4, face_up=range(4), scale=2)),
        (one, TableView(label_ends=True)),
        (empty, TableView(selected="6-5")),
    ]


@pytest.mark.parametrize("case", range(4))
@pytest.mark.parametrize("shown_width", [None, 360, 1000])
def test_region_centres_resolve(case: int, shown_width: int | None) -> None:
    position, view = _positions()[case]
    picture = draw_table(position, view)
    click_map = picture.click_map
    width, height = picture.image.size
    factor = (shown_width / width) if shown_width else 1.0
    assert click_map.regions
    for region, rect in click_map.regions:
        x, y = rect.center
        shown_h = height * factor if shown_width else None
        assert click_map.resolve(x * factor, y * factor, shown_width, shown_h) == region


def test_region_kinds_and_felt() -> None:
    position, view = _positions()[2]
    picture = draw_table(position, view)
    regions = [r for r, _ in picture.click_map.regions]
    hand = position.hands[0]
    assert [r for r in regions if isinstance(r, HandTile)] == [HandTile("hand", 0, t) for t in hand]
    assert ("seat", 1) in regions and SeatTiles("seat", 1) in regions
    assert ("stock",) in regions and Stock("stock") in regions
    assert {r for r in regions if isinstance(r, OpenEnd)} == {("end", "left"), ("end", "right")}
    width, height = picture.image.size
    assert picture.click_map.resolve(4, height // 2) is None  # empty felt at the left edge
    assert picture.click_map.resolve(width // 2, height // 2 + 70) is None  # felt under the line


def test_empty_line_offers_the_lead_target() -> None:
    position, view = _positions()[3]
    picture = draw_table(position, view)
    regions = [r for r, _ in picture.click_map.regions]
    assert ("lead", None) in regions
    assert not any(r[0] == "end" for r in regions)


def test_selected_tile_lifts_and_stays_clickable() -> None:
    position, _ = _positions()[2]
    tile = position.hands[0][0]
    plain = draw_table(position, TableView())
    lifted = draw_table(position, TableView(selected=tile))
    before = plain.click_map.rect_of(("hand", 0, tile))
    after = lifted.click_map.rect_of(("hand", 0, tile))
    assert after is not None and before is not None and after.y0 < before.y0
    assert lifted.click_map.resolve(*after.center) == ("hand", 0, tile)
