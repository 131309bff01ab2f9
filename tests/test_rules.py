"""The two rule-set presets and the house-rule options H1–H4 (RULES.md §2, §12, H1–H4)."""

import dataclasses

import pytest

from engine import Rules


def test_one_vs_one_preset() -> None:
    rules = Rules.one_vs_one()
    assert rules.players == 2
    assert rules.hand_size == 7
    assert rules.uses_stock
    assert [rules.side_of(seat) for seat in range(2)] == [0, 1]
    assert rules.partner_of(0) is None and rules.partner_of(1) is None


def test_partnership_preset() -> None:
    rules = Rules.partnership()
    assert rules.players == 4
    assert rules.hand_size == 7
    assert not rules.uses_stock
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [rules.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize("preset", [Rules.one_vs_one, Rules.partnership])
def test_la_plaza_defaults(preset) -> None:
    rules = preset()
    assert rules.count == "all"
    assert rules.blocked_winner == "fewer"
    assert rules.capicu_bonus == 0
    assert rules.target == 100
    assert rules.sides == 2


@pytest.mark.parametrize("preset", [Rules.one_vs_one, Rules.partnership])
def test_options_are_taken(preset) -> None:
    rules = preset(count="losers", blocked_winner="blocker", capicu_bonus=25, target=200)
    assert (rules.count, rules.blocked_winner, rules.capicu_bonus, rules.target) == (
        "losers",
        "blocker",
        25,
        200,
    )


@pytest.mark.parametrize("target", [50, 150, 200, 500, 7])
def test_any_positive_target(target: int) -> None:
    assert Rules.partnership(target=target).target == target


@pytest.mark.parametrize(
    "options",
    [
        {"count": "winners"},
        {"blocked_winner": "more"},
        {"target": 0},
        {"target": -50},
        {"capicu_bonus": -25},
    ],
)
@pytest.mark.parametrize("preset", [Rules.one_vs_one, Rules.partnership])
def test_invalid_option_values_raise(preset, options: dict) -> None:
    with pytest.raises(ValueError):
        preset(**options)


def test_rules_are_frozen() -> None:
    rules = Rules.one_vs_one()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 50  # type: ignore[misc]
    assert Rules.one_vs_one() == rules


def test_with_options_keeps_the_rest() -> None:
    rules = Rules.partnership().with_options(capicu_bonus=30)
    assert rules.capicu_bonus == 30
    assert rules.players == 4 and not rules.uses_stock and rules.target == 100
    with pytest.raises(ValueError):
        Rules.partnership().with_options(count="nobody")
