"""Names in the language a player reads (issue 38, item 2): the data give a space, a piece or
a card names by language (``names: {en: ..., pl: ...}``, declared in the schemas); ids stay
what rules, saves and actions use; :class:`Names` shows ids by their names and reads names
typed back as ids, whole words only."""

from __future__ import annotations

from legatus.framework.engine.language import Names
from legatus.framework.play.catalog import default_catalog


def test_hannibal_barkas_names_its_polish_cards_places_and_leaders_in_english() -> None:
    definition = default_catalog().definition("hannibal_barkas")
    assert definition.languages == ("en", "pl")
    english = definition.names_in("en")
    assert english["Najemnicy"] == "Mercenaries"
    assert english["Poselstwo [Carthage]"] == "Embassy [Carthage]"
    assert english["Zdrajcy w mieście* [Rome]"] == "Traitors in the City* [Rome]"
    assert english["Konsul I"] == "Consul I" and english["Hannon Magnus"] == "Hanno the Great"
    assert english["Iliria"] == "Illyria"
    assert "Roma" not in english and "Hannibal" not in english  # their own names are English
    # The Polish originals stay the ids; the Polish names add the deck in Polish.
    polish = definition.names_in("pl")
    assert polish["Poselstwo [Carthage]"] == "Poselstwo [Kartagina]"
    assert "Najemnicy" not in polish  # the id is the Polish name itself
    # Every event card reads in English.
    events = [c for c in definition.cards.values() if c.kind == "event"]
    assert all("en" in card.names for card in events)


def test_ids_are_shown_by_their_names_and_names_typed_are_read_as_ids() -> None:
    names = Names(default_catalog().definition("hannibal_barkas"), "en")
    assert names.show("You draw Najemnicy, Poselstwo [Carthage]") == (
        "You draw Mercenaries, Embassy [Carthage]"
    )
    # Whole ids only, the longest first: Konsul II is not Konsul I followed by an I.
    assert names.show("Konsul II and Konsul I; Hannon Magnus and Hannon") == (
        "Consul II and Consul I; Hanno the Great and Hanno"
    )
    assert names.show("Roman ships sail from Iliria") == "Roman ships sail from Illyria"
    assert names.read_action("event(mercenaries)") == "event(Najemnicy)"
    assert names.read_action("event(Embassy [Carthage])") == "event(Poselstwo [Carthage])"
    kinds = default_catalog().load("hannibal_barkas").actions
    # A unit kind is no card: only pieces, spaces and cards are read as names.
    assert names.read_action("take(elephants, 2)", kinds) == "take(elephants, 2)"
    assert names.read_action("event(mercenaries)", kinds) == "event(Najemnicy)"
    assert names.read_action("event(Najemnicy)") == "event(Najemnicy)"  # ids still work
    assert names.read("Illyria") == "Iliria" and names.read("Roma") == "Roma"


def test_a_game_without_names_shows_its_ids() -> None:
    names = Names(default_catalog().definition("julius_caesar"), "pl")
    assert not names and names.show("Legio 8 moves to Roma") == "Legio 8 moves to Roma"
