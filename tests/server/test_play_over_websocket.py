"""Playing through the WebSocket: a seat acts for its own sides only, on the view it was
shown; every refusal is a message to that page and changes nothing."""

from __future__ import annotations

import json

from tests.server.harness import Server, actions_of


def jc_match(server: Server, pompey: str = "human", **more: object) -> dict[tuple[str, str], str]:
    return server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": pompey}, **more
    )


def test_a_seat_sees_its_question_and_its_action_is_applied(server: Server) -> None:
    links = jc_match(server, pompey="random")
    page = server.socket(links[("seat", "caesar")])
    view = page.asked()
    assert view["prompts"][0]["text"] == "Caesar: discard a card face down"
    assert view["seat"] == "caesar" and view["sides"] == ["caesar"]
    first = actions_of(view)[0]
    page.act(first)
    card = first.removeprefix("discard(").removesuffix(")")
    page.until(lambda m: m["type"] == "view" and m["prompts"] != view["prompts"])
    own = [e for e in page.log if e.get("to") == ["caesar"]]
    assert own[-1]["text"] == f"Caesar discards {card}"
    # Then, once the computer has discarded too (it may be still thinking), the next card.
    page.until(
        lambda m: m["type"] == "view" and bool(m["prompts"]) and m["prompts"][0]["kind"] == "play"
    )


def test_computer_seat_moves_by_itself_and_is_shown_thinking(server: Server) -> None:
    links = jc_match(server, pompey="random")
    page = server.socket(links[("seat", "caesar")])
    view = page.asked()
    page.until(lambda m: m["type"] == "status" and m["thinking"] == ["pompey"])
    page.act(actions_of(view)[0])
    play = page.until(
        lambda m: m["type"] == "view" and m["prompts"] and m["prompts"][0]["kind"] == "play"
    )
    page.act(actions_of(play)[0])
    page.until(lambda m: m["type"] == "view" and m["moves"] == 4)
    assert any(e["text"].startswith("Cards revealed: Caesar") for e in page.log)
    assert any(e["text"] == "Pompeius plays a card face down" for e in page.log)


def test_an_illegal_or_garbled_action_is_refused_and_changes_nothing(server: Server) -> None:
    links = jc_match(server)
    page = server.socket(links[("seat", "caesar")])
    view = page.asked()
    page.act("discard(Excalibur)")
    assert page.error().startswith("not an action of this game: discard(Excalibur): argument 1")
    page.act("play(Mars)")
    assert page.error() == "play(Mars) is not a legal choice now"
    page.act("discard(")
    assert page.error().startswith("not an action of this game")
    page.send(type="act", action=["discard", "Mars"], revision=view["revision"])
    assert page.error() == "expected an action"
    page.act(actions_of(view)[0])
    after = page.until(lambda m: m["type"] == "view")
    assert after["moves"] == 1


def test_an_action_chosen_on_an_old_view_is_stale(server: Server) -> None:
    links = jc_match(server)
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    old = caesar.asked()
    pompey.act(actions_of(pompey.asked())[0])
    caesar.act(actions_of(old)[0])
    play = caesar.until(
        lambda m: m["type"] == "view" and bool(m["prompts"]) and m["prompts"][0]["kind"] == "play"
    )
    caesar.send(type="act", action=actions_of(play)[0], revision=old["revision"])
    assert caesar.error() == (
        f"your seat has already answered ({actions_of(old)[0]}), perhaps in another page: "
        "here is the position now"
    )
    assert caesar.view is not None and caesar.view["moves"] == 2
    # Chosen on a view an undo has since taken back: the game moved on.
    caesar.act(actions_of(play)[0], play)
    after = caesar.until(lambda m: m["type"] == "view" and m["moves"] == 3)
    caesar.send(type="undo")
    again = caesar.until(lambda m: m["type"] == "view" and m["moves"] == 2)
    caesar.act(actions_of(again)[1], after)
    assert caesar.error() == (
        "that choice was made on an old view: the game moved on since; here is the position now"
    )
    assert caesar.view is not None and caesar.view["moves"] == 2


def test_another_answer_to_the_same_simultaneous_decision_does_not_make_a_choice_stale(
    server: Server,
) -> None:
    links = jc_match(server)
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    seen = caesar.asked()
    pompey.act(actions_of(pompey.asked())[0])
    caesar.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    caesar.act(actions_of(seen)[0], seen)  # chosen before pompey answered
    assert caesar.until(lambda m: m["type"] in ("view", "error"))["type"] == "view"
    assert caesar.view is not None and caesar.view["moves"] == 2


def test_a_seat_cannot_act_for_another_seat(server: Server) -> None:
    links = jc_match(server)
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    view = caesar.asked()
    pompey_view = pompey.asked()
    caesar.send(
        type="act", action=actions_of(pompey_view)[0], revision=view["revision"], side="pompey"
    )
    assert caesar.error() == "you can only act for your own seat"
    caesar.act(actions_of(view)[0])
    pompey.act(actions_of(pompey_view)[0])
    play = caesar.until(lambda m: m["type"] == "view" and m["moves"] == 2)
    caesar.act(actions_of(play)[0])  # then only pompey is asked
    caesar.until(lambda m: m["type"] == "view" and m["moves"] == 3)
    pompey_play = pompey.until(lambda m: m["type"] == "view" and m["moves"] == 3)
    caesar.act(actions_of(pompey_play)[0], caesar.view)
    assert caesar.error() == "it is not your decision now: wait for your turn"
    assert caesar.view is not None and caesar.view["moves"] == 3


def test_two_pages_of_one_seat_racing_the_later_is_told_its_seat_already_answered(
    server: Server,
) -> None:
    """Issue 34, item 6: not "it is not your decision now", which the player cannot
    understand, but what happened (the seat's own action is quoted, nobody else's)."""
    links = jc_match(server)
    first, second = (server.socket(links[("seat", "caesar")]) for _ in range(2))
    view = first.asked()
    second.asked()
    first.act(actions_of(view)[0], view)
    second.act(actions_of(view)[1], view)  # chosen on the same view, arrives second
    assert second.error() == (
        f"your seat has already answered ({actions_of(view)[0]}), perhaps in another page: "
        "here is the position now"
    )
    assert second.view is not None and second.view["moves"] == 1
    pompey = server.socket(links[("seat", "pompey")])
    pompey.act(actions_of(pompey.asked())[0])
    play = first.until(lambda m: m["type"] == "view" and m["moves"] == 2)
    first.act(actions_of(play)[0], play)
    first.act(actions_of(play)[1], play)  # a double click
    assert first.error().startswith(f"your seat has already answered ({actions_of(play)[0]})")


def test_spectator_and_host_pages_only_watch(server: Server) -> None:
    links = jc_match(server)
    for role in ("spectator", "host"):
        page = server.socket(links[(role, "")])
        view = page.until(lambda m: m["type"] == "view")
        assert view["prompts"] == [] and view["sides"] == [""]
        page.act("discard(Mars)")
        assert page.error() == "this link only watches the match; it cannot act"
        page.send(type="undo")
        assert page.error() == "this link only watches the match; it cannot act"


def test_malformed_messages_get_an_error_and_the_server_keeps_running(server: Server) -> None:
    links = jc_match(server)
    page = server.socket(links[("seat", "caesar")])
    page.asked()
    page.connection.send("not json {")
    assert page.error() == "malformed message: not JSON"
    page.connection.send("[1, 2]")
    assert page.error() == 'malformed message: expected {"type": ...}'
    page.send(type="dance")
    assert page.error() == "unknown message type 'dance'"
    page.send(type="chat", text="x" * 20_000)
    assert page.error() == "message too large: at most 16384 characters"
    page.connection.send("[" * 100_000)
    assert page.error() == "message too large: at most 16384 characters"
    page.connection.send(b"\x00\x01 binary")  # issue 34, item 6: was a traceback and a hang-up
    assert page.error() == "binary messages are not understood here: send JSON text"
    page.send(type="ping")
    assert page.until(lambda m: m["type"] != "chat") == {"type": "pong"}
    page.connection.send("[" * (2 * 1024 * 1024))  # over what the protocol reads at all
    assert page.closed() == 1009  # the page says why (tests/browser)
    again = server.socket(links[("seat", "caesar")])
    assert again.asked()["prompts"][0]["kind"] == "discard"


def test_undo_takes_back_the_seats_own_last_action_only(server: Server) -> None:
    links = jc_match(server)
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    view = caesar.asked()
    caesar.act(actions_of(view)[0])
    after = caesar.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    assert after["can_undo"] is True
    caesar.send(type="undo")
    undone = caesar.until(lambda m: m["type"] == "view" and m["moves"] == 0)
    assert undone["log_reset"] is True
    assert undone["prompts"][0]["kind"] == "discard"
    assert not any(e.get("to") for e in undone["log"])
    latest = pompey.until(lambda m: m["type"] == "view" and m["revision"] == undone["revision"])
    pompey.act(actions_of(latest)[0], latest)
    caesar.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    caesar.send(type="undo")
    assert caesar.error() == "nothing to undo: caesar has taken no action"
    pompey.send(type="undo")  # Caesar, a person, has not decided since
    assert pompey.until(lambda m: m["type"] == "view" and m["moves"] == 0)["can_undo"] is False


def test_undo_takes_back_the_computers_reply_with_the_seats_decision(server: Server) -> None:
    """Against a computer, the seat's undo takes its last decision back together with the
    computer's replies to it (nothing rolled or revealed since), as at the terminal."""
    links = server.create(game="demo_skirmish", seed=1, players={"red": "human", "blue": "first"})
    red = server.socket(links[("seat", "red")])
    view = red.asked()
    red.act("move(Red Foot, Midford)", view)
    replied = red.until(lambda m: m["type"] == "view" and m["moves"] == 2 and m["can_undo"])
    assert replied["prompts"] and replied["prompts"][0]["side"] == "red"
    red.send(type="undo")
    undone = red.until(lambda m: m["type"] == "view" and m["moves"] == 0)
    assert undone["log_reset"] is True and undone["can_undo"] is False


def test_chat_reaches_every_page_of_the_match(server: Server) -> None:
    links = jc_match(server)
    caesar = server.socket(links[("seat", "caesar")])
    spectator = server.socket(links[("spectator", "")])
    caesar.send(type="chat", text="Ave!")
    line = spectator.until(lambda m: m["type"] == "chat" and bool(m["lines"]))
    assert [(x["seat"], x["text"]) for x in line["lines"]] == [("caesar", "Ave!")]
    spectator.send(type="chat", text="hello")
    assert spectator.error() == "spectators cannot write in the chat"


def test_an_unknown_or_tampered_link_is_refused(server: Server) -> None:
    links = jc_match(server)
    token = links[("seat", "caesar")]
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (tampered, "nonsense", "x" * 40):
        page = server.socket(bad)
        message = page.receive()
        assert message == {
            "type": "error",
            "message": "this link is unknown or was mistyped: ask the match's host for yours",
            "fatal": True,
        }


def test_hot_seat_hands_the_screen_over_and_shows_one_seat_at_a_time(server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}, hot_seat=True
    )
    assert set(links) == {("host", ""), ("spectator", ""), ("hot-seat", "")}
    page = server.socket(links[("hot-seat", "")])
    handover = page.receive()
    assert handover == {
        "type": "handover",
        "seat": "caesar",
        "sides": ["caesar"],
        "can_undo": False,
    }
    page.act("discard(Mars)", {"revision": 1})
    assert page.error() == "hand the screen over first: press the button when you are there"
    page.send(type="ready")
    view = page.asked()
    assert view["seat"] == "caesar" and view["sides"] == ["caesar"]
    page.act(actions_of(view)[0])
    handover = page.until(lambda m: m["type"] in ("handover", "view"))
    assert handover == {"type": "handover", "seat": "pompey", "sides": ["pompey"], "can_undo": True}
    page.send(type="ready")
    view = page.asked()
    assert view["seat"] == "pompey" and view["log_reset"] is True
    assert not any(e.get("to") == ["caesar"] for e in view["log"])
    assert isinstance(view["zones"]["hand:caesar"], int)


def test_hot_seat_undo_takes_back_the_last_move_made_at_the_screen(server: Server) -> None:
    """A hot seat's players share one page: its undo takes back the last move of any of its
    seats (with the computer's replies), from the hand-over screen or from the next seat's
    view, and the screen is handed back to the seat asked again (nothing of the seat at the
    screen stays on it)."""
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}, hot_seat=True
    )
    page = server.socket(links[("hot-seat", "")])
    assert page.receive()["can_undo"] is False  # nothing played yet
    page.send(type="undo")
    assert page.error() == "nothing to undo: no move was made at this screen yet"
    page.send(type="ready")
    view = page.asked()
    assert view["can_undo"] is False
    page.act(actions_of(view)[0])
    handover = page.until(lambda m: m["type"] in ("handover", "view"))
    assert handover["seat"] == "pompey" and handover["can_undo"] is True
    page.send(type="undo")  # from the hand-over screen: Caesar takes his card back
    back = page.until(lambda m: m["type"] in ("handover", "view"))
    assert back == {"type": "handover", "seat": "caesar", "sides": ["caesar"], "can_undo": False}
    page.send(type="ready")
    view = page.asked()
    assert view["seat"] == "caesar" and view["moves"] == 0 and view["log_reset"] is True
    page.act(actions_of(view)[-1])
    assert page.until(lambda m: m["type"] in ("handover", "view"))["seat"] == "pompey"
    page.send(type="ready")
    view = page.asked()
    assert view["seat"] == "pompey" and view["moves"] == 1 and view["can_undo"] is True
    assert isinstance(view["zones"]["hand:caesar"], int)  # Pompeius sees no card of Caesar
    page.send(type="undo")  # from Pompeius's view: the last move, Caesar's, is taken back
    back = page.until(lambda m: m["type"] in ("handover", "view"))
    assert back["type"] == "handover" and back["seat"] == "caesar"
    page.send(type="ready")
    assert page.asked()["moves"] == 0
    spectator = server.socket(links[("spectator", "")])
    assert spectator.until(lambda m: m["type"] == "view")["moves"] == 0
    spectator.send(type="undo")
    assert spectator.error() == "this link only watches the match; it cannot act"


def test_a_computer_match_plays_to_its_end_by_itself(server: Server) -> None:
    links = server.create(game="demo_skirmish", seed=3, players={"red": "random", "blue": "first"})
    spectator = server.socket(links[("spectator", "")])
    over = spectator.until(lambda m: m["type"] == "view" and m["result"] is not None, timeout=60)
    assert over["result"]["reason"]


def test_actions_after_the_game_ended_are_refused(server: Server) -> None:
    from tests.server.test_http_api import finished_save

    save = finished_save()
    links = server.create(position=json.dumps(save), players={"caesar": "human", "pompey": "human"})
    page = server.socket(links[("seat", "caesar")])
    view = page.until(lambda m: m["type"] == "view")
    assert view["result"] is not None and view["prompts"] == []
    page.act("discard(Mars)", view)
    assert page.error() == "the game is over: no more actions"
    page.send(type="undo")
    assert page.error() == "the game is over: nothing can be undone"
    with server.http() as client:  # over: every seat may download the save now
        assert client.get(f"/api/save/{links[('seat', 'caesar')]}").status_code == 200
