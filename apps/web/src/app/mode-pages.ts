import type { ModeDefinition, SharedDetailProps } from '../modes/mode-definition';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * The pages of a mode that other pages render inside themselves (its routes load theirs through the
 * router, router.tsx): each downloads on first use.
 */
export interface ModePages {
  /** Its new-shipment form, inside /new-shipments/create. */
  newShipment: LazyPage<object>;
  /** Its shipment shared with the reader, inside the shared shipment page. */
  sharedDetail: LazyPage<SharedDetailProps>;
}

const made = new WeakMap<ModeDefinition, ModePages>();

/** The lazy pages of a mode, made once per mode (a page downloaded once is there for each caller). */
export function modePages(definition: ModeDefinition): ModePages {
  let pages = made.get(definition);
  if (!pages) {
    pages = {
      newShipment: lazyPage(definition.pages.newShipment),
      sharedDetail: lazyPage(definition.pages.sharedDetail),
    };
    made.set(definition, pages);
  }
  return pages;
}
