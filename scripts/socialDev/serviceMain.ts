/** The dev photo service alone (the e2e config starts it beside the shop): SOCIAL_DEV_PORT, SHOP_URL. */
import { startPhotoService } from './photoService';

const port = Number(process.env.SOCIAL_DEV_PORT ?? 8095);
const shopUrl = process.env.SHOP_URL ?? 'http://127.0.0.1:8080';
const service = await startPhotoService({ port, shopUrl });
console.info(`[social-dev] photo service on ${service.url} for ${shopUrl} (demo / demo)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void service.close().then(() => process.exit(0)));
