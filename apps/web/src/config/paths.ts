/**
 * Every URL of the spec's route table (§2) that belongs to no one tracking mode, written once. The
 * router, the menu and the site-type switcher read them from here, and a mode's from its definition
 * (`ModeDefinition.paths`, src/modes/<mode>/paths.ts), so that a renamed path cannot drift between them.
 */

/**
 * The word a tracking mode goes by in URLs (/shipment-history/ground/…) and in the site-type
 * switcher's stored choice (spec §4): "ground" for the express mode. Code speaks of
 * the mode itself (`TrackingMode`); each mode's definition names its word, and src/modes/registry.ts
 * turns one into the other (`isSiteType` tells a known word from any other string).
 */
export type SiteType = string;

export const paths = {
  home: '/',
  // Each mode's own pages (its dashboard, lists, new-shipment and detail pages) are its definition's
  // `paths`, in its folder (src/modes/<mode>/paths.ts); what stands here belongs to no one mode.
  newShipments: {
    create: '/new-shipments/create',
  },
  shipmentHistory: {
    tracking: (type: SiteType) => `/shipment-history/${type}/tracking-history`,
    shared: (type: SiteType) => `/shipment-history/${type}/shared-history`,
    sharedDetails: (type: SiteType, overallId: string) =>
      `/shipment-history/${type}/shared-history/details/${encodeURIComponent(overallId)}`,
  },
  notifications: '/notifications/all',
  exceptions: '/exceptions',
  settings: {
    profile: '/settings/profile',
    notification: '/settings/notification',
    billing: '/settings/billing',
  },
  pricing: '/payment/pricing-table',
  workspaceSettings: {
    members: '/workspace-settings/members',
    overview: '/workspace-settings/overview',
    api: '/workspace-settings/api',
    apiReference: '/workspace-settings/api/reference',
    webhooksGuide: '/workspace-settings/api/webhooks',
    alerts: '/workspace-settings/alerts',
    freeTime: '/workspace-settings/free-time',
    carrierConnections: '/workspace-settings/carrier-connections',
    companies: '/workspace-settings/companies',
    customFields: '/workspace-settings/custom-fields',
    emailIntake: '/workspace-settings/email-intake',
  },
  auth: {
    signIn: '/auth/sign-in',
    signUp: '/auth/sign-up',
    verifyEmail: '/auth/verify-email',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
  },
  legal: '/legal',
  expiredLink: '/expiredLink',
  share: '/share',
} as const;

/** Paths under /auth use the split layout and are the only ones a visitor may see (spec §2). */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}
