/** The shop's SOCIAL_* settings for the local photo service at `serviceUrl` (social:dev and the e2e config). */
export function socialDevEnv(
  serviceUrl: string,
  client: { clientId: string; clientSecret: string; scope: string },
): Record<string, string> {
  return {
    SOCIAL_NAME: 'Demo photos',
    SOCIAL_AUTHORIZE_URL: `${serviceUrl}/auth`,
    SOCIAL_TOKEN_URL: `${serviceUrl}/token`,
    SOCIAL_MEDIA_URL: `${serviceUrl}/me/media`,
    SOCIAL_USERINFO_URL: `${serviceUrl}/me`,
    SOCIAL_CLIENT_ID: client.clientId,
    SOCIAL_CLIENT_SECRET: client.clientSecret,
    SOCIAL_SCOPE: client.scope,
    // Like Instagram: the token goes as access_token, and the next links carry it (the shop strips it).
    SOCIAL_TOKEN_IN: 'query',
  };
}
