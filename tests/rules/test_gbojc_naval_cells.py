"""Every printed cell of the naval module's tables, read back through the public API.

The expected values below are transcribed from the Polish rulebook's tables
("WALKA NA MORZU - TABELE", shared/seeds/gbojc-naval-rules-pl.txt), not
generated from legatus/games/gbojc_naval/data/rules/tables.rules: a transcription error in
either shows up as a failing cell. Each table is a dict from the rolls a printed
row covers to its printed cells. Rows printed open ("8+", "≤ 3") are tested at
every modified roll the table's modifiers can produce.

Rolls beyond the dice follow GBoJC 2.2: a modified 2d6 above 12 counts as 12 and
one below 2 is outside the range, except on the boarding table (8.29), where it
counts as 2.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest

from legatus.framework.model.errors import RulesError
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.tables import lookup
from legatus.framework.tools.testing import load_game
from tests.rules.engine import EngineRolls as Evaluator

Rows = Mapping[tuple[int, ...], Sequence[str | None]]

# -- the printed tables ---------------------------------------------------------------

# 6.24 Tabela wiatru: Rzut | Siła wiatru | Kierunek*
WIND_COLUMNS = ("strength", "direction")
WIND: Rows = {
    (2,): ("Martwa cisza", "2 kraw. heksu w lewo"),
    (3,): ("+2", "1 kraw. heksu w lewo"),
    (4,): ("+1", "1 kraw. heksu w lewo"),
    (5, 6): ("0", "1 kraw. heksu w lewo"),
    (7, 8, 9): ("0", "1 kraw. heksu w prawo"),  # printed "7*-9"
    (10,): ("-1", "1 kraw. heksu w prawo"),
    (11,): ("-2", "1 kraw. heksu w prawo"),
    (12,): ("Martwa cisza", "2 kraw. heksu w prawo"),
}

# 6.47 Tabela zmęczenia: Rzut + MOD | Jakość załogi C# 0-4. None is a cell the page
# leaves blank, right of the last result of its row: no effect, "-".
CREW = (0, 1, 2, 3, 4)
FATIGUE: Rows = {
    (1, 2): ("-", "-", "-", "-", "-"),
    (3,): ("Z2", None, None, None, None),
    (4,): ("Z2", "Z2", None, None, None),
    (5,): ("Z3", "Z2", "Z2", None, None),
    (6,): ("Z3", "Z3", "Z2", "Z2", None),
    (7,): ("Z4", "Z3", "Z3", "Z2", "Z2"),
    (8, 9, 10, 11, 12): ("Z4", "Z4", "Z4", "Z3", "Z3"),  # "8+"
}

# 8.14 Tabela zahaczenia: Rzut + MOD | Jakość załogi 0-4 (MOD at most +2 +1)
GRAPPLING: Rows = {
    (1,): ("-", "-", "-", "-", "-"),
    (2,): ("-", "-", "-", "-", "S"),
    (3,): ("-", "-", "-", "S", "S"),
    (4,): ("-", "-", "S", "S", "S"),
    (5,): ("-", "S", "S", "S", "S"),
    (6, 7, 8, 9): ("S", "S", "S", "S", "S"),  # "6+"
}

# 8.34 Tabela odhaczenia: Rzut + MOD | Jakość załogi 0-4 (MOD at most +2 +1)
UNGRAPPLING: Rows = {
    (1,): ("P", "P", "P", "P", "S"),
    (2,): ("P", "P", "P", "S", "S"),
    (3,): ("P", "P", "S", "S", "S"),
    (4,): ("P", "S", "S", "S", "S"),
    (5, 6, 7, 8, 9): ("S", "S", "S", "S", "S"),  # "5+"
}

# 8.29 Tabela abordażu: Siła M broniącego się (rows) | Siła M atakującego 1-8
ATTACKER_M = (1, 2, 3, 4, 5, 6, 7, 8)
BOARDING: Rows = {
    (0,): ("7-12", "5-12", "4-12", "3-12", "AUTO", "AUTO", "AUTO", "AUTO"),
    (1,): ("8-12", "6-12", "5-12", "4-12", "3-12", "2-12", "2-12", "AUTO"),
    (2,): ("10-12", "8-12", "7-12", "6-12", "5-12", "4-12", "3-12", "2-12"),
    (3,): ("12", "9-12", "8-12", "7-12", "6-12", "5-12", "4-12", "3-12"),
    (4,): ("12", "10-12", "9-12", "8-12", "7-12", "6-12", "5-12", "4-12"),
    (5,): ("12", "11-12", "10-12", "9-12", "8-12", "7-12", "6-12", "5-12"),
    (6,): ("NIE", "12", "11-12", "10-12", "9-12", "8-12", "7-12", "6-12"),
    (7,): ("NIE", "12", "12", "11-12", "10-12", "9-12", "8-12", "7-12"),
    (8,): ("NIE", "NIE", "12", "12", "11-12", "10-12", "9-12", "8-12"),
}

# 8.47 Tabela ostrzału: Rzut + MOD | Siła M, columns printed 0, 1-2, 3-4, 5-8
# (MOD from -1 -1 to +1 +1 +1).
MISSILE_M = {"0": (0,), "1-2": (1, 2), "3-4": (3, 4), "5-8": (5, 6, 7, 8)}
MISSILE_FIRE: Rows = {
    (-1, 0, 1, 2, 3): ("-", "-", "-", "-"),  # "≤ 3"
    (4,): ("-", "-", "-", "W"),
    (5,): ("-", "-", "W", "W/Poż"),
    (6,): ("-", "W", "W/Poż", "W/Poż"),
    (7, 8, 9): ("W", "W/Poż", "W/Poż", "W/Poż"),  # "≥ 7"
}

# Tabela pożaru (after 8.47): Rzut | Efekt
FIRE: Rows = {(1, 2, 3): ("Brak efektu.",), (4, 5, 6): ("Cel płonie.",)}

# 8.54 Tabela walki z ogniem: Rzut | Efekt
FIREFIGHTING: Rows = {
    (1, 2): ("Ogień ugaszony.",),
    (3,): ("Okręt wciąż płonie.",),
    (4,): ("Okręt wciąż płonie, ogień może się przenieść na inny okręt. *",),
    (5, 6): ("Okręt spłonął i zatonął.",),
}

# 5.54 Tabela transferu dowódcy: Rzut | Wynik
COMMAND_TRANSFER: Rows = {
    (1, 2): ("Transfer niedozwolony.",),
    (3, 4, 5, 6): (
        "Umieść żeton DEsk stroną o zmniejszonym zasięgu dowodzenia na docelowym okręcie. "
        "Docelowa galera ma ustawić prędkość na rejsową CR.",
    ),
}

# 5.32 Tabela indywidualnej eskadry: Rzut | Wynik
SQUADRON_AT_MOST_CREW = (  # "≤ Jakości C# załogi"
    "Jeśli to galera, ustaw prędkość na rejsową CR. Okręt nie może poruszyć się na heks "
    "sąsiadujący z wrogim. Jeśli już sąsiaduje, to porusza się normalnie."
)
SQUADRON_ABOVE_CREW = "Okręt porusza się normalnie."  # "> Jakość C# załogi"

TITLES = {
    "wind": "Tabela wiatru",
    "fatigue": "Tabela zmęczenia",
    "command_transfer": "Tabela transferu dowódcy",
    "individual_squadron": "Tabela indywidualnej eskadry",
    "grappling": "Tabela zahaczenia",
    "ungrappling": "Tabela odhaczenia",
    "boarding": "Tabela abordażu",
    "missile_fire": "Tabela ostrzału",
    "fire": "Tabela pożaru",
    "firefighting": "Tabela walki z ogniem",
}

# The legends printed under the tables.
LEGENDS: dict[str, dict[str, str]] = {
    "wind": {
        "Martwa cisza": (
            "Siła wiatru wynosi 0. Wtedy okręty nie mogą korzystać z wiatru jako siły napędowej."
        )
    },
    "fatigue": {"-": "Brak efektu"},
    "grappling": {"-": "Zahaczenie nieudane.", "S": "Próba zakończona sukcesem."},
    "ungrappling": {
        "P": "Próba odhaczenia zakończona porażką.",
        "S": "Próba odhaczenia zakończona sukcesem.",
    },
    "boarding": {
        "AUTO": "Automatyczne przejście okrętu, brak Wyniszczenia dla atakujących.",
        "NIE": "Automatyczne odparcie próby zahaczenia, brak Wyniszczenia dla broniących się.",
    },
    "missile_fire": {
        "-": "Brak efektu.",
        "W": "Okręt będący celem otrzymuje Wyniszczenie.",
        "W/Poż": (
            "W = Okręt będący celem otrzymuje Wyniszczenie. Poż = Jeśli zasięg wynosi 1 heks i "
            "strzelający okręt ma strzały zapalające, wykonuje rzut 1k6 w Tabeli pożaru."
        ),
    },
    "fire": {},
    "firefighting": {},
    "command_transfer": {},
    "individual_squadron": {},
}

# Every modifier off: what the procedure that rolls passes when nothing applies.
NO_MODIFIERS: dict[str, dict[str, bool | int]] = {
    "wind": {},
    "fatigue": {"mp_over_cruise": 0},
    "grappling": {"target_immobilised": False, "target_grappled": False, "dead_calm": False},
    "ungrappling": {"same_owner": False, "better_crew": False, "repelled_boarding": False},
    "boarding": {"height_advantage": False, "height_disadvantage": False},
    "missile_fire": {
        "height_advantage": False,
        "height_disadvantage": False,
        "target_grappled": False,
        "range_two": False,
        "target_immobilised": False,
        "sailing_target_in_dead_calm": False,
    },
    "fire": {},
    "firefighting": {},
    "command_transfer": {},
}

# -- the cells, one test case each ----------------------------------------------------


def _cells(
    table: str, rows: Rows, columns: Sequence[int | str | None]
) -> Iterator[tuple[str, tuple[int, ...], int | str | None, str]]:
    for rolls, printed in rows.items():
        assert len(printed) == len(columns), f"{table}: transcription row {rolls}"
        for column, cell in zip(columns, printed, strict=True):
            yield table, rolls, column, "-" if cell is None else cell


ROLLED_CELLS = [
    *_cells("wind", WIND, WIND_COLUMNS),
    *_cells("fatigue", FATIGUE, CREW),
    *_cells("grappling", GRAPPLING, CREW),
    *_cells("ungrappling", UNGRAPPLING, CREW),
    *_cells("missile_fire", MISSILE_FIRE, list(MISSILE_M)),
    *_cells("fire", FIRE, [None]),
    *_cells("firefighting", FIREFIGHTING, [None]),
    *_cells("command_transfer", COMMAND_TRANSFER, [None]),
]
BOARDING_CELLS = list(_cells("boarding", BOARDING, ATTACKER_M))

#: printed cells per table, for the report; 5.32's two are tested separately
PRINTED_CELLS = {
    "wind": 16,
    "fatigue": 35,
    "grappling": 30,
    "ungrappling": 25,
    "boarding": 72,
    "missile_fire": 20,
    "fire": 2,
    "firefighting": 4,
    "command_transfer": 2,
}


def _id(case: tuple[str, tuple[int, ...], int | str | None, str]) -> str:
    table, rolls, column, _ = case
    rows = f"{rolls[0]}" if len(rolls) == 1 else f"{rolls[0]}..{rolls[-1]}"
    return f"{table}-{rows}" + ("" if column is None else f"-{column}")


def _die(table: str) -> range:
    return range(2, 13) if table == "wind" else range(1, 7)


def _column_values(table: str, column: int | str | None) -> tuple[int | str | None, ...]:
    """The values a caller may look a printed column up with (8.47: M 1 or 2 is "1-2")."""
    if table == "missile_fire":
        assert isinstance(column, str)
        return MISSILE_M[column]
    return (column,)


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_game("gbojc_naval").rules.ruleset


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    """The shipped game's tables, rolled by the engine with forced dice."""
    return Evaluator(load_game("gbojc_naval"))


@pytest.fixture(scope="module")
def text_rules() -> Ruleset:
    """The rules with legatus/games/gbojc_naval/data/variants/rulebook_text.variant applied."""
    ruleset: Ruleset = load_game("gbojc_naval", variant="rulebook_text").rules.ruleset
    return ruleset


@pytest.fixture(scope="module")
def text_evaluator() -> Evaluator:
    return Evaluator(load_game("gbojc_naval", variant="rulebook_text"))


def test_the_transcription_counts_every_printed_cell() -> None:
    counted: dict[str, int] = {}
    for table, _, _, _ in [*ROLLED_CELLS, *BOARDING_CELLS]:
        counted[table] = counted.get(table, 0) + 1
    assert counted == PRINTED_CELLS
    assert sum(counted.values()) == 206


@pytest.mark.parametrize(
    ("table", "rolls", "column", "printed"), ROLLED_CELLS, ids=[_id(c) for c in ROLLED_CELLS]
)
def test_every_rolled_cell_reads_back_as_printed(
    rules: Ruleset,
    evaluator: Evaluator,
    table: str,
    rolls: tuple[int, ...],
    column: int | str | None,
    printed: str,
) -> None:
    """Every modified roll a printed row covers, in every column value, gives its cell."""
    compiled = rules.table(table)
    for value in _column_values(table, column):
        for roll in rolls:
            assert lookup(compiled, roll, value).text == printed, (roll, value)
            if roll in _die(table):
                result = evaluator.roll_on(table, roll, column=value, **NO_MODIFIERS[table])
                assert (result.modifier, result.modified, result.cell.text) == (0, roll, printed)


def _reach(printed: str) -> list[int]:
    """The 2d6 rolls a boarding cell succeeds on, read from its printed text."""
    if printed == "AUTO":
        return list(range(2, 13))
    if printed == "NIE":
        return []
    low, _, high = printed.partition("-")
    return list(range(int(low), int(high or low) + 1))


@pytest.mark.parametrize(
    ("table", "rows", "column", "printed"), BOARDING_CELLS, ids=[_id(c) for c in BOARDING_CELLS]
)
def test_rule_8_29_every_boarding_cell_reads_back_as_printed(
    rules: Ruleset,
    evaluator: Evaluator,
    table: str,
    rows: tuple[int, ...],
    column: int | str | None,
    printed: str,
) -> None:
    """The cell's text, and the rolls 2-12 it succeeds on, through lookup and roll_on."""
    (defender,) = rows
    assert isinstance(column, int)
    assert lookup(rules.table(table), defender, column).text == printed
    passing = [
        roll
        for roll in range(2, 13)
        if evaluator.roll_on(table, roll, row=defender, column=column, **NO_MODIFIERS[table]).passed
    ]
    assert passing == _reach(printed)


@pytest.mark.parametrize("crew", CREW)
def test_rule_5_32_individual_squadron_compares_the_roll_with_crew_quality(
    evaluator: Evaluator, crew: int
) -> None:
    """5.32 as printed: a roll at most C# restricts the ship, a roll above it moves normally."""
    for roll in range(1, 7):
        result = evaluator.roll_on("individual_squadron", roll, crew=crew)
        expected = SQUADRON_AT_MOST_CREW if roll <= crew else SQUADRON_ABOVE_CREW
        assert (result.modified, result.cell.text) == (roll - crew, expected), roll


@pytest.mark.parametrize("crew", CREW)
def test_rule_5_31_the_text_variant_reads_5_32_the_other_way_round(
    text_evaluator: Evaluator, crew: int
) -> None:
    """5.31's text: a roll at most C# lets the ship act; a roll above it restricts it."""
    for roll in range(1, 7):
        result = text_evaluator.roll_on("individual_squadron", roll, crew=crew)
        expected = SQUADRON_ABOVE_CREW if roll <= crew else SQUADRON_AT_MOST_CREW
        assert result.cell.text == expected, roll


@pytest.mark.parametrize("table", sorted(TITLES))
def test_titles_and_legends_read_as_printed(rules: Ruleset, table: str) -> None:
    compiled = rules.table(table)
    assert compiled.doc == TITLES[table]
    assert {text: s.meaning for text, s in compiled.specials.items()} == LEGENDS[table]


# -- modifiers, the rulebook's examples and rolls out of range -------------------------


def test_rule_6_43_c3_rolling_5_two_mp_over_cruise_is_fatigued_2(evaluator: Evaluator) -> None:
    result = evaluator.roll_on("fatigue", 5, column=3, mp_over_cruise=2)
    assert (result.modifier, result.modified, result.cell.text) == (2, 7, "Z2")


def test_rule_6_43_c3_rolling_3_one_mp_over_cruise_has_no_effect(evaluator: Evaluator) -> None:
    result = evaluator.roll_on("fatigue", 3, column=3, mp_over_cruise=1)
    assert (result.modified, result.cell.text) == (4, "-")


def test_rule_6_47_fatigue_above_8_uses_the_8_plus_row(evaluator: Evaluator) -> None:
    result = evaluator.roll_on("fatigue", 6, column=4, mp_over_cruise=6)
    assert (result.modified, result.cell.text) == (12, "Z3")


def test_rule_8_23_attacker_m4_against_defender_m1_succeeds_on_4_to_12(
    evaluator: Evaluator,
) -> None:
    results = [
        evaluator.roll_on("boarding", roll, row=1, column=4, **NO_MODIFIERS["boarding"])
        for roll in range(2, 13)
    ]
    assert {r.cell.text for r in results} == {"4-12"}
    assert [r.roll for r in results if r.passed] == list(range(4, 13))


def test_rule_8_29_attacker_m1_against_defender_m6_is_nie_whatever_the_roll(
    evaluator: Evaluator,
) -> None:
    for roll in range(2, 13):
        result = evaluator.roll_on(
            "boarding", roll, row=6, column=1, height_advantage=True, height_disadvantage=False
        )
        assert result.cell.text == "NIE"
        assert result.cell.special is not None and result.cell.special.outcome == "fail"
        assert result.passed is False


def test_rule_8_29_a_modified_boarding_roll_above_12_counts_as_12(evaluator: Evaluator) -> None:
    result = evaluator.roll_on(
        "boarding", 12, row=5, column=1, height_advantage=True, height_disadvantage=False
    )
    assert (result.modifier, result.modified, result.cell.text, result.passed) == (
        1,
        12,
        "12",
        True,
    )


def test_rule_8_29_a_modified_boarding_roll_below_2_counts_as_2(evaluator: Evaluator) -> None:
    result = evaluator.roll_on(
        "boarding", 2, row=2, column=8, height_advantage=False, height_disadvantage=True
    )
    assert (result.modifier, result.modified, result.cell.text, result.passed) == (
        -1,
        2,
        "2-12",
        True,
    )


def test_rule_8_29_height_advantage_and_disadvantage_cancel(evaluator: Evaluator) -> None:
    result = evaluator.roll_on(
        "boarding", 7, row=0, column=1, height_advantage=True, height_disadvantage=True
    )
    assert (result.modifier, result.modified, result.passed) == (0, 7, True)


@pytest.mark.parametrize(
    ("defender", "attacker", "message"),
    [
        (9, 4, "table 'boarding' has no row for 9"),
        (4, 9, "table 'boarding' has no column 9"),
        (4, 0, "table 'boarding' has no column 0"),
    ],
)
def test_rule_8_29_m_beyond_the_printed_table_is_refused(
    rules: Ruleset, defender: int, attacker: int, message: str
) -> None:
    """The table stops at M8; M0 cannot board (8.21: no column 0)."""
    with pytest.raises(RulesError, match=message):
        lookup(rules.table("boarding"), defender, attacker)


@pytest.mark.parametrize("roll", [13, 15, 99])
def test_rule_2_2_a_2d6_wind_roll_above_12_counts_as_12(rules: Ruleset, roll: int) -> None:
    assert lookup(rules.table("wind"), roll, "direction").text == "2 kraw. heksu w prawo"
    assert lookup(rules.table("wind"), roll, "strength").text == "Martwa cisza"


@pytest.mark.parametrize("roll", [1, 0, -3])
def test_rule_2_2_a_2d6_wind_roll_below_2_is_outside_the_range(rules: Ruleset, roll: int) -> None:
    with pytest.raises(RulesError, match=f"table 'wind' has no row for {roll}"):
        lookup(rules.table("wind"), roll, "strength")


@pytest.mark.parametrize("table", ["fire", "firefighting", "command_transfer"])
@pytest.mark.parametrize("roll", [0, 7])
def test_unmodified_1d6_tables_have_no_row_beyond_the_die(
    rules: Ruleset, table: str, roll: int
) -> None:
    with pytest.raises(RulesError, match=f"table '{table}' has no row for {roll}"):
        lookup(rules.table(table), roll)


@pytest.mark.parametrize(
    ("arguments", "modifier"),
    [
        ({}, 0),
        ({"target_immobilised": True}, 2),
        ({"target_grappled": True}, 1),
        ({"target_immobilised": True, "target_grappled": True}, 3),
        ({"dead_calm": True}, 0),  # table 8.14 lists no dead-calm modifier
        ({"dead_calm": True, "target_grappled": True}, 1),
    ],
)
def test_rule_8_14_grappling_modifiers_as_printed(
    evaluator: Evaluator, arguments: dict[str, bool], modifier: int
) -> None:
    result = evaluator.roll_on(
        "grappling", 6, column=0, **{**NO_MODIFIERS["grappling"], **arguments}
    )
    assert (result.modifier, result.modified, result.cell.text) == (modifier, 6 + modifier, "S")


@pytest.mark.parametrize(
    ("arguments", "modifier"),
    [
        ({"dead_calm": True}, 2),  # "+2 jeśli cel jest unieruchomiony lub wiatr ... martwa cisza"
        ({"dead_calm": True, "target_immobilised": True}, 2),  # one +2 for either
        ({"dead_calm": True, "target_grappled": True}, 3),
        ({"target_immobilised": True}, 2),
    ],
)
def test_rule_8_12_the_text_variant_gives_grappling_plus_2_in_dead_calm(
    text_evaluator: Evaluator, arguments: dict[str, bool], modifier: int
) -> None:
    result = text_evaluator.roll_on(
        "grappling", 1, column=2, **{**NO_MODIFIERS["grappling"], **arguments}
    )
    assert result.modifier == modifier
    assert result.cell.text == GRAPPLING[(1 + modifier,)][2]


def test_rule_8_12_dead_calm_decides_a_c1_grapple_on_a_3_only_in_the_text_variant(
    evaluator: Evaluator, text_evaluator: Evaluator
) -> None:
    arguments = {**NO_MODIFIERS["grappling"], "dead_calm": True}
    assert evaluator.roll_on("grappling", 3, column=1, **arguments).cell.text == "-"
    assert text_evaluator.roll_on("grappling", 3, column=1, **arguments).cell.text == "S"


@pytest.mark.parametrize(
    ("arguments", "modifier"),
    [
        ({"same_owner": True}, 2),
        ({"better_crew": True}, 1),
        ({"same_owner": True, "better_crew": True}, 2),  # "*" does not add to the +2
        ({"repelled_boarding": True}, 1),
        ({"same_owner": True, "repelled_boarding": True}, 3),
        ({"better_crew": True, "repelled_boarding": True}, 2),
        ({"same_owner": True, "better_crew": True, "repelled_boarding": True}, 3),
    ],
)
def test_rule_8_34_ungrappling_modifiers(
    evaluator: Evaluator, arguments: dict[str, bool], modifier: int
) -> None:
    result = evaluator.roll_on(
        "ungrappling", 6, column=0, **{**NO_MODIFIERS["ungrappling"], **arguments}
    )
    assert (result.modifier, result.modified, result.cell.text) == (modifier, 6 + modifier, "S")


@pytest.mark.parametrize(
    ("arguments", "modifier", "cell"),
    [
        ({"height_advantage": True}, 1, "W/Poż"),
        ({"height_disadvantage": True}, -1, "-"),
        ({"target_grappled": True}, 1, "W/Poż"),
        ({"range_two": True}, -1, "-"),
        ({"height_disadvantage": True, "range_two": True}, -2, "-"),
        ({"height_advantage": True, "target_grappled": True}, 2, "W/Poż"),
        ({"target_immobilised": True}, 0, "W"),  # not in table 8.47
        ({"sailing_target_in_dead_calm": True}, 0, "W"),  # not in table 8.47
    ],
)
def test_rule_8_47_missile_fire_modifiers_as_printed(
    evaluator: Evaluator, arguments: dict[str, bool], modifier: int, cell: str
) -> None:
    """M2 firing on a 6 ("W"): one more is "W/Poż", one less "-"."""
    result = evaluator.roll_on(
        "missile_fire", 6, column=2, **{**NO_MODIFIERS["missile_fire"], **arguments}
    )
    assert (result.modifier, result.cell.text) == (modifier, cell)


@pytest.mark.parametrize(
    ("arguments", "modifier"),
    [
        ({"target_immobilised": True}, 1),
        ({"sailing_target_in_dead_calm": True}, 1),
        ({"target_grappled": True, "target_immobilised": True}, 1),  # one +1 for any
        ({"target_immobilised": True, "sailing_target_in_dead_calm": True}, 1),
    ],
)
def test_rule_8_44_the_text_variant_adds_immobile_targets_to_missile_fire(
    text_evaluator: Evaluator, arguments: dict[str, bool], modifier: int
) -> None:
    result = text_evaluator.roll_on(
        "missile_fire", 5, column=3, **{**NO_MODIFIERS["missile_fire"], **arguments}
    )
    assert (result.modifier, result.cell.text) == (modifier, "W/Poż")


def test_rule_8_47_missile_fire_below_1_uses_the_at_most_3_row(evaluator: Evaluator) -> None:
    arguments = {**NO_MODIFIERS["missile_fire"], "height_disadvantage": True, "range_two": True}
    result = evaluator.roll_on("missile_fire", 1, column=8, **arguments)
    assert (result.modified, result.cell.text) == (-1, "-")


def test_rule_8_47_missile_fire_above_6_uses_the_at_least_7_row(evaluator: Evaluator) -> None:
    arguments = {**NO_MODIFIERS["missile_fire"], "height_advantage": True, "target_grappled": True}
    result = evaluator.roll_on("missile_fire", 6, column=0, **arguments)
    assert (result.modified, result.cell.text) == (8, "W")


def test_rule_8_14_grappling_above_6_uses_the_6_plus_row(evaluator: Evaluator) -> None:
    arguments = {**NO_MODIFIERS["grappling"], "target_immobilised": True, "target_grappled": True}
    result = evaluator.roll_on("grappling", 6, column=0, **arguments)
    assert (result.modified, result.cell.text) == (9, "S")


def test_rule_8_34_ungrappling_above_5_uses_the_5_plus_row(evaluator: Evaluator) -> None:
    arguments = {**NO_MODIFIERS["ungrappling"], "same_owner": True, "repelled_boarding": True}
    result = evaluator.roll_on("ungrappling", 6, column=0, **arguments)
    assert (result.modified, result.cell.text) == (9, "S")


def test_the_text_variant_changes_nothing_else(rules: Ruleset, text_rules: Ruleset) -> None:
    assert text_rules.param("grappling.dead_calm_counts") is True
    assert text_rules.param("missile_fire.immobile_targets") is True
    assert rules.param("grappling.dead_calm_counts") is False
    assert rules.param("missile_fire.immobile_targets") is False
    same = set(TITLES) - {"individual_squadron"}
    assert all(text_rules.table(t).cells == rules.table(t).cells for t in same)
    assert text_rules.variants == ("rulebook_text",)
    assert rules.variants == ()
