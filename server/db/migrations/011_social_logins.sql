-- The social photo service's login of one shop session (server/routes/social.ts): the PKCE verifier
-- and state while the customer signs in at the service, then the access token. The token lives
-- only here, never in the browser; it goes with the session (a shop sign-in, which replaces the
-- session, or the session's expiry removes it too).
CREATE TABLE social_logins (
  session_id text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  state text,
  code_verifier text,
  access_token text,
  token_expires_at timestamptz,
  -- The one-time ticket the login window sends the editor; the token serves once it is redeemed.
  ticket text,
  connected boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
