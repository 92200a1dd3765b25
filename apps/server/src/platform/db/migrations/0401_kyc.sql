-- Identity verification (modules/kyc). A verification is one attempt: started when the player
-- presses Verify, PENDING once the documents are in, then APPROVED or REJECTED by compliance
-- staff or by an external vendor's signed callback. The player's current state stays in
-- players.kyc_status (what the customer object and the withdrawal checks read).
create table kyc_verifications (
  id bigint generated always as identity primary key,
  public_id text not null unique check (public_id ~ '^kyc_[0-9a-f]{24}$'),
  player_id bigint not null references players (id),
  provider text not null check (provider ~ '^[a-z_]{2,32}$'),
  -- SHA-256 of the verification page's access token (the redirect carries the token itself).
  token_digest text not null unique check (token_digest ~ '^[0-9a-f]{64}$'),
  status text not null default 'started' check (status = any ('{started,PENDING,APPROVED,REJECTED,expired}'::text[])),
  document_type text check (document_type = any ('{passport,national_id,driving_licence}'::text[])),
  reason text check (length(reason) between 1 and 500),
  reviewed_by bigint references staff (id),
  vendor_reference text check (length(vendor_reference) between 1 and 128),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  submitted_at timestamptz,
  reviewed_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((status = 'REJECTED') = (reason is not null)),
  check (status = any ('{started,expired}'::text[]) or submitted_at is not null or vendor_reference is not null)
);
create index kyc_verifications_player on kyc_verifications (player_id, created_at desc);
create index kyc_verifications_queue on kyc_verifications (status, submitted_at);

-- The uploaded files: stored under DATA_DIR/kyc (outside the web root), never served publicly;
-- staff with kyc.read fetch them through the back office.
create table kyc_documents (
  id bigint generated always as identity primary key,
  verification_id bigint not null references kyc_verifications (id),
  kind text not null check (kind = any ('{document,selfie}'::text[])),
  mime text not null check (mime = any ('{image/jpeg,image/png,image/webp,application/pdf}'::text[])),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 8388608),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text not null unique check (storage_key ~ '^[0-9]{1,19}/[0-9a-f]{32}\.(jpg|png|webp|pdf)$'),
  created_at timestamptz not null default now(),
  unique (verification_id, kind)
);

-- Vendor callbacks seen, once per event id.
create table kyc_callbacks (
  id bigint generated always as identity primary key,
  provider text not null,
  event_id text not null check (length(event_id) between 1 and 128),
  outcome text not null,
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);
