"""The rule sets: La Plaza (1-vs-1 and partnership, house rules H1–H4) and the other tables of the seeds (G, S).

Every rule set is a preset with the options its table may choose; an option a preset does not take is refused.

>>> Rules.katsika().sides, Rules.katsika(players=3).sides, Rules.all_fives().target
(2, 3, 250)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

COUNT_OPTIONS = ("all", "losers")
BLOCKED_WINNER_OPTIONS = ("fewer", "blocker")
#: The scoring methods a Greek preset may be proposed with (G8).
GREEK_SCORING = ("winner_takes", "katsika")

Scoring = Literal["la_plaza", "winner_takes", "katsika", "all_fives"]
LeadRule = Literal["la_plaza", "lowest_double", "highest_tile", "random"]
#: What a seat is to the player looking (language-neutral: the texts name them).
Role = Literal["you", "opponent", "partner", "right_opponent", "left_opponent", "across_opponent"]
ROLES: tuple[Role, ...] = ("you", "opponent", "partner", "right_opponent", "left_opponent", "across_opponent")


def seat_role(players: int, viewer: int, seat: int, partners: bool | None = None) -> Role:
    """What ``seat`` is to the player at ``viewer``: you, your opponent (two players), or around a bigger table the
    opponent on your right (who plays after you: play goes counter-clockwise), the one on your left (who plays
    before you) and the seat opposite: your partner in a partnership game (``partners``, the default with four
    players), else the opponent across. ``Rules.role`` asks it of a rule set.

    >>> [seat_role(4, 1, seat) for seat in range(4)]
    ['left_opponent', 'you', 'right_opponent', 'partner']
    """
    relative = (seat - viewer) % players
    if players == 2:
        return ("you", "opponent")[relative]
    if players == 3:
        return ("you", "right_opponent", "left_opponent")[relative]
    across: Role = "partner" if partners is None or partners else "across_opponent"
    return ("you", "right_opponent", across, "left_opponent")[relative]


@dataclass(frozen=True)
class _Preset:
    """What a preset fixes and what its table may choose."""

    players: tuple[int, ...]  # the player counts it allows; the first is the default
    stock: bool  # whether the tiles not dealt are a stock to draw from
    lead_rule: LeadRule
    scoring: Scoring
    target: int
    options: tuple[str, ...]
    partners_default: bool = False  # with 4 players
    stock_keeps_one: bool = False  # a Greek game with a stock leaves at least one tile in it (G2)


_LA_PLAZA_OPTIONS = ("count", "blocked_winner", "capicu_bonus", "target")
_GREEK_OPTIONS = ("hand_size", "target", "scoring", "katsika_doubles")

_PRESETS: dict[str, _Preset] = {
    "one_vs_one": _Preset((2,), True, "la_plaza", "la_plaza", 100, _LA_PLAZA_OPTIONS),
    "partnership": _Preset((4,), False, "la_plaza", "la_plaza", 100, _LA_PLAZA_OPTIONS, partners_default=True),
    "draw_game": _Preset(
        (2, 3, 4), True, "lowest_double", "winner_takes", 100, ("players", "partnership", *_GREEK_OPTIONS),
        stock_keeps_one=True,
    ),
    "block_game": _Preset(
        (2, 3, 4), False, "lowest_double", "winner_takes", 100, ("players", "partnership", *_GREEK_OPTIONS)
    ),
    "katsika": _Preset(
        (4, 2, 3), False, "lowest_double", "katsika", 100, ("players", "partnership", *_GREEK_OPTIONS),
        partners_default=True,
    ),
    "international": _Preset(
        (4,), False, "highest_tile", "winner_takes", 100, ("partnership", *_GREEK_OPTIONS), partners_default=True
    ),
    "international_two": _Preset((2,), True, "highest_tile", "winner_takes", 100, _GREEK_OPTIONS, stock_keeps_one=True),
    "all_fives": _Preset(
        (2, 3, 4), True, "random", "all_fives", 250, ("players", "partnership", "hand_size", "target")
    ),
}

_FIELD = {"partnership": "partners"}  # the one option stored under another name (Rules.partnership is a preset)

#: Every preset's name, as lesson files and ``Rules.preset`` write it.
PRESETS: tuple[str, ...] = tuple(_PRESETS)


@dataclass(frozen=True, repr=False)
class Rules:
    """How a hand is played and scored. Build it with a preset (``Rules.one_vs_one()``, ``Rules.preset(name)``).

    >>> rules = Rules.draw_game(players=3)
    >>> rules.players, rules.sides, rules.uses_stock, rules.lead_rule
    (3, 3, True, 'lowest_double')
    >>> rules.with_options(scoring="katsika").target_loses
    True
    """

    name: str
    players: int
    hand_size: int
    uses_stock: bool
    count: str = "all"
    blocked_winner: str = "fewer"
    capicu_bonus: int = 0
    target: int = 100
    partners: bool = False
    scoring: Scoring = "la_plaza"
    katsika_doubles: bool = False
    # The options as the table gave them, so that with_options can change one and keep the rest.
    given: tuple[tuple[str, Any], ...] = field(default=(), compare=False, repr=False)
    # Worked out in __post_init__ from the fields above (asked on every deal and at every hand's end).
    _seat_sides: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _lead_rule: LeadRule = field(init=False, repr=False, compare=False)
    _spinner: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        preset = _PRESETS.get(self.name) if isinstance(self.name, str) else None
        if preset is None:
            raise ValueError(f"unknown rule set {self.name!r}; use one of {', '.join(PRESETS)}")
        _check_rules(self, preset)
        sides = tuple(seat % 2 if self.partners else seat for seat in range(self.players))
        object.__setattr__(self, "_seat_sides", sides)
        object.__setattr__(self, "_lead_rule", preset.lead_rule)
        object.__setattr__(self, "_spinner", self.name == "all_fives")

    # ----------------------------------------------------------------------------------------------- presets

    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """A preset by its name, as lesson files write it, with the options its table takes.

        >>> Rules.preset("katsika", players=3).partners
        False
        """
        if not isinstance(name, str) or name not in _PRESETS:
            raise ValueError(f"unknown rule set {name!r}; use one of {', '.join(PRESETS)}")
        preset = _PRESETS[name]
        for option in options:
            if option not in preset.options:
                takes = ", ".join(preset.options)
                raise ValueError(f"{name} does not take the option {option!r}; it takes: {takes}")
        return cls(name=name, **_resolved(name, preset, options), given=tuple(options.items()))

    @classmethod
    def one_vs_one(cls, **options: Any) -> Rules:
        """La Plaza 1-vs-1: 7 tiles each, 14 in the stock, draw until a tile fits, pass only on an empty stock.

        Options (H1–H4): ``count``, ``blocked_winner``, ``capicu_bonus``, ``target``.
        """
        return cls.preset("one_vs_one", **options)

    @classmethod
    def partnership(cls, **options: Any) -> Rules:
        """La Plaza partnership (Pareha): 4 players, seats 0 & 2 against 1 & 3, 7 tiles each, no stock."""
        return cls.preset("partnership", **options)

    @classmethod
    def draw_game(cls, **options: Any) -> Rules:
        """The Greek game with a stock (G9): 2–4 players (2 by default), lowest double leads, winner takes, 100.

        Options: ``players``, ``partnership`` (4 players), ``hand_size``, ``target``, ``scoring``,
        ``katsika_doubles``. With 4 players the hand is 6 tiles by default, so that one stays in the stock.
        """
        return cls.preset("draw_game", **options)

    @classmethod
    def block_game(cls, **options: Any) -> Rules:
        """The Greek game without a stock (G9): 2–4 players, pass when nothing fits, winner takes, 100."""
        return cls.preset("block_game", **options)

    @classmethod
    def katsika(cls, **options: Any) -> Rules:
        """Katsika (G8, G9): no stock, 4 players in partnerships by default, losers score penalties, 100 loses."""
        return cls.preset("katsika", **options)

    @classmethod
    def international(cls, **options: Any) -> Rules:
        """International (G4, G9): 4 players in partnerships, no stock, the highest tile leads the first hand."""
        return cls.preset("international", **options)

    @classmethod
    def international_two(cls, **options: Any) -> Rules:
        """International for two (G4, G9): 2 players with a stock, the highest tile leads the first hand."""
        return cls.preset("international_two", **options)

    @classmethod
    def all_fives(cls, **options: Any) -> Rules:
        """Straight dominoes with all-fives scoring and a spinner (S1–S7): 2–4 players, 7 tiles, 250 wins."""
        return cls.preset("all_fives", **options)

    def with_options(self, **options: Any) -> Rules:
        """The same preset with some options changed; the others stay as they were given.

        >>> Rules.partnership(count="losers").with_options(target=50).count
        'losers'
        """
        return Rules.preset(self.name, **{**dict(self.given), **options})

    def __repr__(self) -> str:
        chosen = ", ".join(f"{option}={getattr(self, _FIELD.get(option, option))!r}" for option in self.options)
        return f"<Rules {self.name}: {self.players} players, {self.hand_size} tiles each, {chosen}>"

    # ----------------------------------------------------------------------------------------------- what it is

    @property
    def options(self) -> tuple[str, ...]:
        """The options this preset's table may choose (``with_options`` takes exactly these)."""
        return _PRESETS[self.name].options

    @property
    def sides(self) -> int:
        """How many sides score: 2 for two players or two partnerships, otherwise one per player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: seat % 2 in partnerships, otherwise the seat itself."""
        _check_seat(self, seat)
        return self._seat_sides[seat]

    def partner_of(self, seat: int) -> int | None:
        """The seat opposite in a partnership game; ``None`` when every player is a side of their own."""
        _check_seat(self, seat)
        return (seat + 2) % 4 if self.partners else None

    def option_values(self, option: str) -> tuple[Any, ...]:
        """The values this preset's table may be given for ``option``, so that a sweep can try every table
        (whole-number options: a few representative values). Some combinations are still refused: a partnership
        needs 4 players, a hand size must fit the set.

        >>> Rules.katsika().option_values("scoring")
        ('winner_takes', 'katsika')
        """
        if option not in self.options:
            takes = ", ".join(self.options)
            raise ValueError(f"option={option!r}: {self.name} takes {takes}")
        if option == "players":
            return _PRESETS[self.name].players
        return _OPTION_VALUES[option]

    def role(self, viewer: int, seat: int) -> Role:
        """What ``seat`` is to the player at ``viewer`` at this table (see ``seat_role``)."""
        _check_seat(self, viewer)
        _check_seat(self, seat)
        return seat_role(self.players, viewer, seat, self.partners)

    @property
    def spinner(self) -> bool:
        """Whether a double lead is a spinner that opens up and down (all-fives, S3)."""
        return self._spinner

    @property
    def target_loses(self) -> bool:
        """Whether reaching the target loses the match (katsika scoring, G8)."""
        return self.scoring == "katsika"

    @property
    def lead_rule(self) -> LeadRule:
        """Who leads a hand: ``"la_plaza"`` (§5), ``"lowest_double"`` (G3), ``"highest_tile"`` (G4) or ``"random"``
        (S2); after the first hand the last two give the lead to the previous hand's winner."""
        return self._lead_rule


#: What each option may be (``Rules.option_values``): every option a preset takes has an entry here.
_OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "count": COUNT_OPTIONS,
    "blocked_winner": BLOCKED_WINNER_OPTIONS,
    "capicu_bonus": (0, 10, 25),
    "target": (50, 100, 250),
    "partnership": (False, True),
    "hand_size": (2, 5, 6, 7, 9),
    "scoring": GREEK_SCORING,
    "katsika_doubles": (False, True),
}


def _resolved(name: str, preset: _Preset, options: dict[str, Any]) -> dict[str, Any]:
    """The preset's fields with the given options and the defaults that depend on them."""
    values = dict(options)
    players = values.pop("players", preset.players[0])
    partners = values.pop("partnership", preset.partners_default and players == 4)
    scoring = values.get("scoring", preset.scoring)
    if "katsika_doubles" not in values:
        values["katsika_doubles"] = scoring == "katsika"
    values.setdefault("target", preset.target)
    counted = isinstance(players, int) and not isinstance(players, bool) and players > 0  # else refused later
    if "hand_size" not in values:
        # Default 7 (G2, S1), or the most that fits when 7 would leave no tile in a Greek stock.
        values["hand_size"] = min(7, max(2, (28 - preset.stock_keeps_one) // players)) if counted else 7
    hand_size = values["hand_size"]
    fits = counted and isinstance(hand_size, int) and players * hand_size < 28
    stock = preset.stock and (fits if name == "all_fives" else True)
    return {"players": players, "partners": partners, "scoring": scoring, "uses_stock": stock, **values}


def _check_rules(rules: Rules, preset: _Preset) -> None:
    """Every value checked, naming the option and what it may be."""
    for option in ("players", "hand_size", "target", "capicu_bonus"):
        value = getattr(rules, option)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{option}={value!r}: must be a whole number")
    for option in ("partners", "katsika_doubles", "uses_stock"):
        if not isinstance(getattr(rules, option), bool):
            name = "partnership" if option == "partners" else option
            raise ValueError(f"{name}={getattr(rules, option)!r}: must be True or False")
    if rules.players not in preset.players:
        counts = sorted(preset.players)
        allowed = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
        raise ValueError(f"players={rules.players!r}: {rules.name} is played by {allowed} players")
    if rules.partners and rules.players != 4:
        raise ValueError(f"partnership=True: partnerships need 4 players, not {rules.players}")
    if "partnership" not in preset.options and rules.partners != preset.partners_default:
        raise ValueError(f"partnership={rules.partners!r}: {rules.name} is always played {_seating(preset)}")
    expected_stock = preset.stock and (rules.name != "all_fives" or rules.players * rules.hand_size < 28)
    if rules.uses_stock != expected_stock:
        raise ValueError(f"uses_stock={rules.uses_stock!r}: {rules.name} {'has' if expected_stock else 'has no'} stock")
    _check_counting(rules, preset)
    _check_hand_size(rules, preset)


def _seating(preset: _Preset) -> str:
    return "in partnerships" if preset.partners_default else "every player for themselves"


def _check_counting(rules: Rules, preset: _Preset) -> None:
    if rules.count not in COUNT_OPTIONS:
        raise ValueError(f"count={rules.count!r}: use one of {', '.join(map(repr, COUNT_OPTIONS))}")
    if rules.blocked_winner not in BLOCKED_WINNER_OPTIONS:
        raise ValueError(
            f"blocked_winner={rules.blocked_winner!r}: use one of {', '.join(map(repr, BLOCKED_WINNER_OPTIONS))}"
        )
    if rules.capicu_bonus < 0:
        raise ValueError(f"capicu_bonus={rules.capicu_bonus!r}: must be 0 or more")
    if rules.target <= 0:
        raise ValueError(f"target={rules.target!r}: must be a positive number of points")
    allowed = GREEK_SCORING if "scoring" in preset.options else (preset.scoring,)
    if rules.scoring not in allowed:
        raise ValueError(f"scoring={rules.scoring!r}: {rules.name} scores with {' or '.join(map(repr, allowed))}")
    if rules.katsika_doubles and rules.scoring != "katsika":
        raise ValueError("katsika_doubles=True: the 0-0 and 6-6 values belong to katsika scoring only")
    if "katsika_doubles" in dict(rules.given) and rules.scoring != "katsika":
        raise ValueError(f"katsika_doubles: only with scoring='katsika', not scoring={rules.scoring!r}")


def _check_hand_size(rules: Rules, preset: _Preset) -> None:
    players, size = rules.players, rules.hand_size
    most = (28 - preset.stock_keeps_one) // players
    if not 2 <= size <= most:
        why = "one tile must stay in the stock" if preset.stock_keeps_one else "the set has 28 tiles"
        raise ValueError(f"hand_size={size!r}: with {players} players use 2 to {most} tiles ({why})")
    if "hand_size" not in preset.options and size != 7:
        raise ValueError(f"hand_size={size!r}: {rules.name} deals 7 tiles a player")


def _check_seat(rules: Rules, seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ValueError(f"seat={seat!r}: seats are 0 to {rules.players - 1} in {rules.name}")
