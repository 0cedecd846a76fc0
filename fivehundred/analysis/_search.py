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

Boundary = Callable[[list[int], int, int, int, int, int], bool]
Follow = Callable[[list[int], int, int, int, int, int, int, int, int, int], bool]


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
    tt: dict[tuple[int, ...], int],
    table_size: int,
    check: Callable[[], None],
    B: int,
) -> tuple[Boundary, Follow, Callable[[], int]]:
    """The search functions for one position's tables: ``(boundary, follow, nodes)``.

    ``B`` is the bits per suit block of the card layout (suit blocks at shifts 0, B, 2B, 3B).
    """
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
    SHIFTS = (0, B, 2 * B, 3 * B)
    # BLK[x]: the suit block of bit position x (0 for the free joker's bit)
    BLK = [0] * NB
    for x in range(4 * B):
        BLK[x] = BLOCK << (x // B * B)
    # partition search: a search's answer comes with the cards it depended on, as a threshold mask (in each
    # suit block, every card from the lowest one that mattered up to the top of the block); the table keeps
    # the answer for every position that agrees on each hand's suit lengths (and the joker's holder) and on
    # who holds those cards.  PM: for each such length key, the masks stored under it
    PM: dict[tuple[int, ...], list[int]] = {}
    # LEN[i]: seat position i's suit lengths (5 bits a block) and the joker (bit 20), kept as cards are played
    LEN = [0] * n
    INC = [0] * NB
    for x in range(4 * B):
        INC[x] = 1 << (5 * (x // B))
    INC[4 * B] = 1 << 20
    MAXMASKS = 32  # masks kept a length key (each is one more lookup a visit)
    dep = 0  # the mask the last search returned (in its caller's relative ranks)
    qd = 0  # the mask the last sure-trick bound depended on
    R = range(n)
    nm1 = n - 1
    count = 0
    next_check = 1024
    KILL = [0] * (11 * n)

    def fill(d: int) -> int:
        """Threshold form: in each block, every bit from the lowest bit of ``d`` there to the top."""
        out = 0
        for sh in SHIFTS:
            x = d >> sh & BLOCK
            if x:
                out |= (BLOCK & -(x & -x)) << sh
        return out

    def above(x: int, sh: int) -> int:
        """The threshold mask for block ``sh`` from the top bit of block-relative ``x`` (the whole block if none)."""
        if x:
            return (BLOCK & -(1 << (x.bit_length() - 1))) << sh
        return BLOCK << sh

    def cash(ch: list[int], ac: int, who: int, leader: int) -> int:
        """Tricks seat ``who`` takes by cashing once on lead: top trumps, then top cards of the side suits
        that nobody who could still ruff is short in (``leader``: the seat whose side is on lead)."""
        nonlocal qd
        hl = ch[who]
        q = 0
        ruffers: list[int] = []
        if TB:
            lt = hl & TB
            t = ac & TB
            x = t ^ lt
            trun = (lt >> x.bit_length()).bit_count() if x else lt.bit_count()
            qd |= fill(x & -(1 << (x.bit_length() - 1))) if x else TB
            for i in R:
                if i != who and (ch[i] & TB).bit_count() > trun:
                    ruffers.append(i)
            q = trun if ruffers else lt.bit_count()
        elif JB:
            if hl & JB:
                q = 1
            elif ac & JB:
                # a partner keeps the joker back (it may be played only when void, and only the last card forces it)
                ruffers = [i for i in R if ch[i] & JB and (A >> i & 1) != (A >> leader & 1)]
        for sh in side_shifts:
            lb = hl >> sh & BLOCK
            if lb:
                x = (ac >> sh & BLOCK) ^ lb
                r = (lb >> x.bit_length()).bit_count() if x else lb.bit_count()
                qd |= above(x, sh)
                for i in ruffers:
                    c = (ch[i] >> sh & BLOCK).bit_count()
                    if c < r:
                        r = c
                q += r
        return q

    def quick(ch: list[int], ac: int, leader: int, left: int) -> tuple[int, int]:
        """Bounds on side A's tricks from here without search (sure tricks); ``qd``: the cards they depended on."""
        nonlocal qd
        qd = 0
        lo, hi = 0, left
        if TB:
            t = ac & TB
            if t:
                at = 0
                for i in R:
                    if A >> i & 1:
                        at |= ch[i]
                at &= TB
                mine = t.bit_length() == at.bit_length()  # side A holds the top trump
                cut = (t ^ at if mine else at).bit_length()
                run = t >> cut << cut  # the top trumps one side holds
                qd |= fill(1 << (cut - 1)) if cut else TB
                # each of them wins the trick it falls on, and one seat's cards fall on different tricks
                most = 0
                for h in ch:
                    c = (h & run).bit_count()
                    if c > most:
                        most = c
                if mine:
                    lo = most
                else:
                    hi = left - most
        elif ac & JB:
            for i in R:
                if ch[i] & JB:  # the free joker wins whatever trick it is played to
                    if A >> i & 1:
                        lo = 1
                    else:
                        hi = left - 1
                    break
        if misere:
            return lo, hi
        # the leader cashes: top trumps, then top cards of the side suits that nobody can ruff
        q = cash(ch, ac, leader, leader)
        # or leads a small card to a partner's top card in a side suit, and the partner cashes from there
        hl = ch[leader]
        guard = TB if TB else JB
        for j in MATES[leader]:
            hj = ch[j]
            for sh in side_shifts:
                lb = hl >> sh & BLOCK
                jb = hj >> sh & BLOCK
                if lb and jb:
                    qd |= above(ac >> sh & BLOCK ^ jb, sh)
                if lb and jb and jb.bit_length() > (ac >> sh & BLOCK ^ jb).bit_length():
                    # safe only if no one else who could trump (or play the free joker) is void in the suit
                    safe = True
                    for i in R:
                        if i != leader and i != j and ch[i] & guard and not ch[i] >> sh & BLOCK:
                            safe = False
                            break
                    if safe:
                        qj = cash(ch, ac, j, leader)
                        if qj > q:
                            q = qj
                        break
        if A >> leader & 1:
            if q > lo:
                lo = q
        elif left - q < hi:
            hi = left - q
        return lo, hi

    def up(d: int, t: int) -> int:
        """Mask ``d`` (relative ranks after the holes ``t`` were closed) in the ranks before, in threshold form."""
        while t:
            b = t & -t
            t ^= b
            x = b.bit_length() - 1
            k1 = CLOSE1[x]
            k2 = CLOSE2[x]
            d = d & k1 | (d & (k2 >> 1)) << 1
        return fill(d)

    def winner_dep(cards: int, w: int) -> int:
        """What a trick's result depended on: its winning card's rank, if it beat a card of its own suit."""
        if w == JB:
            return 0
        x = w.bit_length() - 1
        if BLK[x] & cards & ~w:
            return BLK[x] & -w
        return 0

    def boundary(hands: list[int], leader: int, left: int, sl: int, need: int, tbl: int) -> bool:
        """At a trick boundary: can side A take ``need`` (1..left) of the ``left`` tricks?

        ``hands`` are in relative ranks as they were before the trick ``tbl`` (its cards) was played.
        Sets ``dep``: the cards the answer depended on, in those ranks.
        """
        nonlocal count, next_check, dep
        count += 1
        if count >= next_check:
            next_check = count + 1024
            check()
        if left == 1:  # one card each: play it out
            w = hands[leader]
            bt = BEATS[w.bit_length() - 1]
            cards = w
            wi = leader
            i = NXT[leader]
            while i != leader:
                c = hands[i]
                cards |= c
                if c & bt:
                    bt = BEATS[c.bit_length() - 1]
                    w = c
                    wi = i
                i = NXT[i]
            dep = winner_dep(cards, w)
            return bool(A >> wi & 1)
        # relative ranks: close the holes the last trick's cards left (highest first)
        holes = tbl & ~JB
        t = holes
        if n == 4:
            h0, h1, h2, h3 = hands
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                h0 = h0 & k1 | (h0 & k2) >> 1
                h1 = h1 & k1 | (h1 & k2) >> 1
                h2 = h2 & k1 | (h2 & k2) >> 1
                h3 = h3 & k1 | (h3 & k2) >> 1
            ch = [h0, h1, h2, h3]
            ac = h0 | h1 | h2 | h3
        elif n == 3:
            h0, h1, h2 = hands
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                h0 = h0 & k1 | (h0 & k2) >> 1
                h1 = h1 & k1 | (h1 & k2) >> 1
                h2 = h2 & k1 | (h2 & k2) >> 1
            ch = [h0, h1, h2]
            ac = h0 | h1 | h2
        else:
            ch = list(hands)
            while t:
                x = t.bit_length() - 1
                t ^= 1 << x
                k1 = CLOSE1[x]
                k2 = CLOSE2[x]
                ch = [h & k1 | (h & k2) >> 1 for h in ch]
            ac = 0
            for h in ch:
                ac |= h
        jalive = ac & JB
        slk = sl if jalive and joker_named else -1
        key = (*ch, leader, slk)
        # the partition table: each hand's suit lengths (and the joker), then the holders of each stored mask's cards
        # the exact position's entry: bounds with the cards each depended on, and the best lead
        # (lo | hi << 4 | lead code << 8 | lo's cards << 16 | hi's cards << 36, the cards as enc() codes)
        ex = tt.get(key)
        if ex is not None:
            lo = ex & 15
            hi = ex >> 4 & 15
            if lo >= need:
                dep = up(dec(ex >> 16 & 0xFFFFF), holes)
                return True
            if hi < need:
                dep = up(dec(ex >> 36), holes)
                return False
            code = ex >> 8 & 255
            tlo = ex >> 16 & 0xFFFFF
            thi = ex >> 36
        else:
            code = 0
        lk = (*LEN, leader, slk)
        ms = PM.get(lk)
        if ms is not None:
            for j in range(len(ms)):
                M = ms[j]
                e = tt.get(pkey(ch, leader, slk, M))
                if e is not None:
                    if e & 15 >= need or e >> 4 < need:
                        if j:  # move it forward: the masks that match are tried first
                            ms[j] = ms[j - 1]
                            ms[j - 1] = M
                        dep = up(M, holes)
                        return e & 15 >= need
        if ex is None:
            lo, hi = quick(ch, ac, leader, left)
            tlo = thi = enc(qd)
            if lo >= need or hi < need:
                M = qd
                if len(tt) >= table_size:
                    tt.clear()
                    PM.clear()
                tt[key] = lo | hi << 4 | tlo << 16 | thi << 36
                k2key = pkey(ch, leader, slk, M)
                e = tt.get(k2key)
                if e is not None:
                    if e & 15 > lo:
                        lo = e & 15
                    if e >> 4 < hi:
                        hi = e >> 4
                tt[k2key] = lo | hi << 4
                ms = PM.get(lk)
                if ms is None:
                    PM[lk] = [M]
                elif M not in ms and len(ms) < MAXMASKS:
                    ms.append(M)
                dep = up(M, holes)
                return lo >= need
        best = 0 if not code else (1 << (code - 1) if code < 128 else ~(code - 128))
        h = ch[leader]
        maxing = MAXB[leader]
        reps = h & ~(h >> 1) if equiv else h
        moves: list[int] = []
        if best and (best < 0 or reps & best):
            moves.append(best)
            if best > 0:
                reps ^= best
        else:
            best = 0
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
        if WANTS[leader]:
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
        D = 0
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
            ch[leader] = h ^ b
            g = LEN[leader]
            LEN[leader] = g - INC[b.bit_length() - 1]
            r = follow(ch, nxt, 1, fm, bt, leader, left, nsl, need, b)
            LEN[leader] = g
            if r == maxing:
                result = maxing
                best = mv
                if mv > 0:
                    KILL[left * n + leader] = mv
                D = dep
                break
            D |= dep
        ch[leader] = h
        if result != maxing and equiv:
            # every move failed, and only the top card of each run of touching cards was tried: the answer
            # holds for the cards below it only where they are still the leader's touching cards
            D = run_dep(D, h)
        if len(tt) >= table_size:
            tt.clear()
            PM.clear()
        if result:
            lo = need
            tlo = enc(D)
        else:
            hi = need - 1
            thi = enc(D)
        tt[key] = lo | hi << 4 | (best.bit_length() if best >= 0 else 127 - best) << 8 | tlo << 16 | thi << 36
        k2key = pkey(ch, leader, slk, D)
        e = tt.get(k2key)
        lo, hi = (need, left) if result else (0, need - 1)
        if e is not None:
            if e & 15 > lo:
                lo = e & 15
            if e >> 4 < hi:
                hi = e >> 4
        tt[k2key] = lo | hi << 4
        ms = PM.get(lk)
        if ms is None:
            PM[lk] = [D]
        elif D not in ms and len(ms) < MAXMASKS:
            ms.append(D)
        dep = up(D, holes)
        return result

    def run_dep(D: int, h: int) -> int:
        """``D`` (threshold form) lowered in each block through the run of touching cards of ``h`` at its threshold.

        Only each run's top card was tried: a card below it in the run answers alike only while it still
        touches it, so where the top card mattered the whole run does."""
        for sh in SHIFTS:
            x = D >> sh & BLOCK
            if x:
                t = x & -x
                f = h >> sh & BLOCK
                if t & f and t >> 1 & f:
                    t >>= 1
                    while t >> 1 & f:
                        t >>= 1
                    D |= (BLOCK & -t) << sh
        return D

    def enc(D: int) -> int:
        """A threshold mask in 20 bits: each block's lowest bit's index (``B``: none)."""
        t = 0
        k = 0
        for sh in SHIFTS:
            x = D >> sh & BLOCK
            t |= ((x & -x).bit_length() - 1 if x else B) << k
            k += 5
        return t

    def dec(t: int) -> int:
        D = 0
        for sh in SHIFTS:
            i = t & 31
            t >>= 5
            if i < B:
                D |= (BLOCK & -(1 << i)) << sh
        return D

    def pkey(ch: list[int], leader: int, slk: int, M: int) -> tuple[int, ...]:
        """A partition-table key: the seats' suit lengths, the leader, the joker's suits, ``M``, who holds ``M``'s cards."""
        if n == 4:
            return (LEN[0], LEN[1], LEN[2], LEN[3], leader, slk, M, ch[0] & M, ch[1] & M, ch[2] & M)
        if n == 3:
            return (LEN[0], LEN[1], LEN[2], leader, slk, M, ch[0] & M, ch[1] & M)
        return (*LEN, leader, slk, M, *[h & M for h in ch[:nm1]])

    def follow(ch: list[int], i: int, cnt: int, fm: int, bt: int, wp: int, left: int, sl: int, need: int, tbl: int) -> bool:
        """Seat position ``i`` plays the ``cnt``-th card of a trick (``bt``: the cards that beat its winner so far).

        Sets ``dep``: the cards the answer depended on (in this trick's relative ranks).
        """
        nonlocal count, dep
        count += 1
        h = ch[i]
        if fm:
            L = h & fm
            if not L:
                L = JB if mis_comp and h & JB else h
        else:
            L = h
        full = L
        if equiv:
            L &= ~(L >> 1)
        # the order to try the cards: when the seat wants its side's tricks, the cheapest winning card if
        # the other side is winning, then the cards that don't win, lowest first, then the other winners,
        # lowest first; when it wants to lose tricks, the highest card that ducks first, then the winners
        win = L & bt
        m1 = L ^ win
        m0 = 0
        up_ = WANTS[i]
        if up_ and win and (A >> wp & 1) != (A >> i & 1):
            m0 = win & -win
            win ^= m0
        maxing = MAXB[i]
        # the last seat of the trick settles it: its card decides who won, so test the target at once
        last = cnt == nm1
        a_wp = A >> wp & 1
        a_i = A >> i & 1
        nxt = NXT[i]
        cnt += 1
        wcard = 0
        if last:  # the card winning so far: the free joker, else the highest trump, else the highest card led
            if tbl & JB:
                wcard = JB
            else:
                t = tbl & TB if TB and tbl & TB else tbl & fm
                wcard = 1 << (t.bit_length() - 1)
        D = 0
        g = LEN[i]
        while True:
            if m0:
                b = m0
                m0 = 0
            elif m1:
                b = m1 & -m1 if up_ else 1 << (m1.bit_length() - 1)
                m1 ^= b
            elif win:
                b = win & -win
                win ^= b
            else:
                break
            ch[i] = h ^ b
            LEN[i] = g - INC[b.bit_length() - 1]
            if last:
                k = need - (a_i if b & bt else a_wp)
                if k <= 0:
                    r = True
                    d = 0
                elif k >= left:
                    r = False
                    d = 0
                else:
                    r = boundary(ch, i if b & bt else wp, left - 1, sl, k, tbl | b)
                    d = dep
                d |= winner_dep(tbl | b, b if b & bt else wcard)
            elif b & bt:
                r = follow(ch, nxt, cnt, fm, BEATS[b.bit_length() - 1], i, left, sl, need, tbl | b)
                d = dep
            else:
                r = follow(ch, nxt, cnt, fm, bt, wp, left, sl, need, tbl | b)
                d = dep
            if r == maxing:
                ch[i] = h
                LEN[i] = g
                dep = d
                return r
            D |= d
        ch[i] = h
        LEN[i] = g
        dep = run_dep(D, full) if equiv else D
        return not maxing

    def set_lengths(hands: list[int]) -> None:
        for i in R:
            h = hands[i]
            g = 0
            while h:
                b = h & -h
                h ^= b
                g += INC[b.bit_length() - 1]
            LEN[i] = g

    def root_boundary(hands: list[int], leader: int, left: int, sl: int, need: int, tbl: int) -> bool:
        set_lengths(hands)
        return boundary(hands, leader, left, sl, need, tbl)

    def root_follow(ch: list[int], i: int, cnt: int, fm: int, bt: int, wp: int, left: int, sl: int, need: int, tbl: int) -> bool:
        set_lengths(ch)
        return follow(ch, i, cnt, fm, bt, wp, left, sl, need, tbl)

    def nodes() -> int:
        return count

    return root_boundary, root_follow, nodes
