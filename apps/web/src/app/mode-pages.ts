import type { ModeDefinition, SharedDetailProps } from '../modes/mode-definition';
import { lazyPage, type LazyPage } from './lazy-page';

/** A mode's pages as the router renders them: each downloads on first use. */
export interface ModePages {
  list: LazyPage<{ tab: string }>;
  detail: LazyPage<object>;
  newShipment: LazyPage<object>;
  /** Its shipment shared with the reader, inside the shared shipment page. */
  sharedDetail: LazyPage<SharedDetailProps>;
}

const made = new WeakMap<ModeDefinition, ModePages>();

/**
 * The lazy pages of a mode, made once per mode (the router, /new-shipments/create and the tests'
 * preloading all get the same ones, so a page downloaded once is there for each).
 */
export function modePages(definition: ModeDefinition): ModePages {
  let pages = made.get(definition);
  if (!pages) {
    pages = {
      list: lazyPage(definition.pages.list, definition.pages.prefetchList),
      detail: lazyPage(definition.pages.detail),
      newShipment: lazyPage(definition.pages.newShipment),
      sharedDetail: lazyPage(definition.pages.sharedDetail),
    };
    made.set(definition, pages);
  }
  return pages;
}
