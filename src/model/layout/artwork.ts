import type { Layout } from './types';

/**
 * The catalog URLs of the images a layout draws besides the photos: overlay artwork and mask
 * (clip) images, each once. The print server, the screenshot service and the render tests fetch these.
 */
export function artworkUrls(layout: Pick<Layout, 'layers'>): string[] {
  const urls = new Set<string>();
  for (const layer of layout.layers) {
    if (layer.kind === 'overlay') urls.add(layer.url);
    if (layer.kind === 'clip' && layer.shape === 'image' && layer.url) urls.add(layer.url);
  }
  return [...urls];
}
