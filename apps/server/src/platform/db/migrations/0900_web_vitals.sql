-- Real-user Web Vitals of the player site (issue 20): sampled page views' LCP, CLS and INP,
-- kept eight days (the back office shows the last day; the sweep deletes older rows).
-- No player id, address or URL: a route pattern and a device class only.
create table web_vitals (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  route text not null check (char_length(route) between 1 and 64),
  device text not null check (device in ('mobile', 'desktop')),
  metric text not null check (metric in ('LCP', 'CLS', 'INP')),
  value double precision not null check (value >= 0)
);

-- The last day's rows per page, and the retention sweep's range.
create index web_vitals_created_at on web_vitals (created_at);
