"""The match controller: journal, undo barriers, atomic writes, exact replay, refused records.

The controller writes no file (the app's SaveSlots is the one writer of saves): these tests write its
record themselves, as SaveSlots.store does."""

import json

import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController, MatchRecord, RecordError, write_atomic
from tabletop.registry import get_rules
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import ScriptedRandom
from tabletop.core.values import to_plain


def new_match(tmp_path=None, seed=11):
    return MatchController(get_rules("dice-realms"), None, ["Gandalf", "Saruman"], seed)


def saved(match, tmp_path):
    """Write the match's record as the app does after every move; its path."""
    path = tmp_path / "match.json"
    write_atomic(path, match.record().to_json())
    return path


def play(match, intents, bot_seed=3):
    bot = RandomBot(bot_seed)
    for _ in range(intents):
        if match.finished:
            break
        match.submit(bot.choose(match.legal_intents()))


def test_the_record_holds_every_intent_and_the_controller_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    match = new_match()
    match.submit("roll seat=0")
    assert not hasattr(match, "save_path") and not hasattr(match, "autosave")     # one save path: SaveSlots
    assert list(tmp_path.iterdir()) == []
    data = json.loads(saved(match, tmp_path).read_text())
    assert data["format"] == "dice-tabletop-match" and data["version"] == 1
    assert data["game"] == "dice-realms" and data["seed"] == 11
    assert [s["name"] for s in data["seats"]] == ["Gandalf", "Saruman"]
    assert data["intents"][0]["intent"] == "roll seat=0"
    assert len(data["intents"][0]["outcomes"]) == 6
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]   # no temporary file left


def test_load_replays_to_an_identical_state(tmp_path):
    match = new_match()
    play(match, 60)
    loaded = MatchController.load(saved(match, tmp_path), get_rules)
    assert loaded.state == match.state
    assert loaded.states == match.states
    assert [e.events for e in loaded.journal] == [e.events for e in match.journal]


def test_a_resumed_match_continues_exactly_like_an_uninterrupted_one(tmp_path):
    straight = new_match()
    play(straight, 80, bot_seed=5)
    interrupted = new_match()
    bot = RandomBot(5)
    for _ in range(40):
        interrupted.submit(bot.choose(interrupted.legal_intents()))
    resumed = MatchController.load(saved(interrupted, tmp_path), get_rules)
    for _ in range(40):
        if resumed.finished:
            break
        resumed.submit(bot.choose(resumed.legal_intents()))
    assert resumed.state == straight.state


def test_an_illegal_intent_changes_nothing():
    match = new_match()
    before = match.state
    with pytest.raises(IllegalIntent) as info:
        match.submit("roll seat=1")
    assert "Gandalf's turn" in info.value.reason
    assert match.state is before and match.journal == []
    with pytest.raises(IllegalIntent, match="Not a move"):
        match.submit("fly seat=0")


def test_undo_stops_at_rolls_and_seat_changes():
    match = new_match()
    assert match.undo_status() == (False, "Nothing to undo yet.")
    match.submit("roll seat=0")
    allowed, reason = match.undo_status()
    assert not allowed and "rolled" in reason
    with pytest.raises(IllegalIntent):
        match.undo()
    legal = match.legal_intents()
    pick = next(i for i in legal if i.to_str().startswith("pick"))
    state_after_roll = match.state
    match.submit(pick)
    if match.state.to_act == 0:
        assert match.undo_status()[0]
        match.undo()
        assert match.state is state_after_roll


def test_an_undone_intent_leaves_the_record():
    match = MatchController(get_rules("dice-realms"), None, ["Gandalf", "Saruman"], 1,
                            rng=ScriptedRandom(["R1 G6 B6 M6 Y6 W6"]))
    match.submit("roll seat=0")
    match.submit("pick seat=0 die=red realm=red cell=tail-1")    # the lowest die: Gandalf goes on
    assert match.undo_status()[0]
    match.undo()
    assert [text for text, _ in match.record().entries] == ["roll seat=0"]


def test_atomic_write_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    write_atomic(path, "old")
    monkeypatch.setattr("os.replace", lambda *a: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]


def saved_text(tmp_path):
    match = new_match()
    play(match, 30)
    return saved(match, tmp_path).read_text()


@pytest.mark.parametrize("damage, words", [
    (lambda t: t[: len(t) // 2], "damaged or incomplete"),
    (lambda t: "", "damaged or incomplete"),
    (lambda t: "\x00\x01garbage", "damaged or incomplete"),
    (lambda t: json.dumps({"hello": "world"}), "not a Dice Tabletop match record"),
    (lambda t: json.dumps([1, 2, 3]), "not a Dice Tabletop match record"),
    (lambda t: t.replace('"version": 1', '"version": 99'), "format version 99"),
    (lambda t: t.replace('"game": "dice-realms"', '"game": "chess"'), "does not know"),
    (lambda t: t.replace('"seed": 11', '"seed": "eleven"'), "missing a part"),
    (lambda t: t.replace('"intent": "roll seat=0"', '"intent": "roll seat=1"', 1), "does not replay: move 1"),
])
def test_damaged_records_are_refused_with_a_clear_message(tmp_path, damage, words):
    text = damage(saved_text(tmp_path))
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=words):
        MatchController.load(path, get_rules)


def test_tampered_outcomes_are_refused(tmp_path):
    data = json.loads(saved_text(tmp_path))
    data["intents"][0]["outcomes"][0] = 9            # a die cannot show 9
    with pytest.raises(RecordError, match="does not replay"):
        MatchController.from_record(MatchRecord.from_json(json.dumps(data)), get_rules)
    data["intents"][0]["outcomes"] = data["intents"][0]["outcomes"] + [1]
    data["intents"][0]["outcomes"][0] = 1
    with pytest.raises(RecordError, match="recorded 7 outcomes but drew 6"):
        MatchController.from_record(MatchRecord.from_json(json.dumps(data)), get_rules)


def test_record_round_trips_through_text():
    match = new_match()
    play(match, 25)
    record = match.record()
    again = MatchRecord.from_json(record.to_json())
    assert again == record
    assert to_plain(MatchController.from_record(again, get_rules).state) == to_plain(match.state)


def test_a_replay_moves_a_cursor_and_never_changes_the_match():
    match = new_match()
    play(match, 40)
    journal, states = list(match.journal), list(match.states)
    match.start_replay()
    assert match.state is states[0] and list(match.history) == []
    assert match.step() is journal[0] and match.state is states[1]
    assert match.step() is journal[1] and len(match.history) == 2
    assert match.back() and match.state is states[1]
    match.jump(1000)
    assert match.state is states[-1] and match.step() is None
    match.jump(-5)
    assert match.state is states[0] and not match.back()
    with pytest.raises(IllegalIntent, match="replay"):
        match.submit(match.legal_intents()[0])
    assert match.undo_status()[0] is False
    assert match.journal == journal and match.states == states        # the history itself never changed


# ---------------------------------------------------------------- undo never goes past anything shown
def elemental_after(steps, given=None):
    from tabletop.core.rng import ScriptedRandom as Script, SeededRandom

    match = MatchController(get_rules("elemental-dice"), None, ["Ann", "Bo"], 1,
                            rng=Script([], then=SeededRandom(1)))
    if given:
        match.states[-1] = given(match.state)
    for step in steps:
        match.submit(step)
    return match


def test_a_shop_reroll_cannot_be_undone_even_without_its_event_flag(monkeypatch):
    # Issue 18 defect 6: the five cards were shown.  The rules' secrets say so by themselves (what nobody
    # knew, the shop's deck, is known now), so undo stops even if the event forgot its REVEALS flag.
    from tabletop.games.elemental_dice.events import ShopRerolled

    assert elemental_after(["pass seat=1", "reroll-shop seat=0"]).undo_status() == (
        False, "Hidden information was revealed; that cannot be taken back.")
    monkeypatch.delattr(ShopRerolled, "REVEALS")
    allowed, reason = elemental_after(["pass seat=1", "reroll-shop seat=0"]).undo_status()
    assert not allowed and "revealed" in reason


def test_a_card_that_shows_its_player_their_own_pile_cannot_be_undone():
    # Magnetic Hands shows Ann her draw pile: no event says so, the secrets do (Ann now knows cards of the
    # game she could not see).  Placing a card face down shows nobody anything: it can be taken back.
    from dataclasses import replace

    def hands(state):
        ann = replace(state.players[0], hand=("magnetic-hands",) + state.players[0].hand[1:],
                      draw=state.players[0].draw + (state.players[0].hand[0],))
        return replace(state, players=(ann, state.players[1]), shop_draw=tuple(
            c for c in state.shop_draw if c != "magnetic-hands"))

    match = elemental_after(["pass seat=1", "play seat=0 card=magnetic-hands", "pass seat=1", "pass seat=0"],
                            hands)
    assert match.state.flow.executing.stage == "tutor" and match.state.to_act == 0
    assert not match.undo_status()[0]
    placed = elemental_after(["pass seat=1"])
    card = placed.state.players[0].hand[0]
    placed.submit(f"place seat=0 card={card}")
    assert placed.undo_status() == (True, f"Undo 'place seat=0 card={card}'.")


def test_the_wizard_dice_reveal_cannot_be_undone_even_without_its_event_flag(monkeypatch):
    # Rick's commit reveals Drew's spells and Rick decides next (he may carry dice): a seat's secret now shows
    # in another's view, on a screen everyone looks at.
    from tabletop.games.wizard_dice.events import Revealed

    monkeypatch.delattr(Revealed, "REVEALS")
    match = MatchController(get_rules("wizard-dice"), None, ["Drew", "Rick"], 1,
                            rng=ScriptedRandom([5, 5, 5, 5, 5, 1, 2, 3, 4, 6, 6, 1]))
    for step in ["roll seat=0", "stop seat=0", "cast seat=0 spell=fireball dice=5,5,5,5,5 targets=wizard-1",
                 "commit seat=0", "roll seat=1", "stop seat=1", "commit seat=1"]:
        match.submit(step)
    assert match.state.to_act == 1
    assert match.undo_status() == (False, "Hidden information was revealed; that cannot be taken back.")


# ---------------------------------------------------------------- options chosen per seat
def test_a_per_seat_option_is_one_value_per_seat_and_an_option_may_need_a_player_count():
    from tabletop.core.protocol import GameMeta, OptionSpec

    meta = GameMeta("toy", "Toy", 2, 4, False, "", "", options=(
        OptionSpec("hints", "Hints", ("off", "on"), "off", "Hints for you.", per_seat=True),
        OptionSpec("teams", "Teams", ("off", "on"), "off", "Two against two.", players=(4,)),
    ), upgrade_options=lambda given: {("hints" if k == "help" else k): v for k, v in given.items()})
    assert meta.resolve_options(None, 3) == {"hints.0": "off", "hints.1": "off", "hints.2": "off", "teams": "off"}
    assert meta.resolve_options({"hints": "on", "hints.1": "off"}, 2) == {"hints.0": "on", "hints.1": "off",
                                                                          "teams": "off"}
    assert meta.resolve_options({"help": "on"}, 2)["hints.1"] == "on"        # an old key, upgraded
    assert meta.seat_options(meta.resolve_options({"hints.2": "on"}, 3), "hints", 3) == ("off", "off", "on")
    assert meta.resolve_options({"teams": "on"}, 4)["teams"] == "on"
    with pytest.raises(ValueError, match="option teams is played only by 4 players"):
        meta.resolve_options({"teams": "on"}, 3)
    with pytest.raises(ValueError, match="no option hints.3"):
        meta.resolve_options({"hints.3": "on"}, 3)
    with pytest.raises(ValueError, match="chosen per seat"):
        meta.resolve_options(None)
