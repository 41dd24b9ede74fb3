/**
 * The social photo service: any OAuth 2.0 authorization-code service with PKCE whose media API
 * answers GET ?fields=id,media_url,thumbnail_url,media_type,timestamp with `data` and `paging.next`
 * (Instagram's API with Instagram Login, graph.instagram.com/me/media, has that shape).
 * Read once from the environment; unset SOCIAL_CLIENT_ID leaves the tab on 'Komt binnenkort'.
 */
export interface SocialConfig {
  /** The service's name as the customer knows it: the tab's texts and each photo's name prefix. */
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The first page of the customer's media. */
  mediaUrl: string;
  /** The user-info call (the name the tab shows). */
  userInfoUrl: string;
  clientId: string;
  /** Only the server knows it: it is sent to the token URL and nowhere else. */
  clientSecret: string;
  scope: string;
  /** Where the service sends the customer back: this shop's /api/social/callback. */
  redirectUrl: string;
  /** The origin whose window messages the editor accepts (the page that ends the login). */
  messageOrigin: string;
  /** Hosts whose media_url and thumbnail_url the server reads (the API's host and its CDN). */
  mediaHosts: string[];
  /** How the access token goes with an API call: a Bearer header, or the access_token query parameter (Instagram). */
  tokenIn: 'header' | 'query';
  /** How the token URL wants the client's credentials: form fields (Instagram) or HTTP Basic. */
  clientAuth: 'post' | 'basic';
  /** A provider call (token, user info, a media page, a photo) taking longer is given up. */
  timeoutMs: number;
  /** A photo larger than this is refused (the upload limit, 25 MB). */
  maxPhotoBytes: number;
}

const MAX_PHOTO_BYTES = 26_214_400;

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value)
    throw new Error(
      `${name} must be set when SOCIAL_CLIENT_ID is (see the README's social photo service)`,
    );
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string): string {
  const value = required(env, name);
  const parsed = new URL(value);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  return parsed.href;
}

/** SOCIAL_* from the environment; null when no service is configured. `shopUrl` is where customers reach the shop. */
export function socialConfigFromEnv(env: NodeJS.ProcessEnv, shopUrl: string): SocialConfig | null {
  if (!env.SOCIAL_CLIENT_ID?.trim()) return null;
  const mediaUrl = url(env, 'SOCIAL_MEDIA_URL');
  const shop = new URL(shopUrl);
  const hosts = (env.SOCIAL_MEDIA_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const tokenIn = env.SOCIAL_TOKEN_IN ?? 'header';
  const clientAuth = env.SOCIAL_CLIENT_AUTH ?? 'post';
  if (tokenIn !== 'header' && tokenIn !== 'query')
    throw new Error(`SOCIAL_TOKEN_IN must be header or query, got ${tokenIn}`);
  if (clientAuth !== 'post' && clientAuth !== 'basic')
    throw new Error(`SOCIAL_CLIENT_AUTH must be post or basic, got ${clientAuth}`);
  return {
    name: env.SOCIAL_NAME?.trim() || 'Instagram',
    authorizeUrl: url(env, 'SOCIAL_AUTHORIZE_URL'),
    tokenUrl: url(env, 'SOCIAL_TOKEN_URL'),
    mediaUrl,
    userInfoUrl: url(env, 'SOCIAL_USERINFO_URL'),
    clientId: required(env, 'SOCIAL_CLIENT_ID'),
    clientSecret: required(env, 'SOCIAL_CLIENT_SECRET'),
    scope: env.SOCIAL_SCOPE?.trim() ?? '',
    redirectUrl: new URL('/api/social/callback', shop).href,
    // Serialised as browsers serialise event.origin: the editor compares the two exactly.
    messageOrigin: env.SOCIAL_MESSAGE_ORIGIN?.trim()
      ? new URL(url(env, 'SOCIAL_MESSAGE_ORIGIN')).origin
      : shop.origin,
    mediaHosts: [...new Set([new URL(mediaUrl).host.toLowerCase(), ...hosts])],
    tokenIn,
    clientAuth,
    timeoutMs: Number(env.SOCIAL_TIMEOUT_MS ?? 15_000),
    maxPhotoBytes: MAX_PHOTO_BYTES,
  };
}

/** True for an http(s) URL on one of the service's media hosts: nothing else is ever fetched with a token. */
export function isServiceUrl(config: Pick<SocialConfig, 'mediaHosts'>, candidate: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return config.mediaHosts.includes(parsed.host.toLowerCase());
}

/**
 * True when `next` may continue the media list: the media API's own origin (a service may put a
 * version or the user's id in the path of its next pages, as Instagram does).
 */
export function isMediaPage(config: Pick<SocialConfig, 'mediaUrl'>, next: string): boolean {
  try {
    const candidate = new URL(next);
    return (
      candidate.origin === new URL(config.mediaUrl).origin &&
      !candidate.username &&
      !candidate.password
    );
  } catch {
    return false;
  }
}
