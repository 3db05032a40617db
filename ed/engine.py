"""The game: phases, secret entries, resolution and the end (RULES.md §2, §4, §5, §6).

``Game`` is the one mutable object of the engine.  Seats ``submit`` their
secret entries; ``resolve`` reveals them all at once, applies the rules and
returns a ``PhaseReport``.  Internally the state is kept in plain lists and
commodity indices (0 to 2 within a phase) because every computer opponent's
look-ahead and every benchmark runs through here.  ``play_out`` plays a game
to its end with a player (anything that decides from a view) in every seat,
each decision through the guard of ``ed.players``.
"""
from __future__ import annotations

import time
from types import MappingProxyType
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from . import entries as _entries
from . import players as _players
from .market import goods_move, loan_for, new_price, raw_move, units_bought, units_sold
from .production import can_fill, fill
from .report import (OVER, PURCHASING, SELLING, PhaseRecord, PhaseReport, SeatRecord,
                     SettlementLine, prices_by_month)
from .rules import (COMMODITIES, GOODS, GOOD_INDEXES, GRADE_INDEXES, LOAN_REPAY_PER_STEP, LOAN_STEP,
                    OPENING_PRICES, RAW, Rules, RuleError, Seat, month_label, name_problem)
from .view import PlayerView
from .words import and_list

#: no units of any of the three commodities
NOTHING = (0, 0, 0)
#: a prime that keeps the games of one series (a tournament, a search) apart from the next
#: series' games: the series ``seed`` plays game ``index`` with ``series_seed(seed, index)``
SERIES_STRIDE = 1_000_003


def series_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of the series started from ``seed`` (the tournament, the
    search, the learning, the calibration and the voices' measure all number games so)."""
    return seed * SERIES_STRIDE + index

def _check_names(rules: Rules, names: Sequence[str]) -> Tuple[str, ...]:
    """One distinct name per seat, each printable text on one line of 1 to 40
    characters; returns them trimmed of spaces at either end."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise RuleError("The names must be a list with one name per seat.")
    names = tuple(names)
    if len(names) != rules.players:
        raise RuleError(f"The game is for {rules.players} players but {len(names)} names were given.")
    seen = set()
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise RuleError(problem)
        folded = name.strip().casefold()
        if folded in seen:
            raise RuleError(f"Two seats are both called {name.strip()!r}; each needs its own name.")
        seen.add(folded)
    return tuple(name.strip() for name in names)


class Game:
    """One game of Executive Decision, from set-up to the final settlement.

    ``Game(rules, names, seed=None, seats=None)``: ``names`` gives one name per
    seat, in seat order; ``seats`` optionally describes each seat (``Seat``);
    ``seed`` is carried for the computer players and saves.  Raises
    ``RuleError`` for names that do not fit the rules.
    """

    def __init__(self, rules: Rules, names: Sequence[str], seed: Optional[int] = None, *,
                 seats: Optional[Sequence[Seat]] = None) -> None:
        if not isinstance(rules, Rules):
            raise RuleError("A game needs an ed.Rules.")
        if seed is not None and type(seed) is not int:
            raise RuleError(f"The seed must be a whole number or None, not {seed!r}.")
        self.rules = rules
        self.names: Tuple[str, ...] = _check_names(rules, names)
        if seats is None:
            seats = [Seat()] * rules.players
        seats = tuple(seats)
        if len(seats) != rules.players or not all(isinstance(s, Seat) for s in seats):
            raise RuleError(f"The game needs one ed.Seat for each of its {rules.players} seats.")
        self.seats: Tuple[Seat, ...] = seats
        self.seed = seed
        n = rules.players
        self._n = n
        self._recipes = tuple(rules.recipes[g] for g in GOODS)
        self._cash: List[int] = [rules.starting_cash] * n
        self._stock: List[List[int]] = [[0, 0, 0] for _ in range(n)]
        self._borrowed: List[int] = [0] * n
        self._prices: List[int] = [OPENING_PRICES[c] for c in COMMODITIES]
        self._month = 1
        self._phase = PURCHASING
        self._pending: List[Optional[_entries.Triple]] = [None] * n
        #: every resolved phase's entries, in seat order: what saves replay
        self._log: List[Tuple[_entries.Triple, ...]] = []
        self._reports: List[PhaseReport] = []

    # ----------------------------------------------------------------- reading

    @property
    def month(self) -> int:
        """The current month, from 1; stays at the last month once the game is over."""
        return self._month

    @property
    def phase(self) -> str:
        """``"purchasing"``, ``"selling"`` or ``"over"``."""
        return self._phase

    @property
    def prices(self) -> Dict[str, int]:
        """The current market price of every commodity."""
        return dict(zip(COMMODITIES, self._prices))

    @property
    def players(self) -> int:
        return self._n

    @property
    def history(self) -> Tuple[PhaseReport, ...]:
        """Every resolved phase's report, oldest first (public information)."""
        return tuple(self._reports)

    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    def _seat(self, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < self._n:
            raise RuleError(f"There is no seat {seat!r}; seats are numbered 0 to {self._n - 1}.")
        return seat

    def cash(self, seat: int) -> int:
        """The seat's cash (its final cash once the game is over)."""
        return self._cash[self._seat(seat)]

    def stock(self, seat: int) -> Dict[str, int]:
        """The seat's raw materials on hand."""
        return dict(zip(RAW, self._stock[self._seat(seat)]))

    def borrowed(self, seat: int) -> int:
        """The total the seat has borrowed under Variation I."""
        return self._borrowed[self._seat(seat)]

    def submitted(self, seat: int) -> bool:
        """Whether the seat has an entry in for the current phase."""
        return self._pending[self._seat(seat)] is not None

    def waiting_for(self) -> Tuple[int, ...]:
        """The seats that have not yet submitted for the current phase."""
        if self._phase is OVER:
            return ()
        return tuple(i for i, e in enumerate(self._pending) if e is None)

    def final_cash(self) -> List[int]:
        """RULES §5: each seat's final score.  Raises ``RuleError`` before the end."""
        if self._phase is not OVER:
            raise RuleError("The game is not over yet; final scores come after the last month.")
        return list(self._cash)

    def places(self) -> List[int]:
        """RULES §5: each seat's place, 1 for the winner; equal scores share a place."""
        scores = self.final_cash()
        return [1 + sum(other > mine for other in scores) for mine in scores]

    def price_history(self) -> List[Dict[str, int]]:
        """Market prices month by month: index 0 the opening prices, then one dict a month.

        A month whose selling is not yet resolved has only the raw materials.
        """
        return prices_by_month(self._reports)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: public information and its own unrevealed entry, a frozen
        snapshot that copies everything and shares nothing mutable."""
        seat = self._seat(seat)
        seats = range(self.players)
        over = self.is_over
        entry = None if over else self.entry(seat)
        return PlayerView(
            seat=seat, names=self.names, seats=self.seats, rules=self.rules,
            month=self.month, phase=self.phase, prices=MappingProxyType(self.prices),
            cash=tuple(self.cash(i) for i in seats),
            stock=tuple(tuple(self.stock(i)[k] for k in RAW) for i in seats),  # type: ignore[misc]
            borrowed=tuple(self.borrowed(i) for i in seats),
            submitted=(False,) * self.players if over else tuple(self.submitted(i) for i in seats),
            entry=None if entry is None else MappingProxyType(entry),
            history=self.history)

    def entry(self, seat: int) -> Optional[Dict[str, _entries.Lot]]:
        """The seat's own pending entry, or ``None``.  Secret: show it to that seat only."""
        pending = self._pending[self._seat(seat)]
        return None if pending is None else _entries.as_dict(self._phase, pending)

    # ----------------------------------------------------------------- playing

    def _previous_prices(self) -> List[int]:
        return self._prices[0:3] if self._phase is PURCHASING else self._prices[3:6]

    def check(self, seat: int, entry: Any) -> List[str]:
        """Every limit that ``entry`` would break for ``seat`` now; empty if it is legal."""
        self._seat(seat)
        if self._phase is OVER:
            return [_entries.OVER.text]
        _, problems = _entries.check(self.rules, self._phase, self._previous_prices(), entry)
        return [problem.text for problem in problems]

    def submit(self, seat: int, entry: Mapping[str, Sequence[int]]) -> None:
        """Record the seat's secret entry for the current phase, replacing an earlier one.

        Raises ``RuleError`` naming the seat and the first limit broken (the
        others follow in the same message); nothing is recorded then.
        """
        if self._phase is OVER:
            raise RuleError("The game is over; no more entries are taken.")
        if type(seat) is not int or not 0 <= seat < self._n:
            self._seat(seat)                      # raises, naming the seats there are
        phase = self._phase
        prices = self._prices[0:3] if phase is PURCHASING else self._prices[3:6]
        normal, problems = _entries.check(self.rules, phase, prices, entry)
        if problems:
            raise RuleError(f"{self.names[seat]}: " + "; ".join(p.text for p in problems) + ".")
        self._pending[seat] = normal

    def withdraw(self, seat: int) -> None:
        """Take back the seat's entry for the current phase (it must submit again)."""
        if self._phase is OVER:
            raise RuleError("The game is over; no more entries are taken.")
        self._pending[self._seat(seat)] = None

    def resolve(self) -> PhaseReport:
        """Reveal and resolve the current phase (RULES §4.1.3-6 or §4.2.3-7).

        Raises ``RuleError``, changing nothing, when a seat has not submitted
        or the game is over.  After the last month's selling phase the
        end-of-game settlement (§5) is made and the phase becomes ``"over"``.
        """
        if self._phase is OVER:
            raise RuleError("The game is over; there is nothing left to resolve.")
        pending = self._pending
        if None in pending:
            missing = [self.names[i] for i, e in enumerate(pending) if e is None]
            raise RuleError(f"The {self._phase} phase of {month_label(self._month)} cannot be "
                            f"resolved yet: {and_list(missing)} {'has' if len(missing) == 1 else 'have'} "
                            f"not submitted.")
        entries = tuple(pending)  # type: ignore[arg-type]
        if self._phase is PURCHASING:
            report = self._resolve_purchasing(entries)
            self._phase = SELLING
        else:
            report = self._resolve_selling(entries)
            if self._month == self.rules.months:
                report.settlement = self._settle()
                self._phase = OVER
            else:
                self._month += 1
                self._phase = PURCHASING
        self._log.append(entries)
        self._reports.append(report)
        self._pending = [None] * self._n
        return report

    def _resolve_purchasing(self, entries: Tuple[_entries.Triple, ...]) -> PhaseReport:
        """RULES §4.1.3-6 with Variations I and II."""
        old = tuple(self._prices[0:3])
        tx = tf = ts = 0
        for x, f, s in entries:
            tx += x.units
            tf += f.units
            ts += s.units
        totals = (tx, tf, ts)
        new = (new_price(old[0], raw_move(tx)), new_price(old[1], raw_move(tf)),
               new_price(old[2], raw_move(ts)))
        self._prices[0:3] = new
        rules = self.rules
        partial, loans = rules.partial_fills, rules.loans
        records = []
        for seat, e in enumerate(entries):
            done = [0, 0, 0]
            cost = 0
            for i in GRADE_INDEXES:
                units, bid = e[i]
                if units:
                    # RULES §4.1.4: a bid at or above the market buys every unit
                    got = units if bid >= new[i] else units_bought(units, bid, new[i], partial)
                    done[i] = got
                    cost += got * bid
            cash = self._cash[seat]
            loan, cancelled, reason = 0, False, ""
            if cost > cash:
                if loans:  # RULES §6, Variation I
                    loan = loan_for(cost - cash, LOAN_STEP)
                    self._borrowed[seat] += loan
                    cash += loan
                else:      # RULES §4.1.5: short of cash buys nothing at all
                    cancelled = True
                    reason = f"they would cost ${cost}, more than the ${cash} cash on hand"
            stock = self._stock[seat]
            if not cancelled:
                cash -= cost
                stock[0] += done[0]
                stock[1] += done[1]
                stock[2] += done[2]
            self._cash[seat] = cash
            records.append(SeatRecord(entry=e, done=tuple(done), money=0 if cancelled else cost,
                                      loan=loan, cancelled=cancelled, used=NOTHING,
                                      cash_after=cash, stock_after=tuple(stock), reason=reason))
        return PhaseReport(self._month, PURCHASING, self.names,
                           PhaseRecord(old=old, totals=totals, new=new, seats=tuple(records)))

    def _resolve_selling(self, entries: Tuple[_entries.Triple, ...]) -> PhaseReport:
        """RULES §4.2.3-7 with Variation III; over-offers neither count nor sell."""
        ra, rb, rc = self._recipes
        makeable = []
        totals = [0, 0, 0]
        for seat, e in enumerate(entries):
            a, b, c = e[0].units, e[1].units, e[2].units
            if not (a or b or c):
                makeable.append(True)
                continue
            ok = can_fill((ra[0] * a + rb[0] * b + rc[0] * c,
                           ra[1] * a + rb[1] * b + rc[1] * c,
                           ra[2] * a + rb[2] * b + rc[2] * c), self._stock[seat])
            makeable.append(ok)
            if ok:
                totals[0] += a
                totals[1] += b
                totals[2] += c
        old = tuple(self._prices[3:6])
        new = (new_price(old[0], goods_move(totals[0])), new_price(old[1], goods_move(totals[1])),
               new_price(old[2], goods_move(totals[2])))
        self._prices[3:6] = new
        partial = self.rules.partial_sales
        records = []
        for seat, e in enumerate(entries):
            stock = self._stock[seat]
            if not makeable[seat]:
                records.append(SeatRecord(
                    entry=e, done=NOTHING, money=0, loan=0, cancelled=True, used=NOTHING,
                    cash_after=self._cash[seat], stock_after=tuple(stock),
                    reason=_over_offer_reason(self.rules, e, stock)))
                continue
            done = [0, 0, 0]
            income = 0
            for i in GOOD_INDEXES:
                units, ask = e[i]
                if units:
                    # RULES §4.2.5: an ask at or below the market sells every unit
                    sold = units if ask <= new[i] else units_sold(units, ask, new[i], partial)
                    done[i] = sold
                    income += sold * ask
            a, b, c = done
            if a or b or c:
                used = fill((ra[0] * a + rb[0] * b + rc[0] * c,
                             ra[1] * a + rb[1] * b + rc[1] * c,
                             ra[2] * a + rb[2] * b + rc[2] * c), stock)
                stock[0] -= used[0]
                stock[1] -= used[1]
                stock[2] -= used[2]
            else:
                used = NOTHING
            cash = self._cash[seat] + income
            self._cash[seat] = cash
            records.append(SeatRecord(entry=e, done=(a, b, c), money=income, loan=0,
                                      cancelled=False, used=used, cash_after=cash,
                                      stock_after=tuple(stock), reason=""))
        return PhaseReport(self._month, SELLING, self.names,
                           PhaseRecord(old=old, totals=tuple(totals), new=new, seats=tuple(records)))

    def _settle(self) -> Tuple[SettlementLine, ...]:
        """RULES §5: sell raw materials to the Broker, repay loans, rank by final cash."""
        raw_prices = self._prices[0:3]
        start = self.rules.starting_cash
        before = list(self._cash)
        values, repaid = [], []
        for seat in range(self._n):
            stock = self._stock[seat]
            value = stock[0] * raw_prices[0] + stock[1] * raw_prices[1] + stock[2] * raw_prices[2]
            repay = self._borrowed[seat] // LOAN_STEP * LOAN_REPAY_PER_STEP
            values.append(value)
            repaid.append(repay)
            self._cash[seat] = before[seat] + value - repay
        finals = self._cash
        lines = []
        for seat in range(self._n):
            place = 1 + sum(other > finals[seat] for other in finals)
            lines.append(SettlementLine(seat, self.names[seat], before[seat],
                                        dict(zip(RAW, self._stock[seat])), values[seat],
                                        self._borrowed[seat], repaid[seat], finals[seat],
                                        finals[seat] - start, place))
            self._stock[seat] = [0, 0, 0]
        return tuple(lines)

    # -------------------------------------------------------------- for saves

    def log(self) -> List[Tuple[Dict[str, _entries.Lot], ...]]:
        """Every resolved phase's entries as API mappings, oldest first."""
        rows = []
        for index, entries in enumerate(self._log):
            phase = PURCHASING if index % 2 == 0 else SELLING
            rows.append(tuple(_entries.as_dict(phase, e) for e in entries))
        return rows

    def pending_entries(self) -> Dict[int, Dict[str, _entries.Lot]]:
        """The current phase's unrevealed entries by seat.  Secret: for saves only."""
        if self._phase is OVER:
            return {}
        return {seat: _entries.as_dict(self._phase, e)
                for seat, e in enumerate(self._pending) if e is not None}


def play_out(game: Game, players: Sequence[Any], *,
             times: Optional[Sequence[List[float]]] = None,
             each: Optional[Callable[[PhaseReport], None]] = None) -> Game:
    """Play ``game`` to its end with one player a seat (anything with ``decide(view)``).

    Every phase each seat's player enters from its own view, in seat order,
    then the phase is resolved.  Each decision goes through the guard
    (``ed.players.decide``): one that fails passes the phase, counted in the
    player's ``fallbacks`` and logged, and the game goes on.  ``times`` holds a
    list per seat that the seconds of each of its decisions are added to;
    ``each`` is called with every phase's report.  Returns the game, now over.
    """
    clock = time.perf_counter
    decide = _players.decide
    while not game.is_over:
        for seat, player in enumerate(players):
            view = game.view(seat)
            if times is None:
                entry = decide(player, view).entry
            else:
                started = clock()
                entry = decide(player, view).entry
                times[seat].append(clock() - started)
            game.submit(seat, entry)
        report = game.resolve()
        if each is not None:
            each(report)
    return game


def _over_offer_reason(rules: Rules, entry: _entries.Triple, stock: Sequence[int]) -> str:
    from .production import shortage
    why = shortage(rules.recipes, [pair[0] for pair in entry], stock)
    return f"the offer cannot be made from stock, so none of it counts or sells ({why})"


