-- An honest lobby (decision 0555): the catalogue no longer carries entries of studios that do
-- not exist. Installs seeded before this change hold the fictional studios' games (listed as
-- "Coming soon", never launchable); they are removed here, and so are those studios, unless the
-- operator connected one of them (an integration row) or something refers to it (a session or
-- a round), in which case it stays for the operator to manage. The seed no longer inserts them.

delete from casino_games g
 where g.provider_id in (1, 2, 3, 5, 6)
   and g.slug in (
     'northern-lights-gold', 'aurora-gems', 'frost-giants', 'polar-riches', 'aurora-blackjack',
     'aurora-european-roulette', 'fox-fortune', 'crimson-reels', 'fire-tails', 'fox-run',
     'virtual-derby', 'nebula-blackjack', 'nebula-speed-baccarat', 'comet-roulette-live',
     'star-wheel', 'cosmic-cash-drop', 'galaxy-dice-show', 'nebula-auto-roulette', 'lotus-temple',
     'jade-dragon', 'golden-koi', 'mahjong-riches', 'lotus-teen-patti', 'lotus-andar-bahar',
     'tiger-peak-treasures', 'bengal-roar', 'monsoon-gold', 'virtual-cricket-t20',
     'virtual-football-league', 'summit-climb', 'tiger-roulette', 'monkey-money-wheel')
   and not exists (select 1 from casino_provider_integrations i where i.provider_id = g.provider_id)
   and not exists (select 1 from casino_game_sessions s where s.game_id = g.id)
   and not exists (select 1 from provider_rounds r where r.game_id = g.id);

delete from game_providers p
 where p.id in (1, 2, 3, 5, 6)
   and p.name in ('Aurora Gaming', 'Red Fox Studio', 'Nebula Live', 'Lotus Play', 'Tiger Peak')
   and not exists (select 1 from casino_games g where g.provider_id = p.id)
   and not exists (select 1 from casino_provider_integrations i where i.provider_id = p.id)
   and not exists (select 1 from casino_game_sessions s where s.provider_id = p.id)
   and not exists (select 1 from provider_rounds r where r.provider_id = p.id)
   and not exists (select 1 from provider_transactions t where t.provider_id = p.id);
