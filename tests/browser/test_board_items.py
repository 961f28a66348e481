"""The board made readable (issue 34, items 8-11): a battle board, names in the player's
language, Hannibal Barkas on its geographic map, a map readable at full size."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.pages import asked, click_button, faults, open_page
from tests.browser.saves import hb_battle_save, jc_battle_save, jc_reserves_save, naval_fire_save
from tests.browser.test_every_game_in_the_lobby import SCREENS
from tests.server.harness import Server

#: The class of the space a battle is fought in, on the map.
BATTLE_HERE = re.compile(r"\bbattle-here\b")
#: A battle board's tile whose turn it is.
FIRING = re.compile(r"\bfiring\b")


def test_a_julius_caesar_battle_is_shown_on_the_battle_board(
    browser: Browser, server: Server
) -> None:
    """Item 8: the battle at Tarraco in round 2: both sides' blocks by initiative, the hits
    they took, the turns to come, the firer highlighted; firing from the battle board."""
    links = server.create(position=jc_battle_save(), players={"caesar": "human", "pompey": "human"})
    caesar = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
    pompey = open_page(browser, f"{server.url}/m/{links[('seat', 'pompey')]}")
    for page in (caesar, pompey):
        board = page.locator("#battle")
        expect(board).to_contain_text("Battle at Tarraco")
        expect(board.locator("#battle-round")).to_have_text("round 2 of 4")
        attacker = board.locator('.battle-side[data-side="caesar"]')
        expect(attacker).to_contain_text("attacker")
        expect(attacker.locator('[data-battle-piece="Legio 7"] .bp-hits')).to_have_text("−1")
        defender = board.locator('.battle-side[data-side="pompey"]')
        lines = defender.locator(".battle-line .battle-label").all_inner_texts()
        assert lines == ["B", "C"], lines
        expect(defender.locator('[data-battle-piece="P Equitatus 1"]')).to_have_class(
            "battle-piece status-firing firing" + (" target" if page is pompey else "")
        )
        expect(board.locator("#battle-order")).to_have_text(
            "to fire: P Equitatus 1 → Legio 5, Legio 6 → Legio 7"
        )
        expect(page.locator('.space[data-space="Tarraco"]')).to_have_class(BATTLE_HERE)
    asked(pompey, "Battle at Tarraco, round 2")
    SCREENS.mkdir(parents=True, exist_ok=True)
    pompey.locator("#battle").screenshot(path=str(SCREENS / "battle-julius_caesar.png"))
    pompey.locator('#battle [data-battle-piece="P Equitatus 1"]').click()
    click_button(pompey, "fire")
    for page in (caesar, pompey):
        tile = page.locator('#battle [data-battle-piece="P Equitatus 1"]')
        expect(tile).to_have_class("battle-piece status-acted")
        expect(page.locator("#battle .battle-events")).to_contain_text("P Equitatus 1 (B3) fires")
    for page in (caesar, pompey):
        assert not faults(page)


def test_julius_caesars_reserves_stand_apart_on_the_battle_board_until_they_arrive(
    browser: Browser, server: Server
) -> None:
    """Item 8, JC 7.3: in round 1 each side's reserves stand apart from the lines that fire,
    named to their owner and counted as unknown blocks to the other side and to spectators;
    in round 2 they arrive and take their places in the lines by initiative."""
    players = {"caesar": "human", "pompey": "human"}
    links = server.create(position=jc_reserves_save(), players=players)
    pages = {
        who: open_page(browser, f"{server.url}/m/{links[key]}")
        for who, key in (
            ("caesar", ("seat", "caesar")),
            ("pompey", ("seat", "pompey")),
            ("spectator", ("spectator", "")),
        )
    }
    mine = {
        "caesar": ["Legio 11", "Legio 12"],
        "pompey": ["Legio 2", "Legio 4", "P Auxilia 1", "Pompeius"],
    }
    for who, page in pages.items():
        board = page.locator("#battle")
        expect(board.locator("#battle-round")).to_have_text("round 1 of 4")
        for side, blocks in mine.items():
            column = board.locator(f'.battle-side[data-side="{side}"]')
            reserves = column.locator(".battle-line.reserves")
            expect(reserves.locator(".battle-label")).to_have_text("reserves")
            if who == side:  # named, with their ratings, to their owner only
                names = reserves.locator("[data-battle-piece]")
                expect(names).to_have_count(len(blocks))
                assert sorted(names.evaluate_all("n => n.map(x => x.dataset.battlePiece)")) == (
                    blocks
                )
                expect(names.first).to_have_class(re.compile(r"\bstatus-reserve\b"))
            else:
                expect(reserves).to_have_text(f"reserves{len(blocks)} unknown")
                expect(reserves.locator("[data-battle-piece]")).to_have_count(0)
            firing = column.locator(".battle-line:not(.reserves):not(.gone)")
            for block in blocks:  # a reserve is in no line that fires in round 1
                expect(firing.locator(f'[data-battle-piece="{block}"]')).to_have_count(0)
    # Round 1 passes (every block that fights passes its turn); the reserves arrive.
    seats = {side: server.socket(links[("seat", side)]) for side in players}
    watcher = seats["caesar"]
    view = watcher.until(lambda m: m["type"] == "view")
    for _ in range(20):
        battle = view["battle"]
        if battle is None or battle["round"] >= 2:
            break
        side = view["waiting"][0]["side"]
        seats[side].act(f"pass({battle['current'][0]})", view)
        seen = view["revision"]
        view = watcher.until(lambda m, seen=seen: m["type"] == "view" and m["revision"] > seen)
    for page in pages.values():
        board = page.locator("#battle")
        expect(board.locator("#battle-round")).to_have_text("round 2 of 4")
        expect(board.locator(".battle-line.reserves")).to_have_count(0)
        for side, blocks in mine.items():  # revealed on arrival: named to everyone
            column = board.locator(f'.battle-side[data-side="{side}"]')
            for block in blocks:
                expect(column.locator(f'.battle-line [data-battle-piece="{block}"]')).to_have_count(
                    1
                )
    for page in pages.values():
        assert not faults(page)


def test_a_hannibal_barkas_battle_is_shown_on_the_battle_board(
    browser: Browser, server: Server
) -> None:
    """Item 8: a d10 battle: the armies by the step they fire in, counted by kind, their
    leaders, the d10s rolled and the units lost."""
    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    page = open_page(browser, f"{server.url}/m/{links[('spectator', '')]}")
    board = page.locator("#battle")
    expect(board).to_contain_text("Battle in Insubres")
    rome = board.locator('.battle-side[data-side="rome_north"]')
    expect(rome).to_contain_text("attacker")
    expect(
        rome.locator('.battle-line[data-line="step 3: heavy and Gallic infantry"]')
    ).to_contain_text("8 HI")
    expect(rome.locator('[data-battle-piece="Konsul I"]')).to_contain_text("1A")
    expect(rome).to_contain_text("3 units lost on this side")
    expect(board.locator('.battle-side[data-side="gauls"]')).to_contain_text("4 GI")
    expect(board.locator(".battle-events .die").first).to_be_visible()
    SCREENS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SCREENS / "battle-hannibal_barkas.png"))
    expect(page.locator('.space[data-space="Insubres"]')).to_have_class(BATTLE_HERE)
    assert not faults(page)


def test_a_naval_combat_is_shown_on_the_battle_board_with_the_deciding_ship_highlighted(
    browser: Browser, server: Server
) -> None:
    """Item 8, the naval module: Aquila fires at Belenos; every page shows both ships with
    their values (C# M#), the action and that Belenos is to decide whether to fire back
    (highlighted); once it has, the rolls are on the board and Aquila decides next."""
    links = server.create(
        position=naval_fire_save(), players={"romans": "human", "veneti": "human"}
    )
    pages = {
        who: open_page(browser, f"{server.url}/m/{links[key]}")
        for who, key in (
            ("romans", ("seat", "romans")),
            ("veneti", ("seat", "veneti")),
            ("spectator", ("spectator", "")),
        )
    }
    for page in pages.values():
        board = page.locator("#battle")
        expect(board).to_contain_text("Combat at sea")
        expect(board.locator("#battle-stage")).to_contain_text(
            "Aquila fires at Belenos with M2 (8.4): Veneti decides whether Belenos fires back"
        )
        aquila = board.locator('.battle-side[data-side="romans"] [data-battle-piece="Aquila"]')
        expect(aquila.locator(".bp-rating")).to_have_text("C3 M2")
        expect(aquila).not_to_have_class(FIRING)
        belenos = board.locator('.battle-side[data-side="veneti"] [data-battle-piece="Belenos"]')
        expect(belenos).to_have_class(FIRING)
        expect(belenos.locator(".bp-rating")).to_have_text("C3 M2")
    veneti = pages["veneti"]
    asked(veneti, "Aquila fires at Belenos")
    SCREENS.mkdir(parents=True, exist_ok=True)
    veneti.locator("#battle").screenshot(path=str(SCREENS / "battle-gbojc_naval.png"))
    click_button(veneti, "return")
    for page in pages.values():
        board = page.locator("#battle")
        expect(board.locator(".battle-events")).to_contain_text("Belenos fire at Aquila: roll")
        expect(board.locator(".battle-events .die").first).to_be_visible()
        expect(board.locator('[data-battle-piece="Aquila"]')).to_have_class(FIRING)
        expect(board.locator("#battle-stage")).to_contain_text(
            "Aquila fires, grapples or cuts sails"
        )
    for page in pages.values():
        assert not faults(page)


def test_names_show_in_the_language_chosen_english_by_default(
    browser: Browser, server: Server
) -> None:
    """Item 11: Hannibal Barkas's data name its places, leaders and cards in English and
    Polish; the page writes English unless the player picks Polish, in the page or in
    the lobby, and the actions sent keep the ids."""
    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    page = open_page(browser, f"{server.url}/m/{links[('seat', 'rome')]}")
    select = page.locator("#language")
    expect(select).to_have_value("en")
    assert select.locator("option").all_inner_texts() == ["English", "Polski"]
    discards = page.locator(".zone", has_text="discard rome")
    expect(discards).to_contain_text("Roman Fleet")  # the card Flota rzymska
    expect(page.locator('.space[data-space="Iliria"] .space-label')).to_have_text("Illyria")
    select.select_option("pl")
    expect(discards).to_contain_text("Flota rzymska")
    expect(page.locator('.space[data-space="Iliria"] .space-label')).to_have_text("Iliria")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    # The choice stays with this browser: the lobby offers it for the next match.
    lobby = page.context.new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector('#game option[value="hannibal_barkas"]', state="attached")
    lobby.select_option("#game", "hannibal_barkas")
    expect(lobby.locator("#language")).to_have_value("pl")
    lobby.select_option("#language", "en")
    page.reload()
    expect(page.locator("#language")).to_have_value("en")
    expect(page.locator(".zone", has_text="discard rome")).to_contain_text("Roman Fleet")
    assert not faults(page)


def test_hannibal_barkas_is_drawn_on_its_geographic_map_with_readable_armies(
    browser: Browser, server: Server
) -> None:
    """Item 10: the spaces stand where the map data's positions put them (a reconstruction
    from longitude and latitude), sea zones between the coasts; each army one stack: its
    leaders with their marks, its units counted by kind."""
    from legatus.framework.play.catalog import default_catalog

    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    token = links[("seat", "rome")]
    page = open_page(browser, f"{server.url}/m/{token}")
    expect(page.locator(".stack").first).to_be_visible()
    drawing = page.evaluate(f"fetch('/api/board/{token}').then(r => r.json())")
    assert drawing["layout"] == "data"
    board = default_catalog().definition("hannibal_barkas").board
    for space in drawing["spaces"]:
        assert (space["x"], space["y"]) == tuple(board.spaces[space["id"]].position), space

    def centre(space: str) -> tuple[float, float]:
        box = page.locator(
            f'.space[data-space="{space}"] .marker, .space[data-space="{space}"] .area-hit'
        ).first.bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    roma, gades, carthago, brundisium = (
        centre(s) for s in ("Roma", "Gades", "Carthago", "Brundisium")
    )
    assert gades[0] < roma[0] < brundisium[0]  # west to east
    assert roma[1] < carthago[1]  # Africa south of Italy
    tyrrhenian = centre("S07")  # a sea zone off Rome's coast, between Italy and Sardinia
    assert centre("Caralis")[0] < tyrrhenian[0] < roma[0]
    army = page.locator('.stack[data-stack="Insubres|rome_north"]')
    expect(army).to_contain_text("Consul I (1A)")  # Konsul I, in English
    expect(army).to_contain_text("2 LI 8 HI 1 GI")
    assert not faults(page)


def test_the_map_spreads_stacks_marks_the_last_moves_and_inspects_on_hover(
    browser: Browser, server: Server
) -> None:
    """Item 9: stacks piled or spread by a toggle, the last moves drawn, a piece or a place
    inspected on hover, labels legible at the fit-to-screen zoom."""
    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    page = open_page(browser, f"{server.url}/m/{links[('seat', 'rome')]}")
    toggle = page.locator("#spread-toggle")
    expect(toggle).to_have_text("Spread")
    expect(page.locator(".stack").first).to_be_visible()
    assert page.locator('.piece[data-piece="Konsul I"]').count() == 0
    toggle.click()
    expect(toggle).to_have_text("Stack")
    expect(page.locator(".stack")).to_have_count(0)
    konsul = page.locator('.piece[data-piece="Konsul I"]')
    expect(konsul).to_have_count(1)
    konsul.hover()
    expect(page.locator("#inspect")).to_contain_text("Consul I (Rome (north))")
    page.locator('.space[data-space="Carthago"] .marker').hover(force=True)
    expect(page.locator("#inspect")).to_contain_text("Carthago (province")
    expect(page.locator(".last-move.latest")).to_have_count(1)
    assert page.locator(".last-move").count() >= 1
    toggle.click()
    expect(page.locator(".stack").first).to_be_visible()
    heights = page.locator(".space-label").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().height)"
    )
    assert min(heights) >= 10, min(heights)  # at least 10 screen pixels at the fitted zoom
    assert not faults(page)


def test_the_map_fits_a_phone_and_a_tap_inspects(browser: Browser, server: Server) -> None:
    """Item 9: a phone's screen: the board as wide as the screen, a tap inspects a place."""
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{server.url}/m/{links[('seat', 'caesar')]}")
    asked(page, "discard a card face down")
    box = page.locator("svg.board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator('.space[data-space="Treviri"] .marker').tap(force=True)
    expect(page.locator("#inspect")).to_contain_text("Treviri")
    context.close()
