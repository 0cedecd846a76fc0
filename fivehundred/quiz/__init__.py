"""Bidding practice: quizzes from a constrained, seeded deal generator, graded by simulation.

* :mod:`fivehundred.quiz.quiz`: the quiz kinds, levels, share codes and the generator;
* :mod:`fivehundred.quiz.constraints`: the hand constraints ("holds the joker and five trumps");
* :mod:`fivehundred.quiz.grade`: grading with plain-words reasons and the make-rate per option;
* :mod:`fivehundred.quiz.bank`: the precomputed answer keys (``tools/build_quiz_bank.py``), and live keys for any other code;
* :mod:`fivehundred.quiz.calibration`: the keys' make-rates against the search player's, on the same deals;
* :mod:`fivehundred.quiz.review`: practice sessions with spaced review.

>>> q = make_quiz("L1-11")
>>> q.question
'What is the cheapest bid that outranks 7♦?'
>>> grade(q, "7H").verdict, grade(q, "7H").headline
('best', 'Right: 7♥.')
>>> grade(q, "8D").verdict
'too high'
"""

from __future__ import annotations

from fivehundred.quiz.bank import BANK_SAMPLES, answer_key, bank_codes, load_bank, simulate_quiz
from fivehundred.quiz.constraints import CONSTRAINTS, Constraint
from fivehundred.quiz.grade import RIGHT_VERDICTS, VERDICTS, Feedback, grade, grade_bid, grade_discard, grade_ladder
from fivehundred.quiz.quiz import DRILLS, KINDS, LEVELS, Quiz, generate, ladder_answer, make_quiz, parse_code, quiz_code
from fivehundred.quiz.review import KindStats, ReviewQueue, session_codes

__all__ = [
    "BANK_SAMPLES",
    "CONSTRAINTS",
    "Constraint",
    "DRILLS",
    "Feedback",
    "KINDS",
    "KindStats",
    "LEVELS",
    "Quiz",
    "RIGHT_VERDICTS",
    "ReviewQueue",
    "VERDICTS",
    "answer_key",
    "bank_codes",
    "generate",
    "grade",
    "grade_bid",
    "grade_discard",
    "grade_ladder",
    "ladder_answer",
    "load_bank",
    "make_quiz",
    "parse_code",
    "quiz_code",
    "session_codes",
    "simulate_quiz",
]
