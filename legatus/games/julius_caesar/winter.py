"""The winter steps of Julius Caesar that are no decision: JC 8.1 and 8.6, on the kit.

The steps with decisions (JC 8.2, 8.3, 8.5) are the rules file's procedures on the kit's
winter primitives (:mod:`legatus.framework.kit.winter`); their order is the rules
file's sequence of play, where a variant can reorder it (the two rulebooks order the
winter steps differently). These two are registered procedures the sequence names:

``cleopatra_home`` (JC 8.1, 7.52)
    Cleopatra returns to Alexandria and joins the side holding it if the enemy does,
    with her current strength (:func:`~legatus.framework.kit.winter.go_home`). From the
    pool (Vulcan; or, by the Polish 8.3 and 8.5, removed by winter supply or disbanded)
    she comes home too, at strength I, no longer face up: she is never levied (JC 3.27),
    and both texts say she "must return to Alexandria during each winter" (JC 7.52).
``year_reset`` (JC 8.6)
    eliminated blocks stand up again and every card returns to the deck
    (:func:`~legatus.framework.kit.winter.reset_year`); the next year's deal is JC 2.1's.
"""

from __future__ import annotations

from legatus import Context, Immediate, Procedure, kit


def cleopatra_home(ctx: Context, home: str = "Alexandria") -> None:
    """JC 8.1, 7.52: Cleopatra goes home to Alexandria (see the module's docstring)."""
    for block in kit.winter.home_comers(ctx, ["cleopatra"]):
        kit.winter.go_home(ctx, block, home, "JC 8.1")


PROCEDURES: dict[str, Procedure] = {
    "cleopatra_home": Immediate(cleopatra_home, rule="JC 8.1"),
    "year_reset": Immediate(kit.winter.reset_year, rule="JC 8.6"),
}
