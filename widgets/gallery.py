"""gallery(): one box showing every widget, for a course author to look at.

>>> box = gallery()
>>> len(box.children) > 10
True
"""

from __future__ import annotations

import html
from typing import Any, Iterator, Mapping, Sequence
import re

import ipywidgets as w

from fivehundred.play import explain_play, legal_cards
from fivehundred.round import Round
from fivehundred.bidding import ladder_index, outranks
from fivehundred.cards import Card
from fivehundred.text import notation_in, wording_in

from widgets._common import prompt_html
from widgets.bidding import BiddingLadder
from widgets._picker import CardButtons
from widgets.card import CardRow
from widgets.exercises import (
    Exercise,
    MultipleChoice,
    NumberAnswer,
    OrderTrumps,
    PickCards,
    ScoreThisHand,
    WhichBidHigher,
    WhichCardWins,
    WhichMayYouPlay,
)
from widgets.trick import TrickView

__all__ = [
    "gallery", "learner_strings", "notation_report", "wrong_answers", "probe_exercises", "giveaway_report", "cards_shown",
    "record_page", "page_shown",
]

_PAGE: list[w.Widget] = []


def record_page() -> None:
    """Remember, in order, every widget a notebook's cells show from now on (for the page checks).

    It hooks IPython's ``post_run_cell`` event (outside IPython it does nothing), so a
    lesson's hidden self-check can look at its page as a reader meets it.
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is always there in a kernel
        return
    shell = get_ipython()
    if shell is None:
        return
    _PAGE.clear()

    def remember(result: Any) -> None:
        value = getattr(result, "result", None)
        if isinstance(value, w.Widget):
            _PAGE.append(value)

    for old in [f for f in shell.events.callbacks["post_run_cell"] if getattr(f, "__name__", "") == "remember_page"]:
        shell.events.unregister("post_run_cell", old)
    remember.__name__ = "remember_page"
    shell.events.register("post_run_cell", remember)


def page_shown() -> list[w.Widget]:
    """The widgets shown since :func:`record_page`, in order."""
    return list(_PAGE)

# Traits whose text a learner reads (HTML values are stripped of their tags first).
_TEXT_TRAITS = ("value", "description", "tooltip", "placeholder", "status", "names", "captions", "options", "_options_labels")
_TAG = re.compile(r"<(style|script|svg)\b.*?</\1>|<[^>]+>", re.S | re.I)


def _visible(text: str) -> str:
    """The text of an HTML fragment as a reader sees it: tags, styles and pictures dropped, entities decoded."""
    inline = re.sub(r"</?(b|i|em|strong|span|a)\b[^>]*>", "", text, flags=re.I)  # inline tags join their words
    return html.unescape(_TAG.sub(" ", inline))


def learner_strings(*roots: object) -> list[tuple[str, str]]:
    """Every string a learner can read in these widgets and their children, as ``(where, text)`` pairs.

    It reads the text traits of each widget (an HTML widget's value without its
    tags and pictures, labels, button captions, tooltips, placeholders, card
    names and captions), and what a component that draws several texts from one
    state lists with its ``learner_text()`` (each pane of a ``Panes``, a
    ``Toolbar``'s labels, tooltips and menu words, a ladder's rungs).  Card codes kept in attributes (``data-card="JH"``)
    are not learner text and are skipped with the tags.
    """
    found: list[tuple[str, str]] = []
    for item in _widgets(roots, extra=("_feedback",)):
        where = type(item).__name__
        for name in _TEXT_TRAITS:
            if not item.has_trait(name):
                continue
            if name == "value" and not isinstance(item, (w.HTML, w.HTMLMath, w.Label)):  # not what the learner typed
                continue
            value = getattr(item, name)
            values = value if isinstance(value, (list, tuple)) else (value,)
            for v in values:
                if isinstance(v, str) and v.strip():
                    found.append((f"{where}.{name}", _visible(v) if name == "value" else v))
        # a component that draws several texts from one state (Panes, Toolbar, LadderButtons) lists them itself
        reader = getattr(item, "learner_text", None)
        if callable(reader):
            for name, text, is_html in reader():
                if text.strip():
                    found.append((f"{where}.{name}", _visible(text) if is_html else text))
    return found


def wrong_answers(ex: Exercise) -> Sequence[Any]:
    """Two answers the engine marks wrong for this exercise (fewer if it has fewer), to walk its hint ladder."""
    from widgets.exercises import (
        MultipleChoice, NumberAnswer, OrderTrumps, PickCards, WhichBidHigher, WhichCardWins, WhichMayYouPlay,
    )

    if isinstance(ex, MultipleChoice):
        return [i for i in range(len(ex.options)) if i != ex._correct][:2]
    if isinstance(ex, NumberAnswer):
        likely = list(ex.likely_wrong)
        return (likely + [n for n in (ex._correct + 1, ex._correct - 7) if n not in likely])[:2]
    if isinstance(ex, WhichCardWins):
        return [c for c in ex._cards if c != ex.winner][:2]
    if isinstance(ex, WhichMayYouPlay):
        legal = set(ex.legal)
        bad = [c for c in ex._shown if c not in legal]
        out: list[object] = [[c] for c in bad[:1]]
        if len(ex.legal) > 1:
            out.append([ex.legal[0]])
        return (out + [[c] for c in bad[1:2]])[:2]
    if isinstance(ex, PickCards):
        bad = [c for c in ex._shown if c not in ex._correct]
        some = [c for c in ex._shown if c in ex._correct][:-1]
        return ([[c] for c in bad[:1]] + ([some] if some else []) + [[c] for c in bad[1:2]])[:2]
    if isinstance(ex, OrderTrumps):
        wrong = list(reversed(ex._correct))
        rotated = list(ex._correct[1:]) + [ex._correct[0]]
        return [order for order in (wrong, rotated) if tuple(order) != ex._correct][:2]
    if isinstance(ex, WhichBidHigher):
        low = ex._bids[1] if ex._higher is ex._bids[0] else ex._bids[0]
        return [low, low]
    return []


def probe_exercises(*roots: object) -> list[tuple[str, str]]:
    """Walk every exercise under ``roots`` through two wrong answers and the reveal, collecting the text shown.

    Each exercise is reset afterwards.  Answers go through the Python API, so
    nothing is saved to a learner's progress.
    """
    from widgets.exercises import Exercise

    found: list[tuple[str, str]] = []
    for item in list(_widgets(roots)):
        if not isinstance(item, Exercise) or item.solved:
            continue
        where = f"{type(item).__name__}[{item.exercise_id}]"
        for wrong in wrong_answers(item):
            if item.answer(wrong) is False:
                found.append((where + " miss", item.feedback))
        try:
            found.append((where + " reveal", item.reveal()))
        except NotImplementedError:  # a bidding quiz: its answer is the chart it shows once answered, no reveal
            pass
        found.extend((where + " " + w_, t) for w_, t in learner_strings(item))
        item.reset()
    return found


def cards_shown(*roots: object) -> list[tuple[object, tuple[Card, ...]]]:
    """Every row of cards under ``roots`` (card rows, tricks, card buttons), with the widget that shows it."""
    found: list[tuple[object, tuple[Card, ...]]] = []
    for item in _widgets(roots):
        if isinstance(item, (CardRow, TrickView)):
            found.append((item, tuple(item.cards)))
        elif isinstance(item, CardButtons):
            found.append((item, tuple(Card.parse(c) for c in item.cards)))
    return found


def _widgets(roots: Sequence[object], extra: tuple[str, ...] = ()) -> Iterator[w.Widget]:
    """Every widget under ``roots`` once, depth first: children, and the widgets held in the ``extra`` attributes."""
    stack = [r for r in roots if isinstance(r, w.Widget)]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        stack.extend(c for c in getattr(item, "children", ()) if isinstance(c, w.Widget))
        stack.extend(c for c in (getattr(item, name, None) for name in extra) if isinstance(c, w.Widget))
        yield item


def _in_order(seq: Sequence[Card], wanted: Sequence[Card]) -> bool:
    """``wanted`` appears in ``seq`` in the same order (other cards may come between)."""
    it = iter(seq)
    return all(any(c == x for x in it) for c in wanted)


def _shown_now(widget: w.Widget) -> bool:
    """False for a widget hidden until later (``layout.display == "none"``), so not on the screen yet."""
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none"


def _greyed_ladder_answers(where: str, right: str, widgets: Sequence[w.Widget], place: str) -> list[str]:
    out = []
    for lad in [x for x in widgets if isinstance(x, BiddingLadder) and _shown_now(x)]:
        if lad.standing is not None:
            above = sorted(
                (b for b in lad.rungs if outranks(b, lad.standing, lad._rules)),
                key=lambda b: ladder_index(b, lad._rules),
            )
            if above and above[0].label == right:
                out.append(f"{where}: a ladder {place} greys out everything below the answer {right}")
    return out


_STATES = r"(?:counts?|is|are|has|holds?|makes?|scores?|worth|wins?|takes?|needs?)"
_STOP = {"what", "which", "with", "that", "this", "there", "their", "does", "many", "much", "have", "from", "your",
         "they", "them", "then", "into", "only", "each", "every", "after", "before", "how", "the", "and", "for"}


def _words(text: str) -> set[str]:
    return {x.rstrip("s") for x in re.findall(r"[a-z]{4,}", text.lower()) if x not in _STOP}


def _later_prompt_giveaways(exercises: Sequence[Exercise]) -> list[str]:
    """A later exercise's question that states an earlier number's answer ("South counts 9 in hearts")."""
    out = []
    for k, first in enumerate(exercises):
        if not isinstance(first, NumberAnswer) or isinstance(first, ScoreThisHand):
            continue
        n = first._correct
        subject = _words(first.question)
        for later in exercises[k + 1:]:
            prompt = re.sub(r"\s+", " ", _visible(later._prompt.value))
            if re.search(rf"\b{_STATES}\s+{n}\b(?![\d.,]\d|\s*[♠♣♦♥]|\s*NT)", prompt) and len(subject & _words(prompt)) >= 2:
                out.append(
                    f"{type(first).__name__}[{first.exercise_id}]: a later question states its answer {n}: "
                    f"{prompt.strip()[:100]!r}"
                )
    return out


def _chart_rows(html_text: str) -> set[tuple[str, str]]:
    """The (call, make-rate) rows of the rate charts in an HTML fragment."""
    rows = re.findall(r'<tr class="fh-rate-row">(.*?)</tr>', html_text, re.S)
    out = set()
    for row in rows:
        cells = [re.sub(r"\(.*?\)", "", _visible(c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) >= 3:
            out.add((re.sub(r"\s+", " ", cells[0]), cells[2]))
    return out


def _quiz_chart(ex: Exercise) -> set[tuple[str, str]]:
    """The rows of the chart a bidding quiz shows once it is answered (empty for other exercises)."""
    quiz, key = getattr(ex, "quiz", None), getattr(ex, "_key", None)
    if quiz is None or key is None:
        return set()
    try:
        from widgets.quiz import answered_chart_html

        return _chart_rows(answered_chart_html(quiz, key))
    except Exception:  # noqa: BLE001 - a quiz without a bid answer (a kitty quiz) has no such chart
        return set()


def _giveaways(ex: Exercise, context: Sequence[w.Widget], after: Sequence[w.Widget] = ()) -> list[str]:
    """What in ``context`` (shown just before ``ex``), or in ``ex`` itself before any answer, states its answer."""
    from widgets.exercises import MultipleChoice, OrderTrumps, WhichCardWins

    where = f"{type(ex).__name__}[{ex.exercise_id}]"
    out = []
    try:
        answer = ex.answer_text()
    except NotImplementedError:  # an exercise whose answer is worked out later (a bidding quiz)
        answer = ""
    head = answer.split(": ")[0].split(". ")[0].strip()
    before = re.sub(r"\s+", " ", " ".join(t for _, t in learner_strings(*context)))
    # the exercise's own text before any answer; a multiple choice shows its options, so those don't count
    own_parts = [t for where_, t in learner_strings(ex) if not where_.startswith("Button.")]
    own = re.sub(r"\s+", " ", " ".join(own_parts))
    if len(head) >= 7 and (head in before or head in own):
        out.append(f"{where}: its answer ({head!r}) is on the page just before the question")
    if isinstance(ex, OrderTrumps):
        for widget, row in cards_shown(*context):
            if len(ex._correct) > 2 and _in_order(row, ex._correct):
                out.append(f"{where}: a {type(widget).__name__} just above shows these trumps in order")
    if isinstance(ex, WhichCardWins):
        for widget, row in cards_shown(*context):
            if isinstance(widget, TrickView) and set(row) == set(ex._cards):
                out.append(f"{where}: the same trick, with its winner, is shown just above")
    if isinstance(ex, MultipleChoice):
        right = ex.options[ex._correct]
        for phrase in (f"Next to call: {right}", f"played by {right}", f"Contract: {right}"):
            if phrase in before:
                out.append(f"{where}: {phrase!r} is shown just above")
        out += _greyed_ladder_answers(where, right, context, "just above")
        # the same screen: a ladder shown right after the question, before it is answered, gives it away too
        out += _greyed_ladder_answers(where, right, after, "on the same screen, just below,")
    chart = _quiz_chart(ex)
    if len(chart) >= 2:
        for item in context:
            if isinstance(item, (w.HTML, w.HTMLMath)) and chart <= _chart_rows(item.value):
                out.append(f"{where}: an example chart just above is this quiz's own chart")
    return out


def giveaway_report(shown: Sequence[object]) -> list[str]:
    """Exercises whose answer is stated by what is shown just before them.

    ``shown`` is what a page displays, in order (a lesson passes its cells' outputs).
    For each exercise, the context is what was shown since the exercise before it.
    The checks are the mechanical ones: the answer's first clause in the text, a
    row showing trumps in the asked order, the same trick with its winner, an
    auction box naming the player asked about, a greyed ladder whose first open
    rung is the answer (just above, or on the same screen just below while it is
    shown), a later question that states an earlier number's answer, and an
    example chart that is a bidding quiz's own.  Prose judgement stays with a reader.
    """
    problems: list[str] = []
    start = 0
    marks = [k for k, item in enumerate(shown) if isinstance(item, Exercise)]
    for i, k in enumerate(marks):
        item = shown[k]
        assert isinstance(item, Exercise)
        context = [x for x in shown[start:k] if isinstance(x, w.Widget)]
        end = marks[i + 1] if i + 1 < len(marks) else len(shown)
        after = [x for x in shown[k + 1 : end] if isinstance(x, w.Widget)]
        problems += _giveaways(item, context, after)
        start = k + 1
    problems += _later_prompt_giveaways([x for x in shown if isinstance(x, Exercise)])
    return problems


def notation_report(*roots: object, probe: bool = True) -> list[str]:
    """Engine notation found in learner text (card codes such as ``6D``, ``(MIS)``, hyphen-minus numbers) and
    wording slips (a doubled "Right. Right"): one line each.

    With ``probe`` every exercise is also walked through its hint ladder (see :func:`probe_exercises`).
    """
    texts = learner_strings(*roots) + (probe_exercises(*roots) if probe else [])
    return [
        f"{where}: {hit!r} in {text.strip()[:120]!r}"
        for where, text in texts
        for hit in notation_in(text) + wording_in(text)
    ]


def check_page(min_outputs: int = 3) -> None:
    """The check a lesson's hidden last cell runs on everything its page showed (since :func:`record_page`):
    at least ``min_outputs`` widgets, no exercise whose answer is shown just before it
    (:func:`giveaway_report`), and no engine notation or wording slip, even after wrong answers and
    reveals (:func:`notation_report`).  Raises ``AssertionError`` listing every problem."""
    shown = page_shown()
    if len(shown) < min_outputs:
        raise AssertionError(f"the page showed {len(shown)} widgets; is record_page() in its first cell?")
    problems = giveaway_report(shown) + notation_report(*shown)
    if problems:
        raise AssertionError("\n".join(problems))


def check_exercise_ids(namespace: Mapping[str, object], lesson: str, at_least: int) -> None:
    """The check a lesson's hidden cell runs on its exercises (the values in ``namespace``, its globals): at least
    ``at_least`` of them, every id under ``lesson`` (``"04-the-bowers"``) so that progress saves under this lesson,
    and no two with the same id.  Raises ``AssertionError`` naming the problem."""
    from widgets.exercises import Exercise
    from widgets.progress import lesson_of

    exercises = list({id(v): v for v in list(namespace.values()) if isinstance(v, Exercise)}.values())
    if len(exercises) < at_least:
        raise AssertionError(f"{len(exercises)} exercises on the page; expected at least {at_least}")
    stray = [e.exercise_id for e in exercises if not e.exercise_id.startswith(lesson + "/")
             or lesson_of(e.exercise_id) != lesson[:2]]
    if stray:
        raise AssertionError(f"exercises saved outside lesson {lesson}: {stray}")
    if len({e.exercise_id for e in exercises}) != len(exercises):
        raise AssertionError("two exercises on the page share an id")


def _title(text: str) -> w.HTML:
    return w.HTML(prompt_html(text).replace("font-size:16px", "font-size:19px"))


def _nomination_round() -> Round:
    """The first seeded deal where East (first to bid) holds the joker after the kitty: 6NT, then nominate."""
    for seed in range(200):
        r = Round.deal(seed=seed)
        if any(str(c) == "JK" for c in r.hand(1) + r.kitty):
            for call in ("6NT", "PASS", "PASS", "PASS"):
                r.apply(call)
            r.apply(_discard_not_joker(r))
            return r
    raise AssertionError("no seed gives East the joker")  # pragma: no cover - 200 deals always do


def _discard_not_joker(r: Round) -> str:
    held = [c for c in r.hand(1) if str(c) != "JK"]
    return "discard " + " ".join(str(c) for c in held[:3])


def gallery() -> w.VBox:
    """Every widget with sample data (a new set of widgets on each call)."""
    # the whole-table widgets (and through them the players and the solver) only for the gallery itself:
    # the page checks above are imported by every lesson
    from fivehundred.game import Game
    from widgets.auction import AuctionPanel
    from widgets.hand import HandView
    from widgets.kitty import KittyPicker
    from widgets.nomination import JokerNomination
    from widgets.rules_card import RulesCard
    from widgets.scorepad import ScorePad
    from widgets.table import TableView
    from widgets.wiring import play_out

    hand_text = "JK JD 5D 9S AH KC"
    trick_text = "KH"
    hand = HandView(
        hand_text,
        trump="H",
        legal=lambda: legal_cards(hand_text, trick_text, "7H"),
        explain=lambda c: explain_play(c, hand_text, trick_text, "7H"),
        label="Your hand (hearts are trumps, K♥ was led)",
    )
    auction_round = Round.deal(seed=7)
    auction_round.apply("PASS")
    auction_round.apply("7H")
    kitty_round = Round.deal(seed=7)
    for call in ("PASS", "7H", "PASS", "PASS"):
        kitty_round.apply(call)
    nt_round = _nomination_round()
    rules_card = RulesCard(nt_round.view(1))
    rules_card.toggle()  # open: a closed card is not drawn, and the text scanners read what is drawn
    game = Game(seed=11)
    for _ in range(3):
        play_out(game.round)
        game.next_hand()
        if game.is_over:
            break
    items: tuple[w.Widget, ...] = (
        _title("Card pictures: CardRow"),
        CardRow("JK JH JD AH KH QH 10H 4H", trump="H", caption="Hearts are trumps: the joker, the right and left bowers, then A K Q …"),
        CardRow("AS KC 10D 9H 5C JC", four_colour=True, card_width=56, caption="Four-colour pack (clubs green, diamonds blue)"),
        CardRow("AS KS QS JS 10S 9S 8S", overlap=0.45, card_width=64, caption="Overlapping hand"),
        CardRow("AS KS QS JS 10S", face_down=True, card_width=48, overlap=0.5, caption="Face down"),
        _title("HandView: click a card (greyed cards can't be played)"),
        hand,
        _title("TrickView"),
        TrickView("10H JD AH 5S", "H", leader="W"),
        _title("BiddingLadder"),
        BiddingLadder(standing="7NT"),
        _title("AuctionPanel"),
        AuctionPanel(auction_round),
        _title("KittyPicker"),
        KittyPicker(kitty_round),
        _title("JokerNomination"),
        JokerNomination(nt_round),
        _title("ScorePad"),
        ScorePad(game),
        _title("RulesCard (opened)"),
        rules_card,
        _title("TableView: a whole hand against the computer"),
        TableView.deal(seed=3, dealer="E", pace=0),
        _title("Exercises"),
        WhichCardWins("10H JD AH 5S", trump="H", leader="W"),
        WhichMayYouPlay("JD 5D 9S AH KC", "KH", "7H"),
        OrderTrumps("H", "AH JD KH JK JH 10H"),
        WhichBidHigher("MIS", "8S"),
        ScoreThisHand("7H", 6),
        NumberAnswer("How many points is a bid of six no trumps worth?", 120),
        MultipleChoice("How many cards are in the 4-player pack?", ["52", "43", "45"], correct="43"),
        PickCards("Pick the two red jacks.", "JH JS JD JC", correct="JH JD"),
    )
    box = w.VBox(items, layout=w.Layout(max_width="900px", padding="8px"))
    box.add_class("fh-gallery")
    return box
