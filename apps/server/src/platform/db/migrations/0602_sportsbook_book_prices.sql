-- The book's price guard (decision 0602, docs/sportsbook-feed.md "The book's price invariant").

-- Per sport, set by operators (the trading desk); a new sport starts on these defaults.
-- Prices outside [odds_min_milli, odds_max_milli] are never offered; an exhaustive market's
-- book (Σ 1/odds) never falls under 1 + margin_min_bp / 10,000; a market whose favourite's
-- fair probability reaches favourite_max_bp / 10,000 is suspended. The bounds are those of
-- PRICING_BOUNDS in sportsbook.pricing.ts.
alter table sb_sports
  add column odds_min_milli int not null default 1010
    check (odds_min_milli between 1010 and 2000 and odds_min_milli % 10 = 0),
  add column odds_max_milli int not null default 501000
    check (odds_max_milli between 2000 and 1000000 and odds_max_milli % 10 = 0),
  add column margin_min_bp int not null default 500 check (margin_min_bp between 0 and 3000),
  add column favourite_max_bp int not null default 9700
    check (favourite_max_bp between 5000 and 9990),
  add constraint sb_sports_odds_range check (odds_min_milli < odds_max_milli);

-- Why the book suspended a market on its own (null: it offers the market's prices).
alter table sb_markets
  add column book_stop text check (book_stop in ('near_certain', 'unbalanced', 'one_outcome'));

-- The price the book offers: the feed's price after the event's margin, or the trader's,
-- through the guard. Null: not offered. Markets open at deploy time get theirs when the
-- module starts (SportsbookService.repriceOpenMarkets); until then they offer nothing.
alter table sb_selections
  add column book_odds_milli int check (book_odds_milli between 1001 and 1000000);
