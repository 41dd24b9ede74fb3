/**
 * npm run social:dev: the shop wired to the local photo service (scripts/socialDev/photoService.ts).
 * PORT (8080) is the shop's, SOCIAL_DEV_PORT (8095) the service's; DATA_DIR as for the shop
 * (default ./data). Builds the editor first when there is no build. Prints `ready <shop url>`
 * once both answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_SCOPE, startPhotoService } from './photoService';
import { socialDevEnv } from './socialDevEnv';

const port = Number(process.env.PORT ?? 8080);
const servicePort = Number(process.env.SOCIAL_DEV_PORT ?? 8095);
const shopUrl = `http://127.0.0.1:${port}`;

if (!existsSync('dist/index.html')) {
  console.info('[social-dev] no build yet: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const service = await startPhotoService({ port: servicePort, shopUrl });
const shop = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...socialDevEnv(service.url, {
      clientId: DEV_CLIENT_ID,
      clientSecret: DEV_CLIENT_SECRET,
      scope: DEV_SCOPE,
    }),
  },
});
shop.on('exit', (code) => {
  void service.close().then(() => process.exit(code ?? 0));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shop.kill(signal));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

for (let attempt = 0; attempt < 600; attempt++) {
  if (
    (await answers(`${shopUrl}/api/ready`)) &&
    (await answers(`${service.url}/.well-known/openid-configuration`))
  ) {
    console.info(`[social-dev] sign in to the photo service as demo / demo`);
    console.info(`ready ${shopUrl}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
