import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSellerFile } from '@/modules/seller-file/parse-file';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { DemoSeller } from './demo-types';

/**
 * The two demo sellers are seller files (decision 0041): sellers/demo-museum.yaml ("Museum of
 * Light & Time", USD, New York) and sellers/harbour-aquarium.yaml ("Harbour Aquarium", GBP,
 * London), their pictures in sellers/images/. Read once per process.
 */
const FILES = ['demo-museum.yaml', 'harbour-aquarium.yaml'];

export const DEMO_SELLERS: DemoSeller[] = FILES.map((name) => {
  const path = fileURLToPath(new URL(`./sellers/${name}`, import.meta.url));
  const file = parseSellerFile(readFileSync(path, 'utf8'), path);
  return {
    slug: file.seller.slug,
    name: file.seller.name,
    currency: file.seller.currency,
    timezone: file.seller.timezone,
    file,
    path,
    members: DEMO_ACCOUNTS[file.seller.slug] ?? [],
  };
});
