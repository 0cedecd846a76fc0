"""The double-dummy search's inner loop: one source, run as plain Python or compiled.

This module holds only the search (null-window alpha-beta over bitmask
hands, the transposition table, sure-trick bounds and move ordering).  It
knows no rule of Five Hundred: every table it uses (which cards beat which,
suit blocks, the joker's bit, who wins a trick) is built by
:mod:`fivehundred.analysis.solver` from :mod:`fivehundred.trumps` and
:mod:`fivehundred.play` and passed in.  See ``docs/fast-core.md`` for how it
is compiled and how to force the uncompiled path.
"""

from __future__ import annotations

from typing import Callable

Boundary = Callable[[tuple[int, ...], int, int, int, int, int], bool]
Follow = Callable[[tuple[int, ...], int, int, int, int, int, int, int, int, int], bool]


#: per block size B: the number of cards in each block value (0 .. 2**B - 1)
_POP: dict[int, list[int]] = {}


def _pop_table(B: int) -> list[int]:
    """Card counts by block value: a list index instead of ``int.bit_count()``, which the compiled code
    calls as a Python method (boxing its argument) rather than inline."""
    table = _POP.get(B)
    if table is None:
        table = [0] * (1 << B)
        for v in range(1, 1 << B):
            table[v] = table[v >> 1] + (v & 1)
        _POP[B] = table
    return table


class Table:
    """The transposition table: one dict per leader, and, while the joker may still be led naming a suit,
    one per leader and set of suits named so far, each keyed by the tuple of the seats' hands.

    Split so, a key is the hands' tuple itself, which the boundary builds anyway, not the hands, the leader
    and the suits named packed into a new tuple at every node.  ``entries`` counts the entries in all of them, so
    the bound on the table's size holds for the whole; ``gen`` counts how often it was emptied.
    """

    def __init__(self) -> None:
        self.parts: list[dict[tuple[int, ...], int]] = []
        self.entries = 0
        self.gen = 0

    def fit(self, n: int) -> None:
        """Enough parts for ``n`` seats: ``n`` by leader, then ``16 n`` by leader and suits named."""
        while len(self.parts) < 17 * n:
            self.parts.append({})

    def clear(self) -> None:
        for d in self.parts:
            d.clear()
        self.entries = 0
        self.gen += 1

    def __len__(self) -> int:
        return sum(len(d) for d in self.parts)


class _Search:
    """One position's search: its tables as fields and the search as methods (compiled, a native class:
    the methods call each other directly, with unboxed arguments, not through Python calls)."""

    def __init__(
        self,
        n: int,
        A: int,
        MAXB: list[bool],
        WANTS: list[bool],
        NXT: list[int],
        MATES: list[list[int]],
        BEAT: dict[int, int],
        LEAD: dict[int, tuple[int, int, int]],
        CLOSE: dict[int, tuple[int, int]],
        JB: int,
        TB: int,
        CM: list[int],
        side_shifts: tuple[int, ...],
        misere: bool,
        joker_named: bool,
        mis_comp: bool,
        equiv: bool,
        tt: Table,
        table_size: int,
        check: Callable[[], None],
        B: int,
    ) -> None:
        BLOCK = (1 << B) - 1
        # the tables as lists indexed by a card's bit position (a list index is cheaper than a dict lookup)
        NB = 4 * B + 1
        BEATS = [0] * NB
        for b, v in BEAT.items():
            BEATS[b.bit_length() - 1] = v
        CLOSE1 = [0] * NB
        CLOSE2 = [0] * NB
        for b, (k1, k2) in CLOSE.items():
            CLOSE1[b.bit_length() - 1] = k1
            CLOSE2[b.bit_length() - 1] = k2
        LFM = [0] * NB
        LSB = [0] * NB
        LBT = [0] * NB
        for b, (fm, sb, bt) in LEAD.items():
            LFM[b.bit_length() - 1] = fm
            LSB[b.bit_length() - 1] = sb
            LBT[b.bit_length() - 1] = bt
        SHIFTS = [0, B, 2 * B, 3 * B]  # lists, not tuples: the compiled code loops over a list by index
        nm1 = n - 1
        KILL = [0] * (11 * n)
        MB = A.bit_length() - 1  # in misère, the contractor's seat position (side A is that seat alone)
        self.n = n
        self.A = A
        # the seats' flags as bits of one int, read with a shift (no list lookup)
        self.MAXM = sum(1 << i for i in range(n) if MAXB[i])
        self.WANTM = sum(1 << i for i in range(n) if WANTS[i])
        self.NXT = NXT
        self.MATES = MATES
        self.JB = JB
        self.TB = TB
        self.CM = CM
        self.side_shifts = list(side_shifts)
        self.misere = misere
        self.joker_named = joker_named
        self.mis_comp = mis_comp
        self.equiv = equiv
        tt.fit(n)
        self.tt = tt
        self.parts = tt.parts
        self.table_size = table_size
        self.check = check
        self.BLOCK = BLOCK
        self.BEATS = BEATS
        self.CLOSE1 = CLOSE1
        self.CLOSE2 = CLOSE2
        self.LFM = LFM
        self.LSB = LSB
        self.LBT = LBT
        self.SHIFTS = SHIFTS
        self.nm1 = nm1
        self.KILL = KILL
        self.MB = MB
        self.POP = _pop_table(B)
        self.TSH = (TB & -TB).bit_length() - 1 if TB else 0  # the trump block's shift
        self.count = 0
        self.next_check = 1024

    def longest_other(self, ch: tuple[int, ...], who: int, sh: int) -> int:
        """The most cards any seat but ``who`` holds in the suit at block shift ``sh``."""
        POP = self.POP
        BLOCK = self.BLOCK
        longest = 0
        for i in range(self.n):
            if i != who:
                c = POP[ch[i] >> sh & BLOCK]
                if c > longest:
                    longest = c
        return longest

    def cash(self, ch: tuple[int, ...], ac: int, who: int, leader: int) -> int:
        """Tricks seat ``who`` takes by cashing once on lead: top trumps, then top cards of the side suits
        that nobody who could still ruff is short in (``leader``: the seat whose side is on lead)."""
        TB = self.TB
        n = self.n
        A = self.A
        JB = self.JB
        side_shifts = self.side_shifts
        BLOCK = self.BLOCK
        POP = self.POP
        hl = ch[who]
        q = 0
        ruffers = 0  # the seats (a bit each) that could ruff (or play the free joker on) a side suit
        if TB:
            TSH = self.TSH
            lt = hl & TB
            t = ac & TB
            x = t ^ lt
            trun = POP[lt >> x.bit_length()] if x else POP[lt >> TSH]
            for i in range(n):
                if i != who and POP[ch[i] >> TSH & BLOCK] > trun:
                    ruffers |= 1 << i
            q = trun if ruffers else POP[lt >> TSH]
        elif JB:
            if hl & JB:
                q = 1
            elif ac & JB:
                # a partner keeps the joker back (it may be played only when void, and only the last card forces it)
                for i in range(n):
                    if ch[i] & JB and (A >> i & 1) != (A >> leader & 1):
                        ruffers |= 1 << i
        for sh in side_shifts:
            lb = hl >> sh & BLOCK
            if lb:
                x = (ac >> sh & BLOCK) ^ lb
                if x:
                    r = POP[lb >> x.bit_length()]
                    if r:
                        # length: once everyone else is out of the suit (no one holds more of it than the
                        # top cards), the rest of the seat's cards there win too (a ruffer is out of it as
                        # early, so the ruffers' limit below stays)
                        if self.longest_other(ch, who, sh) <= r:
                            r = POP[lb]
                else:
                    r = POP[lb]
                if ruffers:
                    for i in range(n):
                        if ruffers >> i & 1:
                            c = POP[ch[i] >> sh & BLOCK]
                            if c < r:
                                r = c
                q += r
        return q

    def quick(self, ch: tuple[int, ...], ac: int, leader: int, left: int, need: int) -> tuple[int, int]:
        """Bounds on side A's tricks from here without search (sure tricks); the costlier ones only when
        they could answer the test for ``need``."""
        TB = self.TB
        n = self.n
        A = self.A
        JB = self.JB
        misere = self.misere
        MB = self.MB
        SHIFTS = self.SHIFTS
        BLOCK = self.BLOCK
        MATES = self.MATES
        side_shifts = self.side_shifts
        POP = self.POP
        TSH = self.TSH
        lo, hi = 0, left
        if TB:
            t = ac & TB
            if t:
                at = 0
                for i in range(n):
                    if A >> i & 1:
                        at |= ch[i]
                at &= TB
                mine = t.bit_length() == at.bit_length()  # side A holds the top trump
                cut = (t ^ at if mine else at).bit_length()
                run = t >> cut << cut  # the top trumps one side holds
                # each of them wins the trick it falls on, and one seat's cards fall on different tricks
                most = 0
                for i in range(n):
                    c = POP[(ch[i] & run) >> TSH]
                    if c > most:
                        most = c
                if mine:
                    lo = most
                else:
                    hi = left - most
        elif ac & JB:
            for i in range(n):
                if ch[i] & JB:  # the free joker wins whatever trick it is played to
                    if A >> i & 1:
                        lo = 1
                    else:
                        hi = left - 1
                    break
        if misere:
            # the contractor (side A, alone) is safe when it holds no free joker and in every suit its best card
            # is below all the defenders' cards there: it never wins a trick, so it never leads again
            # (and if it is on lead now, it leads a suit a defender must follow higher)
            hb = ch[MB]
            if hi and not hb & JB:
                db = ac ^ hb
                lead_ok = leader != MB
                for sh in SHIFTS:
                    bb = hb >> sh & BLOCK
                    if bb:
                        dd = db >> sh & BLOCK
                        if dd:
                            if bb > (dd & -dd):
                                return lo, hi
                            lead_ok = True
                if lead_ok:
                    hi = 0
            return lo, hi
        # the leader cashes: top trumps, then top cards of the side suits that nobody can ruff
        # a partner's free joker is a trick more for the seat that cashes: while it cashes, the joker's
        # holder is never forced to play it (only a last card is), and whenever it is played it wins
        jh = -1
        jo = -1  # an opponent's free joker
        if not TB and ac & JB:
            for i in range(n):
                if ch[i] & JB:
                    if (A >> i & 1) == (A >> leader & 1):
                        jh = i
                    else:
                        jo = i
                    break
        q = self.cash(ch, ac, leader, leader)
        if jh >= 0 and jh != leader and q < left:
            q += 1
        # or leads a small card to a partner's top card in a side suit, and the partner cashes from there
        hl = ch[leader]
        guard = TB if TB else JB
        for j in MATES[leader]:
            hj = ch[j]
            for sh in side_shifts:
                lb = hl >> sh & BLOCK
                jb = hj >> sh & BLOCK
                if lb and jb and jb.bit_length() > (ac >> sh & BLOCK ^ jb).bit_length():
                    # safe only if no one else who could trump (or play the free joker) is void in the suit
                    safe = True
                    for i in range(n):
                        if i != leader and i != j and ch[i] & guard and not ch[i] >> sh & BLOCK:
                            safe = False
                            break
                    if safe:
                        qj = self.cash(ch, ac, j, leader)
                        if not TB:
                            # in no trumps the leader first cashes its own top cards, as many rounds of each
                            # suit as an opponent's joker can't fall on (its holder never goes void, so it
                            # discards nothing, and the entry stays safe) and the partner can follow, or
                            # discard a spare card on: one in a suit where it has no top card, not the entry
                            # suit (so it keeps every card its cash counts); the partner's top cards are in
                            # other suits than the leader's, so they all still cash after the entry
                            extra = 0
                            spare = 0
                            for s2 in side_shifts:
                                l2 = hl >> s2 & BLOCK
                                j2 = hj >> s2 & BLOCK
                                r2 = 0
                                if l2:
                                    x2 = (ac >> s2 & BLOCK) ^ l2
                                    r2 = POP[l2 >> x2.bit_length()] if x2 else POP[l2]
                                    if r2 and x2:
                                        if self.longest_other(ch, leader, s2) <= r2:  # length, as in cash()
                                            r2 = POP[l2]
                                if r2:
                                    if jo >= 0:
                                        c2 = POP[ch[jo] >> s2 & BLOCK]
                                        if c2 < r2:
                                            r2 = c2
                                    c2 = POP[j2]
                                    if c2 < r2:
                                        extra += r2 - c2
                                        r2 = c2
                                    qj += r2
                                elif j2 and s2 != sh and j2.bit_length() < ((ac >> s2 & BLOCK) ^ j2).bit_length():
                                    spare += POP[j2]
                            qj += extra if extra < spare else spare
                        if jh >= 0 and jh != j and qj < left:
                            qj += 1
                        if qj > q:
                            q = qj
                        break
        if A >> leader & 1:
            if q > lo:
                lo = q
        elif left - q < hi:
            hi = left - q
        if not TB and jh != leader and lo < need <= hi:
            # no trumps, the leader without the joker: when in every suit it can lead the top card is the other
            # side's (and a partner's joker can't fall on it), that seat wins this trick and cashes from there
            side = A >> leader & 1
            t = left - need + 1 if side else need  # the other side's tricks that would answer the test
            holders = 0
            for sh in SHIFTS:
                if hl >> sh & BLOCK:
                    top = 1 << ((ac >> sh & BLOCK).bit_length() - 1 + sh)
                    hh = 0
                    while not ch[hh] & top:
                        hh += 1
                    if (A >> hh & 1) == side or (jh >= 0 and not ch[jh] >> sh & BLOCK):
                        holders = 0
                        break
                    holders |= 1 << hh
            g = left if holders else 0
            hh = 0
            while holders:
                if holders & 1:
                    gs = self.cash(ch, ac, hh, hh)
                    if jo >= 0 and jo != hh and gs < left:
                        gs += 1
                    if gs < g:
                        g = gs
                        if g < t:
                            break
                holders >>= 1
                hh += 1
            if g >= t:
                if side:
                    hi = left - g
                else:
                    lo = g
        return lo, hi

    def boundary(self, hands: tuple[int, ...], leader: int, left: int, sl: int, need: int, tbl: int) -> bool:
        """At a trick boundary: can side A take ``need`` (1..left) of the ``left`` tricks?

        ``hands`` are in relative ranks as they were before the trick ``tbl`` (its cards) was played, and
        may still hold those cards: the search never writes a played card out of a hand (so it never boxes
        a new hand for the list), it leaves the trick's cards in and takes them out here.
        """
        BEATS = self.BEATS
        NXT = self.NXT
        A = self.A
        JB = self.JB
        n = self.n
        CLOSE1 = self.CLOSE1
        CLOSE2 = self.CLOSE2
        joker_named = self.joker_named
        table_size = self.table_size
        MAXM = self.MAXM
        equiv = self.equiv
        KILL = self.KILL
        WANTM = self.WANTM
        SHIFTS = self.SHIFTS
        BLOCK = self.BLOCK
        TB = self.TB
        MATES = self.MATES
        CM = self.CM
        LFM = self.LFM
        LBT = self.LBT
        LSB = self.LSB
        self.count += 1
        if self.count >= self.next_check:
            self.next_check = self.count + 1024
            self.check()
        nt = ~tbl
        if left == 1:  # one card each: play it out
            bt = BEATS[(hands[leader] & nt).bit_length() - 1]
            w = leader
            i = NXT[leader]
            while i != leader:
                c = hands[i] & nt
                if c & bt:
                    bt = BEATS[c.bit_length() - 1]
                    w = i
                i = NXT[i]
            return bool(A >> w & 1)
        # relative ranks: close the holes the last trick's cards left (highest first)
        t = tbl & ~JB
        ch: tuple[int, ...]
        if n == 4:
            # unrolled for three and four seats (the compiled code keeps the hands in machine words)
            h0, h1, h2, h3 = hands[0] & nt, hands[1] & nt, hands[2] & nt, hands[3] & nt
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                h0 = h0 & k1 | (h0 & k2) >> 1
                h1 = h1 & k1 | (h1 & k2) >> 1
                h2 = h2 & k1 | (h2 & k2) >> 1
                h3 = h3 & k1 | (h3 & k2) >> 1
            ch = (h0, h1, h2, h3)
            ac = h0 | h1 | h2 | h3
        elif n == 3:
            h0, h1, h2 = hands[0] & nt, hands[1] & nt, hands[2] & nt
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                h0 = h0 & k1 | (h0 & k2) >> 1
                h1 = h1 & k1 | (h1 & k2) >> 1
                h2 = h2 & k1 | (h2 & k2) >> 1
            ch = (h0, h1, h2)
            ac = h0 | h1 | h2
        else:
            hs = [h & nt for h in hands]
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                hs = [h & k1 | (h & k2) >> 1 for h in hs]
            ch = tuple(hs)
            ac = 0
            for h in hs:
                ac |= h
        jalive = ac & JB
        tt = self.parts[n + leader * 16 + sl] if jalive and joker_named else self.parts[leader]
        key = ch  # the hands, already a tuple (nothing writes to them)
        e = tt.get(key)
        table = self.tt
        gen = table.gen
        if e is not None:
            # one small int an entry (lo | hi << 4 | the best lead's code << 8): a third less memory than a tuple
            lo = e & 15
            hi = e >> 4 & 15
            code = e >> 8
            best = 0 if not code else (1 << (code - 1) if code < 128 else ~(code - 128))
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            best = 0
            lo, hi = self.quick(ch, ac, leader, left, need)
            if lo >= need or hi < need:
                if table.entries >= table_size:
                    table.clear()
                tt[key] = lo | hi << 4
                table.entries += 1
                return lo >= need
        h = ch[leader]
        maxing = bool(MAXM >> leader & 1)
        reps = h & ~(h >> 1) if equiv else h
        moves: list[int] = []
        if best and (best < 0 or reps & best):
            moves.append(best)
            if best > 0:
                reps ^= best
        else:
            kb = KILL[left * n + leader]
            if reps & kb:
                moves.append(kb)
                reps ^= kb
        jokers: list[int] = []
        if reps & JB:
            reps ^= JB
            if left == 1:  # pragma: no cover (left == 1 is played out above)
                jokers.append(JB)
            elif joker_named and sl != 15:
                jokers = [~s for s in range(4) if not sl >> s & 1 and ~s != best]
        if WANTM >> leader & 1:
            tops = 0
            for sh in SHIFTS:
                ab = ac >> sh & BLOCK
                tops |= (ab + 1) >> 1 << sh
            t = reps & tops
            if not TB:  # no trumps: cash top cards first
                while t:
                    b = t & -t
                    moves.append(b)
                    t ^= b
            m = reps & ~tops
            mt = 0
            for j in MATES[leader]:
                mt |= ch[j]
            mt &= tops
            if mt:  # a low lead to a partner's top card
                for sh in SHIFTS:
                    if mt >> sh & BLOCK:
                        x = m >> sh & BLOCK
                        if x:
                            b = (x & -x) << sh
                            moves.append(b)
                            m ^= b
            while t:  # with trumps: top cards after the low leads to a partner's (measured: x1.2 fewer nodes)
                b = t & -t
                moves.append(b)
                t ^= b
            while m:
                b = 1 << (m.bit_length() - 1)
                moves.append(b)
                m ^= b
            moves += jokers
        else:
            m = reps
            while m:
                b = m & -m
                moves.append(b)
                m ^= b
            moves += jokers
        nxt = NXT[leader]
        result = not maxing
        for mv in moves:
            if mv < 0:  # the joker led, naming suit ~mv
                b = JB
                fm = CM[~mv]
                nsl = sl | 1 << ~mv
                bt = 0
            else:
                b = mv
                x = b.bit_length() - 1
                fm = LFM[x]
                bt = LBT[x]
                nsl = sl | LSB[x]
            if self.follow(ch, nxt, 1, fm, bt, leader, left, nsl, need, b) == maxing:
                result = maxing
                best = mv
                if mv > 0:
                    KILL[left * n + leader] = mv
                break
        if result:
            lo = need
        else:
            hi = need - 1
        if e is None or table.gen != gen:  # a new entry (the table was emptied since the lookup, or it had none)
            if table.entries >= table_size:
                table.clear()
            table.entries += 1
        tt[key] = lo | hi << 4 | (best.bit_length() if best >= 0 else 127 - best) << 8
        return result

    def follow(self, ch: tuple[int, ...], i: int, cnt: int, fm: int, bt: int, wp: int, left: int, sl: int, need: int, tbl: int) -> bool:
        """Seat position ``i`` plays the ``cnt``-th card of a trick (``bt``: the cards that beat its winner so far)."""
        JB = self.JB
        mis_comp = self.mis_comp
        equiv = self.equiv
        WANTM = self.WANTM
        A = self.A
        MAXM = self.MAXM
        nm1 = self.nm1
        NXT = self.NXT
        BEATS = self.BEATS
        self.count += 1
        h = ch[i]
        if fm:
            L = h & fm
            if not L:
                L = JB if mis_comp and h & JB else h
        else:
            L = h
        if equiv:
            L &= ~(L >> 1)
        # the order to try the cards: when the seat wants its side's tricks, the cheapest winning card if
        # the other side is winning, then the cards that don't win, lowest first, then the other winners,
        # lowest first; when it wants to lose tricks, the highest card that ducks first, then the winners
        win = L & bt
        m1 = L ^ win
        m0 = 0
        up = WANTM >> i & 1
        if up and win and (A >> wp & 1) != (A >> i & 1):
            m0 = win & -win
            win ^= m0
        maxing = bool(MAXM >> i & 1)
        # the last seat of the trick settles it: its card decides who won, so test the target at once
        last = cnt == nm1
        a_wp = A >> wp & 1
        a_i = A >> i & 1
        nxt = NXT[i]
        cnt += 1
        while True:
            if m0:
                b = m0
                m0 = 0
            elif m1:
                b = m1 & -m1 if up else 1 << (m1.bit_length() - 1)
                m1 ^= b
            elif win:
                b = win & -win
                win ^= b
            else:
                break
            if last:
                k = need - (a_i if b & bt else a_wp)
                if k <= 0:
                    r = True
                elif k >= left:
                    r = False
                else:
                    r = self.boundary(ch, i if b & bt else wp, left - 1, sl, k, tbl | b)
            elif b & bt:
                r = self.follow(ch, nxt, cnt, fm, BEATS[b.bit_length() - 1], i, left, sl, need, tbl | b)
            else:
                r = self.follow(ch, nxt, cnt, fm, bt, wp, left, sl, need, tbl | b)
            if r == maxing:
                return r
        return not maxing

    def nodes(self) -> int:
        return self.count


def make_search(
    n: int,
    A: int,
    MAXB: list[bool],
    WANTS: list[bool],
    NXT: list[int],
    MATES: list[list[int]],
    BEAT: dict[int, int],
    LEAD: dict[int, tuple[int, int, int]],
    CLOSE: dict[int, tuple[int, int]],
    JB: int,
    TB: int,
    CM: list[int],
    side_shifts: tuple[int, ...],
    misere: bool,
    joker_named: bool,
    mis_comp: bool,
    equiv: bool,
    tt: Table,
    table_size: int,
    check: Callable[[], None],
    B: int,
) -> tuple[Boundary, Follow, Callable[[], int]]:
    """The search functions for one position's tables: ``(boundary, follow, nodes)``.

    ``B`` is the bits per suit block of the card layout (suit blocks at shifts 0, B, 2B, 3B).
    """
    s = _Search(
        n, A, MAXB, WANTS, NXT, MATES, BEAT, LEAD, CLOSE, JB, TB, CM, side_shifts,
        misere, joker_named, mis_comp, equiv, tt, table_size, check, B,
    )
    return s.boundary, s.follow, s.nodes
