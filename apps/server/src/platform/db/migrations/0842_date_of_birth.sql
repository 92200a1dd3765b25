-- Age at sign-up (modules/auth with modules/protection): the declared date of birth. Sign-up
-- refuses under 18 or the country's higher minimum age (jurisdictions.min_age). Old clients
-- that send no date keep working (the column stays null for them).
alter table players
  add column date_of_birth date check (date_of_birth > date '1900-01-01');
