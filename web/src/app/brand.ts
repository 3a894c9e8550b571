import type { Brand } from '@splashboard/contract';
import { get } from './api.ts';
import { brandLoaded, type Store } from './store.ts';

/**
 * Asks for the brand the dashboard shows now (the signed-in account's, or the white-label domain's
 * when signed out) and keeps it. A failure leaves the brand as it was: the page still works in ours.
 */
export async function loadBrand(store: Store) {
  try {
    store.dispatch(brandLoaded(await get<Brand>('/a/api/v1/brand')));
  } catch {
    // The product's own look, or the last brand known, stays.
  }
}

/** The product's name, or the brand's. */
export const appNameOf = (brand: Brand) => brand.logo?.app_name || 'Splashboard';

/** The document's title and icon follow the brand. */
export function applyBrandToDocument(brand: Brand) {
  document.title = appNameOf(brand);
  const icon = brand.logo?.favicon;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"][data-brand]');
  if (icon) {
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      link.dataset.brand = '';
      document.head.appendChild(link);
    }
    link.href = icon;
  } else link?.remove();
}
