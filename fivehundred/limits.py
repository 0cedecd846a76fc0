"""Every size limit on what a learner or caller can hand the engine, in one place.

A text longer than its limit is refused at once (a :class:`~fivehundred.errors.NotationError`
naming the limit), before any parsing, so a pasted 10 MB string costs microseconds, not seconds;
an error message quotes at most :data:`MAX_ECHO` characters of any input
(:func:`fivehundred.errors.shown`).  The limits are far above anything the course writes: a
hand record is under 1,000 characters and a saved game to 500 under 40,000.
"""

from __future__ import annotations

__all__ = [
    "MAX_ECHO",
    "MAX_WORD_CHARS",
    "MAX_LINE_CHARS",
    "MAX_CARDS",
    "MAX_RECORD_CHARS",
    "MAX_GAME_CHARS",
    "MAX_GAME_HANDS",
    "MAX_JSON_DEPTH",
    "MAX_SAVE_BYTES",
    "MAX_COUNT",
    "MAX_SAMPLES",
    "MAX_NODES",
]

#: the most characters of an input that an error message quotes
MAX_ECHO = 200
#: one word: a card, a bid, a suit, a seat, an action, a quiz code, a preset or rules flag, a seed text
MAX_WORD_CHARS = 100
#: one line: a list of cards, a discard, a rules line, an auction
MAX_LINE_CHARS = 2_000
#: the most cards in one card list (the biggest pack has 63)
MAX_CARDS = 100
#: a hand record (Round.from_record)
MAX_RECORD_CHARS = 50_000
#: a saved game (Game.from_text), and the free-play save around it
MAX_GAME_CHARS = 2_000_000
#: the most hands a saved game may hold (a game to 500 takes about 10 to 40)
MAX_GAME_HANDS = 2_000
#: the deepest nesting of lists and objects in a JSON text the engine or the course reads
MAX_JSON_DEPTH = 20
#: the largest saved-data file the course reads (progress.json, freeplay.json): 5 MB
MAX_SAVE_BYTES = 5_000_000
#: the largest count a save file may hold (answers to one exercise, quiz answers of one kind)
MAX_COUNT = 10**9
#: the most samples (deals, positions, draws) one call may ask for: the quiz bank uses 64 and a
#: learner's tool a few hundred at most, so a bigger number is a typo or junk, and would run for hours
MAX_SAMPLES = 100_000
#: the largest node budget one search may be given (a few seconds of solving is about a million
#: nodes; ``None`` is how to ask for no limit)
MAX_NODES = 10**9
