/** The shop's client registration at the local photo service (development only; the secret is public on purpose). */
export const DEV_CLIENT_ID = 'fotocollage-dev';
export const DEV_CLIENT_SECRET = 'fotocollage-dev-secret-not-for-production';
/** The scopes the spec names for the service's login. */
export const DEV_SCOPE = 'user_profile user_media';
